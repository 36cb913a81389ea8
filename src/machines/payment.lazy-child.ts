/**
 * Issue 30 point 6: a child of the payment flow whose code loads when the flow reaches it (payment.children.ts). Only
 * /payment imports this module (src/routes/payment.page.tsx): /draft never runs such a child.
 */
import { type AnyStateMachine, fromPromise } from 'xstate';
import type { Provided } from './payment.children';

/**
 * A child whose code `load` imports: `code` loads it (the flow's loading state invokes it), `logic` is the child (the
 * flow invokes it once `code` is done) and runs the loaded logic. Invoked before its code is loaded, it fails with its
 * name rather than wait forever. `load` (the same load, once) starts it early (login and register: when the page is
 * idle) or before a saved snapshot that carries the child is restored (issue 21); it gives the loaded logic.
 */
export function lazyChild<TMachine extends AnyStateMachine, TLoaded extends Provided<TMachine> = Provided<TMachine>>(
  name: string,
  load: () => Promise<TLoaded>,
) {
  let loaded: TLoaded | null = null;
  let loading: Promise<TLoaded> | null = null;
  const real = () => {
    if (loaded === null) throw new Error(`The code of ${name} has not loaded.`);
    return loaded;
  };
  const loadOnce = (): Promise<TLoaded> => {
    // A failed load is not kept: the retry imports again.
    loading ??= load().then(
      (logic) => {
        loaded = logic;
        return logic;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const code = fromPromise<void>(async () => {
    await loadOnce();
  });
  const logic: Provided<TMachine> = {
    transition: (snapshot, event, scope) => real().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => real().getInitialSnapshot(scope, input),
    start: (snapshot, scope) => real().start?.(snapshot, scope),
    getPersistedSnapshot: (snapshot, options) => real().getPersistedSnapshot(snapshot, options),
    restoreSnapshot: (persisted, scope) => {
      const child = real();
      if (child.restoreSnapshot === undefined) throw new Error(`${name} cannot be restored.`);
      return child.restoreSnapshot(persisted, scope);
    },
  };
  return { code, logic, load: loadOnce };
}

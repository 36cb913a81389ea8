import { type AnyActorLogic, type AnyStateMachine, type AnyStateNode, fromPromise } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * Every actor a machine can invoke or spawn is replaced by a promise stub. In the traversal machine the stubs never
 * settle; in the machine run and the UI run a path's `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step
 * settles the stub of the running invocation with that id, so the machine takes its real onDone/onError transition
 * (including the output's effect on guards and context) exactly as it would after a server answer.
 */

export interface InvokeInfo {
  id: string;
  src: string;
  stateId: string;
}

export interface Invocation {
  id: string;
  src: string;
  input: unknown;
  status: 'pending' | 'resolved' | 'rejected' | 'stopped';
}

export function invokesOf(machine: AnyStateMachine): InvokeInfo[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) =>
    node.invoke.map((invoke) => {
      const src = typeof invoke.src === 'string' ? invoke.src : '(inline)';
      if (src.startsWith('xstate.invoke.') || src === '(inline)') {
        // provide() cannot replace inline logic, so the harness could not stub it: the real call would run.
        throw new Error(
          `Invoke "${invoke.id}" in state "${node.id}" uses inline actor logic. Name the actor in setup({ actors }) and ` +
            `refer to it by name (design.md §4) so tests can replace it.`,
        );
      }
      return { id: invoke.id, src, stateId: node.id };
    }),
  );
}

function actorNames(machine: AnyStateMachine): string[] {
  const named = Object.keys(machine.implementations.actors ?? {});
  const invoked = invokesOf(machine).map((invoke) => invoke.src);
  return [...new Set([...named, ...invoked])];
}

export function provideActors(machine: AnyStateMachine, makeLogic: (src: string) => AnyActorLogic): AnyStateMachine {
  const actors = Object.fromEntries(actorNames(machine).map((src) => [src, makeLogic(src)]));
  return machine.provide({ actors });
}

/** What the graph is traversed with: an actor that can never answer by itself. */
export const silentLogic = (): AnyActorLogic => fromPromise(() => new Promise<never>(() => {}));

interface Pending {
  invocation: Invocation;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Controllable stand-ins for a machine's actors during one path run; also the record of every call made. */
export class StubActors {
  readonly invocations: Invocation[] = [];
  /** Invoke ids that waited twice at once (a parent's and a child machine's): their answers could not be told apart. */
  readonly clashes: string[] = [];
  private readonly pending = new Map<string, Pending>();

  /** The stand-in for actor `src`, in this machine or in a child machine that runs for real. */
  logicFor(src: string): AnyActorLogic {
    return fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise((resolve, reject) => {
          const invocation: Invocation = { id: self.id, src, input, status: 'pending' };
          const call: Pending = { invocation, resolve, reject };
          this.invocations.push(invocation);
          if (this.pending.has(self.id)) this.clashes.push(self.id);
          this.pending.set(self.id, call);
          // Leaving the invoking state stops the actor: it can no longer answer, so a later answer must fail loudly.
          signal.addEventListener('abort', () => {
            if (this.pending.get(self.id) === call) this.pending.delete(self.id);
            if (invocation.status === 'pending') invocation.status = 'stopped';
          });
        }),
    );
  }

  isPending(id: string): boolean {
    return this.pending.has(id);
  }

  resolve(id: string, output: unknown): void {
    const call = this.take(id, 'xstate.done.actor');
    call.invocation.status = 'resolved';
    call.resolve(output);
  }

  reject(id: string, error: unknown): void {
    const call = this.take(id, 'xstate.error.actor');
    call.invocation.status = 'rejected';
    call.reject(error);
  }

  private take(id: string, kind: string): Pending {
    const call = this.pending.get(id);
    if (!call) {
      const running = [...this.pending.keys()];
      throw new Error(
        `The path delivers ${kind}.${id}, but no invoked actor "${id}" is waiting for an answer ` +
          `(waiting: ${running.length ? running.join(', ') : 'none'}). The machine did not invoke it, or it already answered.`,
      );
    }
    this.pending.delete(id);
    return call;
  }
}

/** A clock that never fires: delayed (`after`) transitions happen only when a path step delivers their event. */
export const frozenClock = {
  setTimeout: (_fn: (...args: unknown[]) => void, _ms: number): number => 0,
  clearTimeout: (_id: unknown): void => {},
};

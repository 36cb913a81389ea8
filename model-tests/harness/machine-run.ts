import { transitionKind } from './catalog.ts';
import type { Model } from './model.ts';
import { executePath, type PathRunResult, type RunMode, recipientOf } from './path-runner.ts';
import type { ModelPath } from './paths.ts';

/** How long a stubbed answer may take to reach the machine: promise settlement is a few microtasks, never a timer. */
const MICROTASK_BUDGET = 200;

/** Delivers a path step to the machine itself; invoked actors answer through their stubs, not through raw events. */
export const machineMode: RunMode = {
  kind: 'machine',
  async perform(step, { actor, stubs, model }) {
    const { type } = step.event;
    switch (transitionKind(type)) {
      case 'done.actor':
        stubs.resolve(type.slice('xstate.done.actor.'.length), step.event.output);
        return;
      case 'error.actor':
        stubs.reject(type.slice('xstate.error.actor.'.length), step.event.error);
        return;
      default:
        // Elapsed delays and events from non-promise children are delivered as the events they are.
        recipientOf(model, actor, step.event).send(step.event);
    }
  },
  async settle(check) {
    let lastError: unknown;
    for (let tick = 0; tick < MICROTASK_BUDGET; tick++) {
      try {
        check();
        return;
      } catch (error) {
        lastError = error;
        await Promise.resolve();
      }
    }
    throw lastError;
  },
};

/** Runs a path against the machine with stub actors and exact state assertions after every step. */
export function runPathOnMachine(model: Model, path: ModelPath): Promise<PathRunResult> {
  return executePath(model, path, machineMode);
}

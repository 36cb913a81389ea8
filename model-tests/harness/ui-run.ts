import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ActorRefFrom, AnyEventObject, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { transitionKind } from './catalog.ts';
import { checkStateKeys, type HarnessEventType, type Model, stateKeyMatches } from './model.ts';
import { executePath, type PathRunResult, type RunContext, type RunMode } from './path-runner.ts';
import type { ModelPath } from './paths.ts';
import type { Invocation } from './stub-actors.ts';

export interface DriverTools<TMachine extends AnyStateMachine> {
  user: UserEvent;
  screen: typeof screen;
  /** The flow's actor, for events no person causes (e.g. a realtime message delivered by a stubbed socket). */
  actor: ActorRefFrom<TMachine>;
}

export type DriverStep<TMachine extends AnyStateMachine, TEvent> = (
  event: TEvent,
  tools: DriverTools<TMachine>,
) => void | Promise<void>;

/**
 * One flow's page object: for every event type, what a person does to cause it (click 'Yes', type into 'Guardian
 * Email', press Enter), using the event's payload as the values to enter. Answers of invoked actors and elapsed
 * delays need no step: the harness delivers them (a step given for them replaces the harness's delivery).
 */
export type Driver<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]?: DriverStep<TMachine, Extract<EventFromLogic<TMachine>, { type: K }>>;
} & { [K in HarnessEventType]?: DriverStep<TMachine, AnyEventObject> };

export interface UiTools<TMachine extends AnyStateMachine> extends DriverTools<TMachine> {
  snapshot: SnapshotFrom<TMachine>;
  invocations: readonly Invocation[];
}

export type UiAssertion<TMachine extends AnyStateMachine> = (tools: UiTools<TMachine>) => void | Promise<void>;

export interface UiRun<TMachine extends AnyStateMachine> {
  /** Name used in failure messages, e.g. 'login driver'. */
  name?: string;
  /**
   * Mounts the flow's views bound to `actor` (a started actor of the real machine whose actors are stubs: the stub
   * API). Use @testing-library/react's `render`; the harness unmounts through the global `cleanup`.
   */
  render: (tools: { actor: ActorRefFrom<TMachine>; machine: TMachine }) => unknown;
  driver: Driver<TMachine>;
  /** What a person sees in each state (spec texts), keyed like the model's `states`; retried until it passes. */
  states?: Readonly<Record<string, UiAssertion<TMachine>>>;
  /** Longest wait for the views to reflect a step, in ms (default 1000). */
  timeout?: number;
}

/** Events the harness performs by itself in the UI run: answers of stubbed actors and elapsed delays. */
function harnessDelivers(type: string): boolean {
  const kind = transitionKind(type);
  return kind === 'done.actor' || kind === 'error.actor' || kind === 'after';
}

export function missingDriverSteps<TMachine extends AnyStateMachine>(
  driver: Driver<TMachine>,
  path: ModelPath,
): string[] {
  const steps = driver as Record<string, unknown>;
  const missing = path.steps
    .slice(1)
    .map((step) => step.event.type)
    .filter((type) => !harnessDelivers(type) && typeof steps[type] !== 'function');
  return [...new Set(missing)];
}

export function uiMode<TMachine extends AnyStateMachine>(ui: UiRun<TMachine>): RunMode {
  const name = ui.name ?? 'driver';
  const driver = ui.driver as Record<string, DriverStep<TMachine, AnyEventObject> | undefined>;
  const timeout = ui.timeout ?? 1000;
  let user: UserEvent | undefined;
  const toolsOf = (context: RunContext): DriverTools<TMachine> => {
    user ??= userEvent.setup({ delay: null });
    return { user, screen, actor: context.actor as ActorRefFrom<TMachine> };
  };
  return {
    kind: 'ui',
    precheck(path) {
      // path.test would skip these events silently and the path would "pass" without the person doing anything.
      const missing = missingDriverSteps(ui.driver, path);
      if (missing.length) {
        throw new Error(
          `The ${name} has no step for ${missing.map((type) => `"${type}"`).join(', ')}. Every event a person ` +
            'causes needs a driver step; without one the path cannot be performed in the views.',
        );
      }
    },
    async prepare(context) {
      user = userEvent.setup({ delay: null });
      await ui.render({ actor: context.actor as ActorRefFrom<TMachine>, machine: context.machine as TMachine });
    },
    async perform(step, context) {
      const { type } = step.event;
      const own = driver[type];
      if (own) {
        await own(step.event, toolsOf(context));
        return;
      }
      const { stubs, actor } = context;
      await act(async () => {
        switch (transitionKind(type)) {
          case 'done.actor':
            stubs.resolve(type.slice('xstate.done.actor.'.length), step.event.output);
            break;
          case 'error.actor':
            stubs.reject(type.slice('xstate.error.actor.'.length), step.event.error);
            break;
          default:
            // Time passing: the delayed event fires as the (frozen) clock would have fired it.
            actor.send(step.event);
        }
      });
    },
    async settle(check) {
      await waitFor(check, { timeout });
    },
    async afterStep(_step, context) {
      const snapshot = context.actor.getSnapshot() as SnapshotFrom<TMachine>;
      for (const [key, assertion] of Object.entries(ui.states ?? {})) {
        if (!stateKeyMatches(snapshot, key)) continue;
        const tools: UiTools<TMachine> = { ...toolsOf(context), snapshot, invocations: context.stubs.invocations };
        await waitFor(() => assertion(tools), { timeout });
      }
    },
  };
}

/** Runs a path through the rendered views: each event performed by the driver, answers from the stub API. */
export async function runPathInUi<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  path: ModelPath,
  ui: UiRun<TMachine>,
): Promise<PathRunResult> {
  checkStateKeys(model.catalog, Object.keys(ui.states ?? {}), `UI run of "${model.name}"`);
  return executePath(model as unknown as Model, path, uiMode(ui));
}

import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import type {
  ActorRefFrom,
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  SnapshotFrom,
} from 'xstate';
import { transitionKind } from './catalog.ts';
import { CATALOGUE_UNCHECKED, stringsOf, textsNotInPseudoLocale, textsOutsideCatalogue } from './catalogue-check.ts';
import { checkStateKeys, type HarnessEventType, type Model, type ModelCore, stateKeyMatches } from './model.ts';
import { executePath, type PathRunResult, type RunContext, type RunMode, recipientOf } from './path-runner.ts';
import type { ModelPath } from './paths.ts';
import { inPseudoLocale } from './pseudo-locale.ts';
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

/** How a person works a machine's views: its driver and what each state shows. */
export interface Views<TMachine extends AnyStateMachine> {
  /** Name used in failure messages, e.g. 'login driver'. */
  name?: string;
  driver: Driver<TMachine>;
  /** What a person sees in each state (spec texts), keyed like the model's `states`; retried until it passes. */
  states?: Readonly<Record<string, UiAssertion<TMachine>>>;
  /**
   * The views of child machines that run for real (the model's `children`), by invoke id: the flow's views render
   * them while the child runs; events routed to the child are performed by its driver, its states checked on its
   * snapshot. A child's standalone UI run (its own model test) fits here as it is.
   */
  children?: Readonly<Record<string, Views<AnyStateMachine>>>;
}

export interface UiRun<TMachine extends AnyStateMachine> extends Views<TMachine> {
  /**
   * Mounts the flow's views bound to `actor` (a started actor of the real machine whose actors are stubs: the stub
   * API). Use @testing-library/react's `render`; the harness unmounts through the global `cleanup`.
   */
  render: (tools: { actor: ActorRefFrom<TMachine>; machine: TMachine }) => unknown;
  /** Longest wait for the views to reflect a step, in ms (default 1000). */
  timeout?: number;
  /** Values `render` gives the views besides the flow's own (a white-label brand): data a screen shows as it is. */
  data?: readonly string[];
}

type AnyDriver = Record<string, DriverStep<AnyStateMachine, AnyEventObject> | undefined>;

/** The views that perform an event the model routes along `route` (invoke ids, outermost first). */
function viewsAlong(views: Views<AnyStateMachine>, route: readonly string[]): Views<AnyStateMachine> | undefined {
  let current: Views<AnyStateMachine> | undefined = views;
  for (const id of route) current = current?.children?.[id];
  return current;
}

/** Events the harness performs by itself in the UI run: answers of stubbed actors and elapsed delays. */
function harnessDelivers(type: string): boolean {
  const kind = transitionKind(type);
  return kind === 'done.actor' || kind === 'error.actor' || kind === 'after';
}

/**
 * Event types of the path no driver step performs. With a model whose children run for real, pass the views (with
 * their children's) and the model: each event is looked up in the driver of the machine that takes it.
 */
export function missingDriverSteps<TMachine extends AnyStateMachine>(
  driver: Driver<TMachine> | Views<TMachine>,
  path: ModelPath,
  model?: ModelCore,
): string[] {
  const views = ('driver' in driver ? driver : { driver }) as Views<AnyStateMachine>;
  const missing = path.steps.slice(1).flatMap((step, index) => {
    const type = step.event.type;
    if (harnessDelivers(type)) return [];
    const before = path.steps[index]?.state as AnyMachineSnapshot | undefined;
    const route = (model && before && model.route(before, step.event)) || [];
    const steps = viewsAlong(views, route)?.driver as Record<string, unknown> | undefined;
    return typeof steps?.[type] === 'function' ? [] : [route.length ? `${route.join('.')}: ${type}` : type];
  });
  return [...new Set(missing)];
}

export function uiMode<TMachine extends AnyStateMachine>(ui: UiRun<TMachine>, model?: ModelCore): RunMode {
  const name = ui.name ?? 'driver';
  const views = ui as unknown as Views<AnyStateMachine>;
  const timeout = ui.timeout ?? 1000;
  let user: UserEvent | undefined;
  // No hover before each click and no pointer-events check up the ancestors: the site handles no hover and sets no
  // pointer-events, so both only cost time (happy-dom's getComputedStyle on every ancestor: ~15 % of the UI runs).
  const setUpUser = () =>
    userEvent.setup({ delay: null, skipHover: true, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const toolsOf = (actor: AnyActorRef): DriverTools<AnyStateMachine> => {
    user ??= setUpUser();
    return { user, screen, actor };
  };
  /** Every running machine with its views: the root, then its real children that have views, depth first. */
  const withViews = (context: RunContext) => {
    const found: Array<{ actor: AnyActorRef; views: Views<AnyStateMachine> }> = [];
    const visit = (actor: AnyActorRef, current: Views<AnyStateMachine>) => {
      found.push({ actor, views: current });
      const children = (actor.getSnapshot() as AnyMachineSnapshot).children as Record<string, AnyActorRef>;
      for (const [id, childViews] of Object.entries(current.children ?? {})) {
        const child = children[id];
        if (child && (child.getSnapshot() as AnyMachineSnapshot).status === 'active') visit(child, childViews);
      }
    };
    visit(context.actor, views);
    return found;
  };
  return {
    kind: 'ui',
    precheck(path) {
      // path.test would skip these events silently and the path would "pass" without the person doing anything.
      const missing = missingDriverSteps(views, path, model);
      if (missing.length) {
        throw new Error(
          `The ${name} has no step for ${missing.map((type) => `"${type}"`).join(', ')}. Every event a person ` +
            'causes needs a driver step; without one the path cannot be performed in the views.',
        );
      }
    },
    async prepare(context) {
      user = setUpUser();
      await ui.render({ actor: context.actor as ActorRefFrom<TMachine>, machine: context.machine as TMachine });
    },
    async perform(step, context) {
      const { type } = step.event;
      const route = context.model.route(context.actor.getSnapshot() as AnyMachineSnapshot, step.event) ?? [];
      const own = (viewsAlong(views, route)?.driver as AnyDriver | undefined)?.[type];
      if (own) {
        await own(step.event, toolsOf(recipientOf(context.model, context.actor, step.event)));
        return;
      }
      const { stubs, actor, model: stepModel } = context;
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
            recipientOf(stepModel, actor, step.event).send(step.event);
        }
      });
    },
    async settle(check) {
      await waitFor(check, { timeout });
    },
    async afterStep(_step, context) {
      for (const { actor, views: current } of withViews(context)) {
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        for (const [key, assertion] of Object.entries(current.states ?? {})) {
          if (!stateKeyMatches(snapshot, key)) continue;
          const tools: UiTools<AnyStateMachine> = {
            ...toolsOf(actor),
            snapshot: snapshot as SnapshotFrom<AnyStateMachine>,
            invocations: context.stubs.invocations,
          };
          await waitFor(() => assertion(tools), { timeout });
        }
      }
      if (CATALOGUE_UNCHECKED.has(context.model.name)) return;
      const running = withViews(context);
      const data = flowData(context, running, ui.data);
      checkCatalogueTexts(context, data);
      await checkScreenInPseudoLocale(context, running, data);
    },
  };
}

/** The flow's data a screen may show as it is: strings of its machines' context, its events and the stub API's inputs. */
function flowData(
  context: RunContext,
  running: ReadonlyArray<{ actor: AnyActorRef }>,
  given: readonly string[] = [],
): Set<string> {
  const data = new Set<string>(given);
  for (const { actor } of running) stringsOf((actor.getSnapshot() as AnyMachineSnapshot).context, data);
  stringsOf(
    context.path.steps.map((step) => step.event),
    data,
  );
  stringsOf(
    context.stubs.invocations.map((invocation) => invocation.input),
    data,
  );
  return data;
}

function failOutside(context: RunContext, outside: readonly string[], where: string): void {
  if (outside.length === 0) return;
  const state = JSON.stringify((context.actor.getSnapshot() as AnyMachineSnapshot).value);
  throw new Error(
    `Texts outside the message catalogue in ${state}${where}: ${outside.map((text) => JSON.stringify(text)).join(', ')}`,
  );
}

/** Issue 31 point 5: the page shows no text that is neither the catalogue's nor the flow's data. */
function checkCatalogueTexts(context: RunContext, data: ReadonlySet<string>): void {
  failOutside(context, textsOutsideCatalogue(document.body, data), '');
}

/** The screens of this test file already rendered in the pseudo-locale: each is checked the first time a path shows it. */
const screensInPseudoLocale = new Set<string>();

/** A new test file starts (the model project's setup file): its screens are checked in the pseudo-locale afresh. */
export function forgetScreensInPseudoLocale(): void {
  screensInPseudoLocale.clear();
}

/**
 * Issue 31 point 5, in a pseudo-locale: each screen the paths reach (the states of the flow and its running children)
 * is rendered once in it, through the product's language switch, and must show no ASCII word but the flow's data.
 */
async function checkScreenInPseudoLocale(
  context: RunContext,
  running: ReadonlyArray<{ actor: AnyActorRef }>,
  data: ReadonlySet<string>,
): Promise<void> {
  const screenKey = JSON.stringify([
    context.model.name,
    ...running.map(({ actor }) => (actor.getSnapshot() as AnyMachineSnapshot).value),
  ]);
  if (screensInPseudoLocale.has(screenKey)) return;
  screensInPseudoLocale.add(screenKey);
  const outside = await inPseudoLocale(() => textsNotInPseudoLocale(document.body, data));
  failOutside(context, outside, ' (rendered in the pseudo-locale)');
}

/** Throws for child views of a child the model does not run, or states no such child has. */
function checkChildViews(model: ModelCore, views: Views<AnyStateMachine>, owner: string): void {
  for (const [id, childViews] of Object.entries(views.children ?? {})) {
    const child = model.children.get(id);
    if (!child) throw new Error(`${owner}: views for child "${id}", which the model does not run (children).`);
    checkStateKeys(child.catalog, Object.keys(childViews.states ?? {}), `${owner}, child "${id}"`);
    checkChildViews(child, childViews, `${owner}, child "${id}"`);
  }
}

/** Runs a path through the rendered views: each event performed by the driver, answers from the stub API. */
export async function runPathInUi<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  path: ModelPath,
  ui: UiRun<TMachine>,
): Promise<PathRunResult> {
  checkStateKeys(model.catalog, Object.keys(ui.states ?? {}), `UI run of "${model.name}"`);
  checkChildViews(model, ui as unknown as Views<AnyStateMachine>, `UI run of "${model.name}"`);
  return executePath(model as unknown as Model, path, uiMode(ui, model));
}

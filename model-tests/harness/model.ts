import type {
  ActorLogic,
  AnyActorLogic,
  AnyActorRef,
  AnyActorScope,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  ContextFrom,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { catalogMachine, type MachineCatalog, transitionIndex, transitionKind } from './catalog.ts';
import { type Invocation, type InvokeInfo, invokesOf, provideActors, silentLogic } from './stub-actors.ts';

/** Event types the harness knows how to deliver without a person: answers of invoked actors, elapsed delays. */
export type HarnessEventType =
  | `xstate.done.actor.${string}`
  | `xstate.error.actor.${string}`
  | `xstate.snapshot.${string}`
  | `xstate.after.${string}`;

export type VariantSource<TMachine extends AnyStateMachine, TEvent> =
  | readonly TEvent[]
  | ((snapshot: SnapshotFrom<TMachine>) => readonly TEvent[]);

/**
 * Payload variants per event type: one per guard branch the payload decides. Types without variants are sent as
 * `{ type }`. Answers of invoked actors are listed under `xstate.done.actor.<id>` / `xstate.error.actor.<id>` (build
 * them with `doneEvent` / `errorEvent`).
 */
export type EventVariants<TMachine extends AnyStateMachine> = {
  [K in EventFromLogic<TMachine>['type']]?: VariantSource<TMachine, Extract<EventFromLogic<TMachine>, { type: K }>>;
} & { [K in HarnessEventType]?: VariantSource<TMachine, AnyEventObject> };

export interface RunInfo {
  kind: 'machine' | 'ui';
  /** Every call the machine made to its (stubbed) actors so far in this path, with the input it passed. */
  invocations: readonly Invocation[];
  /** Every event the flow's machine emitted so far in this path (`emit`, e.g. the wizard's `step`), oldest first. */
  emitted: readonly AnyEventObject[];
}

export type StateAssertion<TMachine extends AnyStateMachine> = (
  snapshot: SnapshotFrom<TMachine>,
  run: RunInfo,
) => void | Promise<void>;

export interface ModelConfig<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /** Report name; defaults to the machine's id. */
  name?: string;
  events?: EventVariants<TMachine> | ((snapshot: SnapshotFrom<TMachine>) => readonly AnyEventObject[]);
  /**
   * Context keys that distinguish states in the graph. List every key a guard reads; without them two snapshots
   * in the same state value but on different branches collapse into one and a branch is never explored.
   */
  context?: ReadonlyArray<keyof ContextFrom<TMachine> & string>;
  /** Replaces the default serialisation (state value + the `context` keys). */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  input?: InputFrom<TMachine>;
  /** Named inputs; paths are generated from each. Use when guards read input (URL parameters). */
  inputs?: Readonly<Record<string, InputFrom<TMachine>>>;
  /** Actions, guards or delays to replace in every run (actors are always replaced by stubs). */
  implementations?: Omit<Parameters<TMachine['provide']>[0], 'actors'>;
  /**
   * Assertions on the machine snapshot, keyed by state (`'guardianLogin.invalid'`, or `'#login.welcome'` by id);
   * every key the snapshot matches runs after each step, in the machine run and in the UI run.
   */
  states?: Readonly<Record<string, StateAssertion<TMachine>>>;
  /**
   * Upper bound on traversal steps (snapshot × event pairs explored); a serialised context key that grows without
   * bound would otherwise hang path generation. Default 20 000.
   */
  traversalLimit?: number;
  /**
   * Invoked child machines that run for real, by invoke id, each described by its own model (a sub-flow used by
   * several machines, like the athlete steps of login and register). Paths go through the child: its events (what a
   * person does in its views) and the answers its calls get come from its model, are delivered to the child, and the
   * child's state is part of the graph; its output and snapshots reach this machine as xstate delivers them. The
   * child's own actors are stubbed like this machine's. Coverage counts this machine only; the child has its own
   * model test.
   */
  children?: Readonly<Record<string, ModelCore>>;
}

export interface ModelInput {
  name: string;
  input: unknown;
}

/** An assertion of this model or of a child model, with the snapshot (this machine's or the child's) it checks. */
export interface ScopedAssertion {
  key: string;
  snapshot: AnyMachineSnapshot;
  assertion: (snapshot: AnyMachineSnapshot, run: RunInfo) => void | Promise<void>;
}

/** What a model is to the harness, whatever its machine: also what a parent model needs of a child model. */
export interface ModelCore {
  readonly name: string;
  readonly machine: AnyStateMachine;
  readonly catalog: MachineCatalog;
  /** Child models by invoke id (ModelConfig.children). */
  readonly children: ReadonlyMap<string, ModelCore>;
  serialize(snapshot: AnyMachineSnapshot): string;
  /** Events to explore from a snapshot: this machine's, and those of its running child machines. */
  eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[];
  /**
   * Who takes `event`: `[]` this machine, `['athleteSteps']` its running child of that invoke id (deeper children
   * follow), null nobody. The innermost machine that takes it wins, as the child's views send to the child.
   */
  route(snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] | null;
  /** Ids of the transitions the taking machine takes for `event` (catalog ids of that machine). */
  takenBy(snapshot: AnyMachineSnapshot, event: AnyEventObject): string[];
  /** The machine with the model's implementations and every actor replaced by `makeLogic(src)`, children kept real. */
  withActors(makeLogic: (src: string) => AnyActorLogic): AnyStateMachine;
  /** Pure transition of the traversal graph, the child machines' steps included. */
  transition(snapshot: AnyMachineSnapshot, event: AnyEventObject, scope: AnyActorScope): AnyMachineSnapshot;
  /** Brings child machines a transition created into the graph (their first snapshot reaches this machine). */
  settle(snapshot: AnyMachineSnapshot, scope: AnyActorScope): AnyMachineSnapshot;
  /** Every assertion that applies, this model's and (with the child's snapshot) its running children's. */
  assertionsWithin(snapshot: AnyMachineSnapshot): ScopedAssertion[];
}

export interface Model<TMachine extends AnyStateMachine = AnyStateMachine> extends ModelCore {
  readonly machine: TMachine;
  readonly config: ModelConfig<TMachine>;
  readonly invokes: readonly InvokeInfo[];
  readonly inputs: readonly ModelInput[];
  /** The machine with the model's implementations, before actors are stubbed. */
  readonly runnable: AnyStateMachine;
  assertionsFor(snapshot: AnyMachineSnapshot): Array<[string, StateAssertion<TMachine>]>;
  testModel(input: ModelInput): TestModel<AnyMachineSnapshot, AnyEventObject, unknown>;
}

export function doneEvent<TOutput>(invokeId: string, output: TOutput) {
  return { type: `xstate.done.actor.${invokeId}` as const, output };
}

export function errorEvent<TError>(invokeId: string, error: TError) {
  return { type: `xstate.error.actor.${invokeId}` as const, error };
}

/** JSON that keeps Error details (plain JSON.stringify turns every Error into `{}`, merging distinct variants). */
export function serializeValue(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item instanceof Error
        ? { name: item.name, message: item.message, ...Object.fromEntries(Object.entries(item)) }
        : item,
    ) ?? 'undefined'
  );
}

function brief(value: unknown, max = 80): string {
  const text = serializeValue(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Payload key of the guard outcomes a structural path (model-tests/harness/structural-model.ts) forces; never part of
 * a real event, and left out when an event is described in words.
 */
export const FORCED_GUARDS_KEY = '@guards';

/** One event in words: `SUBMIT {"email":"a@b.c"}`, `login answers {"id":1}`, `login fails {...}`, `after 1000`. */
export function describeEvent(event: AnyEventObject): string {
  const { type, [FORCED_GUARDS_KEY]: _forced, ...payload } = event;
  // Structural paths (paths:to without a model) carry no answers: the call simply answers or fails.
  const answer = (key: 'output' | 'error') => (key in payload ? ` ${brief(payload[key])}` : '');
  switch (transitionKind(type)) {
    case 'done.actor':
      return `${type.slice('xstate.done.actor.'.length)} answers${answer('output')}`;
    case 'error.actor':
      return `${type.slice('xstate.error.actor.'.length)} fails${answer('error')}`;
    case 'after':
      return `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
    default:
      return Object.keys(payload).length ? `${type} ${brief(payload)}` : type;
  }
}

function ownDescriptors(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))];
}

function matchesDescriptor(descriptor: string, type: string): boolean {
  if (descriptor === '*') return true;
  if (descriptor.endsWith('.*')) return type.startsWith(descriptor.slice(0, -1));
  return descriptor === type;
}

function isEnabled(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  return (snapshot.machine.getTransitionData(snapshot, event) ?? []).length > 0;
}

/** The snapshot of a running child machine (a graph node's stand-in ref or a live actor's). */
function childSnapshotOf(snapshot: AnyMachineSnapshot, id: string): AnyMachineSnapshot | null {
  const ref = (snapshot.children as Record<string, AnyActorRef | undefined>)[id];
  const child = ref?.getSnapshot() as AnyMachineSnapshot | undefined;
  return child && child.status === 'active' ? child : null;
}

/**
 * Graph nodes carry a child machine's snapshot in a stand-in for the child's ref: the unstarted ref the parent's
 * transition created (its id, its logic), answering `getSnapshot()` with the child's snapshot at that node. A pure
 * traversal never starts actors, so the child's steps are computed here and kept in these stand-ins.
 */
const standIns = new WeakMap<AnyActorRef, AnyActorRef>();

function standIn(ref: AnyActorRef, snapshot: AnyMachineSnapshot): AnyActorRef {
  const base = standIns.get(ref) ?? ref;
  const substitute: AnyActorRef = Object.create(base, { getSnapshot: { value: () => snapshot } });
  standIns.set(substitute, base);
  return substitute;
}

function withChild(snapshot: AnyMachineSnapshot, id: string, child: AnyMachineSnapshot): AnyMachineSnapshot {
  const ref = (snapshot.children as Record<string, AnyActorRef>)[id];
  if (!ref) throw new Error(`No child "${id}" to update.`);
  return { ...snapshot, children: { ...snapshot.children, [id]: standIn(ref, child) } };
}

/** Whether the state invoking `id` has onSnapshot: only then does xstate relay the child's snapshots to it. */
function relaysSnapshots(snapshot: AnyMachineSnapshot, id: string): boolean {
  return snapshot._nodes.some((node) => node.invoke.some((invoke) => invoke.id === id && invoke.onSnapshot));
}

const CHILD_EVENT = /^xstate\.(done\.actor|error\.actor|snapshot)\.(.+)$/;

export function stateKeyMatches(snapshot: AnyMachineSnapshot, key: string): boolean {
  if (key.startsWith('#')) return snapshot._nodes.some((node) => node.id === key.slice(1));
  return snapshot.matches(key);
}

/** Throws for a state key (`'a.b'` or `'#id'`) that names no state: its assertion would silently never run. */
export function checkStateKeys(catalog: MachineCatalog, keys: readonly string[], owner: string): void {
  for (const key of keys) {
    const exists = key.startsWith('#')
      ? catalog.states.some((state) => state.id === key.slice(1))
      : catalog.states.some((state) => state.path === key);
    if (!exists) throw new Error(`${owner}: state assertion "${key}" names no state of the machine.`);
  }
}

function validate<TMachine extends AnyStateMachine>(
  config: ModelConfig<TMachine>,
  catalog: MachineCatalog,
  invokes: readonly InvokeInfo[],
): void {
  const machine = config.machine;
  for (const [id, child] of Object.entries(config.children ?? {})) {
    const invoke = invokes.find((candidate) => candidate.id === id);
    if (!invoke) throw new Error(`Model "${machine.id}": child model for "${id}", which no invoke of the machine has.`);
    const logic = (machine.implementations.actors as Record<string, unknown>)[invoke.src];
    if ((logic as { id?: unknown } | undefined)?.id !== child.machine.id) {
      throw new Error(
        `Model "${machine.id}": invoke "${id}" runs actor "${invoke.src}", not machine "${child.machine.id}".`,
      );
    }
  }
  for (const type of Object.keys(config.events && typeof config.events !== 'function' ? config.events : {})) {
    const answered = CHILD_EVENT.exec(type)?.[2];
    if (answered && config.children?.[answered]) {
      throw new Error(
        `Model "${machine.id}": "${type}" comes from the child machine "${answered}", not from variants.`,
      );
    }
  }
  checkStateKeys(catalog, Object.keys(config.states ?? {}), `Model "${machine.id}"`);
  if (config.events && typeof config.events !== 'function') {
    const descriptors = new Set(catalog.transitions.map((t) => t.eventType));
    for (const type of Object.keys(config.events)) {
      const handled = [...descriptors].some((descriptor) => descriptor !== '' && matchesDescriptor(descriptor, type));
      if (!handled)
        throw new Error(`Model "${machine.id}": event variants for "${type}", which no transition handles.`);
    }
  }
  if (config.input !== undefined && config.inputs !== undefined) {
    throw new Error(`Model "${machine.id}": give either input or inputs, not both.`);
  }
}

/** Describes a machine for path generation, the two runs and coverage. Throws on names that match nothing. */
export function defineModel<TMachine extends AnyStateMachine>(config: ModelConfig<TMachine>): Model<TMachine> {
  const { machine } = config;
  const catalog = catalogMachine(machine);
  const invokes = invokesOf(machine);
  validate(config, catalog, invokes);
  const children = new Map(Object.entries(config.children ?? {}));
  const childSrc = new Map(
    [...children.keys()].map((id) => [invokes.find((invoke) => invoke.id === id)?.src ?? id, id] as const),
  );
  const runnable = config.implementations ? machine.provide(config.implementations) : machine;
  const withActors = (makeLogic: (src: string) => AnyActorLogic): AnyStateMachine =>
    provideActors(runnable, (src) => {
      const id = childSrc.get(src);
      const child = id === undefined ? undefined : children.get(id);
      return child ? child.withActors(makeLogic) : makeLogic(src);
    });
  const traversable = withActors(silentLogic);
  const contextKeys = config.context ?? [];
  const inputs: ModelInput[] = config.inputs
    ? Object.entries(config.inputs).map(([name, input]) => ({ name, input }))
    : [{ name: 'default', input: config.input }];

  const running = (snapshot: AnyMachineSnapshot): Array<[string, ModelCore, AnyMachineSnapshot]> =>
    [...children].flatMap(([id, child]) => {
      const childSnapshot = childSnapshotOf(snapshot, id);
      return childSnapshot ? [[id, child, childSnapshot] as [string, ModelCore, AnyMachineSnapshot]] : [];
    });

  const serializeOwn = (snapshot: AnyMachineSnapshot): string => {
    if (config.serializeState) return config.serializeState(snapshot as SnapshotFrom<TMachine>);
    const context = snapshot.context as Record<string, unknown>;
    const picked = Object.fromEntries(contextKeys.map((key) => [key, context[key]]));
    return serializeValue({ value: snapshot.value, context: picked });
  };
  const serialize = (snapshot: AnyMachineSnapshot): string => {
    const inner = running(snapshot).map(([id, child, childSnapshot]) => `${id}: ${child.serialize(childSnapshot)}`);
    return inner.length ? `${serializeOwn(snapshot)} ⟨${inner.join('; ')}⟩` : serializeOwn(snapshot);
  };

  const route = (snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] | null => {
    for (const [id, child, childSnapshot] of running(snapshot)) {
      const inner = child.route(childSnapshot, event);
      if (inner) return [id, ...inner];
    }
    return isEnabled(snapshot, event) ? [] : null;
  };

  const takenBy = (snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] => {
    for (const [, child, childSnapshot] of running(snapshot)) {
      if (child.route(childSnapshot, event)) return child.takenBy(childSnapshot, event);
    }
    const index = transitionIndex(snapshot.machine);
    return snapshot.machine.getTransitionData(snapshot, event).map((definition) => index.get(definition)?.id ?? '?');
  };

  const variantsFor = (snapshot: AnyMachineSnapshot, descriptor: string): AnyEventObject[] => {
    const source = config.events;
    if (typeof source === 'function') {
      return source(snapshot as SnapshotFrom<TMachine>).filter((event) => matchesDescriptor(descriptor, event.type));
    }
    const record = (source ?? {}) as Record<string, VariantSource<TMachine, AnyEventObject> | undefined>;
    return Object.entries(record).flatMap(([type, variants]) => {
      if (!variants || !matchesDescriptor(descriptor, type)) return [];
      return typeof variants === 'function' ? [...variants(snapshot as SnapshotFrom<TMachine>)] : [...variants];
    });
  };

  const eventsFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    // A finished (or failed) actor ignores every event, though machine.transition() would still compute one.
    if (snapshot.status !== 'active') return [];
    const events = new Map<string, AnyEventObject>();
    for (const [, child, childSnapshot] of running(snapshot)) {
      for (const event of child.eventsFor(childSnapshot)) events.set(serializeValue(event), event);
    }
    for (const descriptor of ownDescriptors(snapshot)) {
      // Raised by the machine itself when a child region finishes; never sent from outside.
      if (descriptor.startsWith('xstate.done.state.')) continue;
      // A real child's output, failure and snapshots come from the child itself.
      const from = CHILD_EVENT.exec(descriptor)?.[2];
      if (from !== undefined && children.has(from)) continue;
      const variants = variantsFor(snapshot, descriptor);
      const wildcard = descriptor.includes('*');
      for (const event of variants.length || wildcard ? variants : [{ type: descriptor }]) {
        const key = serializeValue(event);
        if (!events.has(key) && route(snapshot, event)?.length === 0) events.set(key, event);
      }
    }
    return [...events.values()];
  };

  /** How a child's new snapshot reaches this machine: its output when done, its failure, or (onSnapshot) itself. */
  const afterChild = (
    snapshot: AnyMachineSnapshot,
    id: string,
    child: AnyMachineSnapshot,
    scope: AnyActorScope,
  ): AnyMachineSnapshot => {
    const updated = withChild(snapshot, id, child);
    if (child.status === 'done') {
      return settle(
        updated.machine.transition(updated, { type: `xstate.done.actor.${id}`, output: child.output }, scope),
        scope,
      );
    }
    if (child.status === 'error') {
      return settle(
        updated.machine.transition(updated, { type: `xstate.error.actor.${id}`, error: child.error }, scope),
        scope,
      );
    }
    if (!relaysSnapshots(updated, id)) return updated;
    return settle(
      updated.machine.transition(updated, { type: `xstate.snapshot.${id}`, snapshot: child }, scope),
      scope,
    );
  };

  /** A child the last transition invoked starts: its first snapshot (or output) reaches this machine, as on start. */
  const settle = (snapshot: AnyMachineSnapshot, scope: AnyActorScope): AnyMachineSnapshot => {
    for (const [id, child] of children) {
      const ref = (snapshot.children as Record<string, AnyActorRef | undefined>)[id];
      if (!ref || standIns.has(ref)) continue;
      const first = child.settle(ref.getSnapshot() as AnyMachineSnapshot, scope);
      return afterChild(snapshot, id, first, scope);
    }
    return snapshot;
  };

  const transition = (snapshot: AnyMachineSnapshot, event: AnyEventObject, scope: AnyActorScope) => {
    const id = route(snapshot, event)?.[0];
    const child = id === undefined ? undefined : children.get(id);
    const childSnapshot = id === undefined ? null : childSnapshotOf(snapshot, id);
    if (id !== undefined && child && childSnapshot) {
      return afterChild(snapshot, id, child.transition(childSnapshot, event, scope), scope);
    }
    return settle(snapshot.machine.transition(snapshot, event, scope), scope);
  };

  // Path generation walks this logic: the machine's own transitions, with its real children stepped alongside.
  const graphLogic: Pick<
    ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>,
    'transition' | 'getInitialSnapshot'
  > = {
    transition,
    getInitialSnapshot: (scope, input) => settle(traversable.getInitialSnapshot(scope, input), scope),
  };

  const assertionsFor = (snapshot: AnyMachineSnapshot) =>
    Object.entries(config.states ?? {}).filter(([key]) => stateKeyMatches(snapshot, key)) as Array<
      [string, StateAssertion<TMachine>]
    >;

  const assertionsWithin = (snapshot: AnyMachineSnapshot): ScopedAssertion[] => [
    ...assertionsFor(snapshot).map(([key, assertion]) => ({
      key,
      snapshot,
      assertion: assertion as ScopedAssertion['assertion'],
    })),
    ...running(snapshot).flatMap(([, child, childSnapshot]) => child.assertionsWithin(childSnapshot)),
  ];

  const testModels = new Map<string, TestModel<AnyMachineSnapshot, AnyEventObject, unknown>>();
  const testModel = (input: ModelInput) => {
    let model = testModels.get(input.name);
    if (!model) {
      // createTestModel refuses machines with invoke/after; TestModel takes any logic with our own event source.
      model = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(graphLogic as typeof traversable, {
        input: input.input,
        events: eventsFor,
        serializeState: serialize,
        serializeEvent: serializeValue,
        limit: config.traversalLimit ?? 20_000,
        stateMatcher: stateKeyMatches,
      });
      testModels.set(input.name, model);
    }
    return model;
  };

  return {
    name: config.name ?? machine.id,
    machine,
    config,
    catalog,
    children,
    invokes,
    inputs,
    runnable,
    serialize,
    eventsFor,
    route,
    takenBy,
    withActors,
    transition,
    settle,
    assertionsFor,
    assertionsWithin,
    testModel,
  };
}

import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  ContextFrom,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { catalogMachine, type MachineCatalog, transitionKind } from './catalog.ts';
import { type Invocation, type InvokeInfo, invokesOf, withSilentActors } from './stub-actors.ts';

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
}

export interface ModelInput {
  name: string;
  input: unknown;
}

export interface Model<TMachine extends AnyStateMachine = AnyStateMachine> {
  readonly name: string;
  readonly machine: TMachine;
  readonly config: ModelConfig<TMachine>;
  readonly catalog: MachineCatalog;
  readonly invokes: readonly InvokeInfo[];
  readonly inputs: readonly ModelInput[];
  /** The machine with the model's implementations, before actors are stubbed. */
  readonly runnable: AnyStateMachine;
  serialize(snapshot: AnyMachineSnapshot): string;
  eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[];
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

function validate<TMachine extends AnyStateMachine>(config: ModelConfig<TMachine>, catalog: MachineCatalog): void {
  const machine = config.machine;
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
  validate(config, catalog);
  const invokes = invokesOf(machine);
  const runnable = config.implementations ? machine.provide(config.implementations) : machine;
  const traversable = withSilentActors(runnable);
  const contextKeys = config.context ?? [];
  const inputs: ModelInput[] = config.inputs
    ? Object.entries(config.inputs).map(([name, input]) => ({ name, input }))
    : [{ name: 'default', input: config.input }];

  const serialize = (snapshot: AnyMachineSnapshot): string => {
    if (config.serializeState) return config.serializeState(snapshot as SnapshotFrom<TMachine>);
    const context = snapshot.context as Record<string, unknown>;
    const picked = Object.fromEntries(contextKeys.map((key) => [key, context[key]]));
    return serializeValue({ value: snapshot.value, context: picked });
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
    for (const descriptor of ownDescriptors(snapshot)) {
      // Raised by the machine itself when a child region finishes; never sent from outside.
      if (descriptor.startsWith('xstate.done.state.')) continue;
      const variants = variantsFor(snapshot, descriptor);
      const wildcard = descriptor.includes('*');
      for (const event of variants.length || wildcard ? variants : [{ type: descriptor }]) {
        if (isEnabled(snapshot, event)) events.set(serializeValue(event), event);
      }
    }
    return [...events.values()];
  };

  const testModels = new Map<string, TestModel<AnyMachineSnapshot, AnyEventObject, unknown>>();
  const testModel = (input: ModelInput) => {
    let model = testModels.get(input.name);
    if (!model) {
      // createTestModel refuses machines with invoke/after; TestModel takes any logic with our own event source.
      model = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(traversable, {
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
    invokes,
    inputs,
    runnable,
    serialize,
    eventsFor,
    assertionsFor: (snapshot) =>
      Object.entries(config.states ?? {}).filter(([key]) => stateKeyMatches(snapshot, key)) as Array<
        [string, StateAssertion<TMachine>]
      >,
    testModel,
  };
}

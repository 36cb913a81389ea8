import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createMachine,
  getInitialMicrosteps,
  getMicrosteps,
} from 'xstate';
import { transitionIndex } from './catalog.ts';
import { defineModel, FORCED_GUARDS_KEY, type Model, serializeValue } from './model.ts';

/**
 * A model of a machine built from its definition alone, for `npm run paths:to` when the flow's model (event
 * variants, invoke answers, inputs) lives inside a test file and cannot be imported. Guards are not evaluated:
 * every event is tried with each combination of outcomes of the guards it consults (carried in the event under
 * `@guards`), named actions do nothing, invoked calls answer or fail without data, and states are told apart by
 * their value only.
 *
 * Limits: a path may combine guard outcomes that no real data produces (e.g. `isCoach` then `!isCoach` on the
 * same user); context is not tracked; inline guards (not allowed in product machines) run for real; a machine
 * whose context needs a particular input cannot start without its model.
 */

type Valuation = Readonly<Record<string, boolean>>;

function guardKey(name: string, params: unknown): string {
  return params === undefined ? name : `${name}(${JSON.stringify(params)})`;
}

function forcedValuation(event: unknown): Valuation | undefined {
  const holder = event as { [FORCED_GUARDS_KEY]?: Valuation; input?: { [FORCED_GUARDS_KEY]?: Valuation } } | undefined;
  return holder?.[FORCED_GUARDS_KEY] ?? holder?.input?.[FORCED_GUARDS_KEY];
}

type Config = Record<string, unknown>;

/** A function of the config that may throw on the data a structural path lacks: it answers `fallback` instead. */
function tolerant(fn: unknown, fallback: unknown): unknown {
  if (typeof fn !== 'function') return fn;
  return (...args: unknown[]) => {
    try {
      return (fn as (...a: unknown[]) => unknown)(...args);
    } catch {
      return fallback;
    }
  };
}

function tolerantConfig(config: Config, isRoot: boolean): Config {
  const copy: Config = { ...config };
  // Invoke inputs, outputs and the context factory read context a structural path never filled in.
  if (isRoot) copy.context = tolerant(config.context, {});
  if ('output' in config) copy.output = tolerant(config.output, undefined);
  if (config.invoke !== undefined) {
    const wrap = (invoke: unknown) =>
      typeof invoke === 'object' && invoke !== null
        ? { ...(invoke as Config), input: tolerant((invoke as Config).input, undefined) }
        : invoke;
    copy.invoke = Array.isArray(config.invoke) ? config.invoke.map(wrap) : wrap(config.invoke);
  }
  if (typeof config.states === 'object' && config.states !== null) {
    copy.states = Object.fromEntries(
      Object.entries(config.states as Record<string, Config>).map(([key, child]) => [
        key,
        tolerantConfig(child, false),
      ]),
    );
  }
  return copy;
}

/** The same machine (same structure, ids and implementations) whose config functions cannot throw. */
function tolerantMachine(machine: AnyStateMachine): AnyStateMachine {
  const rebuilt = createMachine(tolerantConfig(machine.config as Config, true) as Parameters<typeof createMachine>[0]);
  return rebuilt.provide(
    machine.implementations as Parameters<typeof rebuilt.provide>[0],
  ) as unknown as AnyStateMachine;
}

/** The machine with every named guard answering from the event's valuation and every named action a no-op. */
function forcedMachine(machine: AnyStateMachine, queried: { keys: string[] | null }): AnyStateMachine {
  const guards = Object.fromEntries(
    Object.keys(machine.implementations.guards ?? {}).map((name) => [
      name,
      ({ event }: { event: unknown }, params: unknown) => {
        const key = guardKey(name, params);
        if (queried.keys && !queried.keys.includes(key)) queried.keys.push(key);
        return forcedValuation(event)?.[key] === true;
      },
    ]),
  );
  const actions = Object.fromEntries(
    Object.keys(machine.implementations.actions ?? {}).map((name) => [name, () => {}]),
  );
  return machine.provide({ guards, actions });
}

/**
 * The ways a step can go: runs it with every consulted guard false, then, for each consulted guard in turn, with
 * that guard true (and the ones consulted before it false), recursively. `run` returns the step's outcome (the
 * transitions taken and the states passed); valuations with an outcome already seen are dropped, so only guards
 * that change the step multiply the paths. Each returned valuation lists the guards it sets true.
 */
function valuationsOf(run: (valuation: Valuation) => string, queried: { keys: string[] | null }): Valuation[] {
  const leaves = new Map<string, Valuation>();
  const pending: Array<Record<string, boolean>> = [{}];
  let runs = 0;
  while (pending.length && runs < 512) {
    const valuation = pending.shift() ?? {};
    runs++;
    queried.keys = [];
    let outcome: string | null = null;
    try {
      outcome = run(valuation);
    } catch {
      outcome = null;
    }
    const asked = queried.keys;
    queried.keys = null;
    if (outcome === null || leaves.has(outcome)) continue;
    leaves.set(outcome, Object.fromEntries(Object.entries(valuation).filter(([, value]) => value)));
    const free = asked.filter((key) => !(key in valuation));
    free.forEach((key, index) => {
      const next: Record<string, boolean> = { ...valuation, [key]: true };
      for (const earlier of free.slice(0, index)) next[earlier] = false;
      pending.push(next);
    });
  }
  return [...leaves.values()];
}

function ownDescriptors(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))].filter(
    (descriptor) => !descriptor.startsWith('xstate.done.state.') && !descriptor.includes('*'),
  );
}

function withValuation(type: string, valuation: Valuation): AnyEventObject {
  return Object.keys(valuation).length ? { type, [FORCED_GUARDS_KEY]: valuation } : { type };
}

export function structuralModel(machine: AnyStateMachine): Model {
  const queried: { keys: string[] | null } = { keys: null };
  const forced = forcedMachine(tolerantMachine(machine), queried);

  const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    // The traversal runs a copy of `forced` (actors stubbed): ask the snapshot's own machine.
    const logic = snapshot.machine;
    const index = transitionIndex(logic);
    const outcome = (event: AnyEventObject): string => {
      const taken = logic.getTransitionData(snapshot, event).map((definition) => index.get(definition)?.id ?? '?');
      if (!taken.length) return 'none';
      const passed = getMicrosteps(logic, snapshot, event).map(([next]) => serializeValue(next.value));
      return `${taken.join('|')}=>${passed.join('>')}`;
    };
    const found: AnyEventObject[] = [];
    for (const type of ownDescriptors(snapshot)) {
      for (const valuation of valuationsOf((v) => outcome(withValuation(type, v)), queried)) {
        const event = withValuation(type, valuation);
        if (outcome(event) !== 'none') found.push(event);
      }
    }
    return found;
  };

  const inputs: Record<string, unknown> = {};
  const start = (v: Valuation) =>
    getInitialMicrosteps(forced, { [FORCED_GUARDS_KEY]: v })
      .map(([snapshot]) => serializeValue(snapshot.value))
      .join('>');
  for (const valuation of valuationsOf(start, queried)) {
    const name = `start: ${Object.keys(valuation).length ? Object.keys(valuation).join(' & ') : 'no guard true'}`;
    inputs[name] = { [FORCED_GUARDS_KEY]: valuation };
  }
  if (!Object.keys(inputs).length) {
    throw new Error(
      `Machine "${machine.id}" cannot start without its real input. Put its model in model-tests/<flow>.model.ts ` +
        '(README: "a model importable outside vitest") so paths:to can use it.',
    );
  }

  return defineModel({
    machine: forced,
    name: machine.id,
    events,
    serializeState: (snapshot) => serializeValue({ value: snapshot.value, status: snapshot.status }),
    inputs,
  }) as unknown as Model;
}

import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import { describeEvent, type Model, type ModelInput, serializeValue, stateKeyMatches } from './model.ts';

/**
 * - `transitions` (default): for every edge of the explored graph, the shortest path to its source plus that edge,
 *   with paths that are prefixes of others dropped. Shortest paths alone reach every state but skip edges into
 *   states already reached (Back, Retry, self-loops); this strategy walks every edge at least once.
 * - `shortest`: one shortest path per distinct serialised state (xstate/graph `getShortestPaths`).
 * - `simple`: every path without a repeated state (`getSimplePaths`); grows fast, meant for one chosen `toState`.
 */
export type PathStrategy = 'transitions' | 'shortest' | 'simple';

export interface PathStep {
  event: AnyEventObject;
  /** The snapshot after `event`; the first step is `xstate.init` with the initial snapshot. */
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  /** Stable across runs: the input's name and the serialised events. */
  id: string;
  title: string;
  input: ModelInput;
  strategy: PathStrategy;
  steps: readonly PathStep[];
  /** Each event after the initial one, in words. */
  events: string[];
}

export interface PathOptions {
  strategy?: PathStrategy;
  /** Only paths ending in this state (a state key as in `states`, or a predicate); for `shortest` and `simple`. */
  toState?: string | ((snapshot: AnyMachineSnapshot) => boolean);
}

export function stateValueLabel(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value).map(([key, child]) =>
    typeof child === 'string' ? `${key}.${child}` : `${key}.${stateValueLabel(child as StateValue)}`,
  );
  return entries.length === 1 ? (entries[0] ?? '') : `{${entries.join(', ')}}`;
}

function eventKeys(steps: readonly PathStep[]): string[] {
  return steps.slice(1).map((step) => serializeValue(step.event));
}

/** Drops every path whose events are a prefix of a longer path's events (running the longer one visits it too). */
function withoutPrefixes(candidates: PathStep[][]): PathStep[][] {
  const byLength = [...candidates].sort((a, b) => b.length - a.length);
  const kept: string[][] = [];
  const keep = new Set<PathStep[]>();
  for (const steps of byLength) {
    const keys = eventKeys(steps);
    const covered = kept.some((longer) => keys.every((key, i) => longer[i] === key));
    if (!covered) {
      kept.push(keys);
      keep.add(steps);
    }
  }
  return candidates.filter((steps) => keep.has(steps));
}

function toModelPath(model: Model, input: ModelInput, strategy: PathStrategy, steps: PathStep[]): ModelPath {
  const events = steps.slice(1).map((step) => describeEvent(step.event));
  const last = steps[steps.length - 1];
  const prefix = model.inputs.length > 1 ? `[${input.name}] ` : '';
  const end = last ? stateValueLabel(last.state.value) : '?';
  return {
    id: `${input.name}|${eventKeys(steps).join('|')}`,
    title: `${prefix}${events.length ? events.join(' → ') : '(start)'} ⇒ ${end}`,
    input,
    strategy,
    steps,
    events,
  };
}

function pathsForInput(model: Model, input: ModelInput, strategy: PathStrategy, options: PathOptions): PathStep[][] {
  const testModel = model.testModel(input);
  const toState =
    typeof options.toState === 'string'
      ? (snapshot: AnyMachineSnapshot) => stateKeyMatches(snapshot, options.toState as string)
      : options.toState;
  if (strategy === 'shortest' || strategy === 'simple') {
    const generated =
      strategy === 'shortest'
        ? testModel.getShortestPaths({ allowDuplicatePaths: true, toState })
        : testModel.getSimplePaths({ allowDuplicatePaths: true, toState });
    const candidates = generated.map((path) => [...path.steps]);
    return toState ? candidates : withoutPrefixes(candidates);
  }
  if (toState) throw new Error('toState applies to the "shortest" and "simple" strategies.');
  const shortest = testModel.getShortestPaths({ allowDuplicatePaths: true });
  const toSnapshot = new Map(shortest.map((path) => [model.serialize(path.state), path]));
  const candidates: PathStep[][] = shortest.map((path) => [...path.steps]);
  const seen = new Set<string>();
  for (const [serialized, adjacency] of Object.entries(testModel.getAdjacencyMap())) {
    const head = toSnapshot.get(serialized);
    if (!head) continue;
    // The map is keyed by branded strings, which Object.values types as unknown.
    const edges = Object.values(adjacency.transitions) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>;
    for (const edge of edges) {
      // Two payload variants taking the same transition to the same serialised state add nothing: walk one.
      const taken = model.takenBy(adjacency.state, edge.event);
      const key = `${serialized}|${taken.join(',')}|${model.serialize(edge.state)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push([...head.steps, { event: edge.event, state: edge.state }]);
    }
  }
  return withoutPrefixes(candidates);
}

/** Generates the paths of a model from the machine's graph, for each of its inputs. */
export function generatePaths(model: Model, options: PathOptions = {}): ModelPath[] {
  const strategy = options.strategy ?? 'transitions';
  return model.inputs.flatMap((input) =>
    pathsForInput(model, input, strategy, options).map((steps) => toModelPath(model, input, strategy, steps)),
  );
}

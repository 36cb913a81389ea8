import type { FlowSnapshotMessage } from './flow-inspector.ts';
import type { MachineCatalog } from './machine-catalog.ts';
import type { ItemStatus } from './statechart-svg.ts';

/**
 * What the /flows page knows about flows running in other tabs, built from the messages of flowInspector: the
 * latest and previous snapshot of each flow, the event history, and which flow moved last.
 */

export interface LiveEntry extends FlowSnapshotMessage {
  /** Arrival order on this page, for stable React keys. */
  seq: number;
}

export interface LiveFlow {
  current: LiveEntry;
  previous: LiveEntry | null;
}

export interface LiveState {
  /** Oldest first, at most HISTORY_LIMIT. */
  history: LiveEntry[];
  /** By flow name (the argument of flowInspector). */
  flows: Readonly<Record<string, LiveFlow>>;
  lastActiveFlow: string | null;
  seq: number;
}

export const HISTORY_LIMIT = 100;

export const emptyLiveState: LiveState = { history: [], flows: {}, lastActiveFlow: null, seq: 0 };

export function isFlowMessage(data: unknown): data is FlowSnapshotMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<FlowSnapshotMessage>;
  return (
    message.kind === 'diamond-flows/snapshot' &&
    typeof message.flow === 'string' &&
    typeof message.machineId === 'string' &&
    typeof message.sessionId === 'string' &&
    typeof message.event === 'string' &&
    typeof message.at === 'number'
  );
}

export function liveReducer(state: LiveState, message: FlowSnapshotMessage): LiveState {
  const seq = state.seq + 1;
  const entry: LiveEntry = { ...message, seq };
  const before = state.flows[message.flow];
  // A new actor (reload, new visit) starts over: its first snapshot has no predecessor to draw a transition from.
  const previous = before && before.current.sessionId === message.sessionId ? before.current : null;
  return {
    seq,
    history: [...state.history, entry].slice(-HISTORY_LIMIT),
    flows: { ...state.flows, [message.flow]: { current: entry, previous } },
    lastActiveFlow: message.flow,
  };
}

/** `{ guardianLogin: { form: 'idle' } }` → `['guardianLogin', 'guardianLogin.form', 'guardianLogin.form.idle']`. */
export function activeStatePaths(value: unknown, prefix = ''): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') return [join(value)];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    join(key),
    ...activeStatePaths(child, join(key)),
  ]);
}

/** The leaf states in words: `guardianLogin.form.idle`, or `{a.b, c.d}` for parallel regions. */
export function stateValueText(value: unknown): string {
  const paths = activeStatePaths(value);
  const leaves = paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`)));
  return leaves.length === 1 ? (leaves[0] ?? '') : `{${leaves.join(', ')}}`;
}

function activeIds(catalog: MachineCatalog, value: unknown): Set<string> {
  const paths = new Set(activeStatePaths(value));
  return new Set(catalog.states.filter((state) => paths.has(state.path)).map((state) => state.id));
}

/**
 * Colours for the live diagram: the active states, and the transitions that explain the last step (taken on the
 * last event from a state that was active, into states that are active now, eventless hops included).
 */
export function liveStatus(
  catalog: MachineCatalog,
  flow: LiveFlow | undefined,
): { stateStatus: Record<string, ItemStatus>; transitionStatus: Record<string, ItemStatus> } {
  const stateStatus: Record<string, ItemStatus> = {};
  const transitionStatus: Record<string, ItemStatus> = {};
  if (!flow) return { stateStatus, transitionStatus };
  const now = activeIds(catalog, flow.current.value);
  for (const id of now) stateStatus[id] = 'active';
  if (!flow.previous) return { stateStatus, transitionStatus };
  const before = activeIds(catalog, flow.previous.value);
  before.add(catalog.machineId);
  now.add(catalog.machineId);
  const reachedNow = (targets: readonly string[]) => targets.every((target) => now.has(target));
  // The step's own transition(s) first, then eventless hops out of states the step passed through.
  const sources = new Set(before);
  for (const transition of catalog.transitions) {
    if (transition.eventType !== flow.current.event || !sources.has(transition.source)) continue;
    if (
      transition.targets.length &&
      !transition.targets.some((target) => now.has(target) || isTransient(catalog, target))
    )
      continue;
    transitionStatus[transition.id] = 'taken';
    for (const target of transition.targets) sources.add(target);
  }
  for (const transition of catalog.transitions) {
    if (
      transition.kind === 'always' &&
      sources.has(transition.source) &&
      !now.has(transition.source) &&
      reachedNow(transition.targets)
    )
      transitionStatus[transition.id] = 'taken';
  }
  return { stateStatus, transitionStatus };
}

/** A state left at once by an eventless transition (a routing state): a step can pass through it. */
function isTransient(catalog: MachineCatalog, stateId: string): boolean {
  return catalog.transitions.some((transition) => transition.source === stateId && transition.kind === 'always');
}

import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, UnknownAction } from 'xstate';

/**
 * A machine's own definition, flattened into the items diagrams are drawn from and coverage is measured against:
 * every state node and every transition of every state node. Ids are derived from structure only, so the same
 * machine yields the same ids in every worker, in every run, in the browser and after `machine.provide()` (which
 * rebuilds the node tree). Shared by the /flows page, `npm run flows:export` and the model-test harness, so a
 * transition id in reports/paths.json names the same edge as the diagram.
 */

export type TransitionKind =
  | 'event'
  | 'always'
  | 'after'
  | 'done.actor'
  | 'error.actor'
  | 'snapshot.actor'
  | 'done.state'
  | 'route';

export interface InvokeEntry {
  /** The invoke's id: its answers arrive as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. */
  id: string;
  /** The named actor in setup({ actors }), or `(inline)`. */
  src: string;
}

export interface StateEntry {
  /** State node id, e.g. `login.guardianLogin.invalid`. */
  id: string;
  /** Dotted path from the root, e.g. `guardianLogin.invalid`; what `snapshot.matches()` accepts. */
  path: string;
  type: AnyStateNode['type'];
  description: string | null;
  /** The parent state's id; null for top-level states (whose parent is the machine root). */
  parent?: string | null;
  /** Id of the initial child of a compound state, else null. */
  initial?: string | null;
  tags?: string[];
  entry?: string[];
  exit?: string[];
  invokes?: InvokeEntry[];
}

export interface TransitionEntry {
  /** Stable id, e.g. `login.guardianLogin --SUBMIT[isValid]--> login.loggingIn`. */
  id: string;
  source: string;
  /** The event descriptor as written in the machine; `''` for eventless (`always`) transitions. */
  eventType: string;
  kind: TransitionKind;
  /** Readable guard expression (`hasLicence`, `!isCoach`, `a && b`) or null when unguarded. */
  guard: string | null;
  /** Guards of the transitions listed before this one for the same event on the same state: all were false when this one was taken. */
  skippedGuards: string[];
  targets: string[];
  reenter: boolean;
  actions: string[];
  description: string | null;
}

export interface MachineCatalog {
  machineId: string;
  /** The root's description, if any. */
  description?: string | null;
  /** Id of the root's initial state. */
  initial?: string | null;
  states: StateEntry[];
  transitions: TransitionEntry[];
}

export function transitionKind(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.snapshot.')) return 'snapshot.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  if (eventType === 'xstate.route') return 'route';
  return 'event';
}

/** `xstate.after.1000.login.wait` → `after(1000)`; every other descriptor is shown as written. */
function eventLabel(eventType: string, source: AnyStateNode): string {
  const kind = transitionKind(eventType);
  if (kind === 'always') return 'always';
  if (kind === 'after') {
    const delay = eventType.slice('xstate.after.'.length, eventType.length - source.id.length - 1);
    return `after(${delay})`;
  }
  return eventType;
}

interface GuardLike {
  type?: unknown;
  params?: unknown;
  name?: string;
  guards?: unknown[];
  stateValue?: unknown;
}

/** Renders named guards, parameterised guards and the higher-order `not`/`and`/`or`/`stateIn` helpers. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as GuardLike;
    const inner = (fn.guards ?? []).map(guardLabel);
    switch (fn.name) {
      case 'not':
        return `!${wrap(inner[0] ?? '?')}`;
      case 'and':
        return inner.map(wrap).join(' && ');
      case 'or':
        return inner.map(wrap).join(' || ');
      case 'stateIn':
        return `in(${JSON.stringify(fn.stateValue)})`;
      default:
        return fn.name ? `inline:${fn.name}` : 'inline guard';
    }
  }
  if (guard && typeof guard === 'object') {
    const { type, params } = guard as GuardLike;
    const name = typeof type === 'string' ? type : 'guard';
    if (params === undefined) return name;
    return typeof params === 'function' ? `${name}(…)` : `${name}(${JSON.stringify(params)})`;
  }
  return String(guard);
}

function wrap(label: string): string {
  return /[ &|]/.test(label) ? `(${label})` : label;
}

export function actionLabel(action: UnknownAction): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return action.name || 'inline action';
  if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string') return action.type;
  return 'action';
}

/** Every state node below `node`, depth-first in document order (as xstate/graph's getStateNodes). */
export function descendantNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...descendantNodes(child),
  ]);
}

function invokeEntries(node: AnyStateNode): InvokeEntry[] {
  return node.invoke.map((invoke) => ({
    id: invoke.id,
    src: typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : '(inline)',
  }));
}

/**
 * Entry/exit actions as written in the config: the resolved node also lists the raise/cancel pairs xstate adds for
 * `after` delays, which are drawn as the delayed transitions themselves.
 */
function configActions(actions: unknown): string[] {
  if (actions === undefined || actions === null) return [];
  return (Array.isArray(actions) ? actions : [actions]).map((action) => actionLabel(action as UnknownAction));
}

function initialChild(node: AnyStateNode): string | null {
  if (node.type !== 'compound') return null;
  return node.initial?.target?.[0]?.id ?? null;
}

interface RawTransition {
  definition: AnyTransitionDefinition;
  entry: TransitionEntry;
}

function collect(machine: AnyStateMachine): { states: StateEntry[]; transitions: RawTransition[] } {
  const nodes: AnyStateNode[] = [machine.root, ...descendantNodes(machine.root)];
  const states: StateEntry[] = nodes
    .filter((node) => node !== machine.root)
    .map((node) => ({
      id: node.id,
      path: node.path.join('.'),
      type: node.type,
      description: node.description ?? null,
      parent: node.parent && node.parent !== machine.root ? node.parent.id : null,
      initial: initialChild(node),
      tags: [...node.tags],
      entry: configActions(node.config.entry),
      exit: configActions(node.config.exit),
      invokes: invokeEntries(node),
    }));
  const transitions: RawTransition[] = [];
  const seen = new Map<string, number>();
  for (const node of nodes) {
    const groups: AnyTransitionDefinition[][] = [...node.transitions.values()];
    if (node.always?.length) groups.push(node.always);
    for (const group of groups) {
      group.forEach((definition, index) => {
        const guard = definition.guard === undefined ? null : guardLabel(definition.guard);
        const targets = (definition.target ?? []).map((target) => target.id);
        const label = eventLabel(definition.eventType, node);
        const base = `${node.id} --${label}${guard ? `[${guard}]` : ''}--> ${targets.length ? targets.join(', ') : '(no target)'}`;
        // Two transitions can share event, guard and target (e.g. differing only in actions): number the later ones.
        const count = (seen.get(base) ?? 0) + 1;
        seen.set(base, count);
        transitions.push({
          definition,
          entry: {
            id: count === 1 ? base : `${base} #${count}`,
            source: node.id,
            eventType: definition.eventType,
            kind: transitionKind(definition.eventType),
            guard,
            skippedGuards: group
              .slice(0, index)
              .filter((earlier) => earlier.guard !== undefined)
              .map((earlier) => guardLabel(earlier.guard)),
            targets,
            reenter: definition.reenter,
            actions: definition.actions.map(actionLabel),
            description: typeof definition.description === 'string' ? definition.description : null,
          },
        });
      });
    }
  }
  return { states, transitions };
}

const catalogs = new WeakMap<AnyStateMachine, MachineCatalog>();
const indexes = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, TransitionEntry>>();

export function catalogMachine(machine: AnyStateMachine): MachineCatalog {
  let catalog = catalogs.get(machine);
  if (!catalog) {
    const { states, transitions } = collect(machine);
    catalog = {
      machineId: machine.id,
      description: machine.root.description ?? null,
      initial: initialChild(machine.root),
      states,
      transitions: transitions.map((t) => t.entry),
    };
    catalogs.set(machine, catalog);
  }
  return catalog;
}

/** Maps the transition objects of one machine instance (as reported by the inspect hook) to their catalog entries. */
export function transitionIndex(machine: AnyStateMachine): Map<AnyTransitionDefinition, TransitionEntry> {
  let index = indexes.get(machine);
  if (!index) {
    index = new Map(collect(machine).transitions.map((t) => [t.definition, t.entry]));
    indexes.set(machine, index);
  }
  return index;
}

/** `login.guardianLogin.invalid` → `guardianLogin.invalid` for prose; the root itself reads as `(root)`. */
export function shortStateId(machineId: string, id: string): string {
  if (id === machineId) return '(root)';
  return id.startsWith(`${machineId}.`) ? id.slice(machineId.length + 1) : `#${id}`;
}

/** The event of a transition in words: `SUBMIT`, `always`, `after 1000 ms`, `done: login`, `error: login`. */
export function eventText(entry: Pick<TransitionEntry, 'eventType' | 'kind' | 'source'>): string {
  switch (entry.kind) {
    case 'always':
      return 'always';
    case 'after': {
      const delay = entry.eventType.slice('xstate.after.'.length, entry.eventType.length - entry.source.length - 1);
      return `after ${delay} ms`;
    }
    case 'done.actor':
      return `done: ${entry.eventType.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error: ${entry.eventType.slice('xstate.error.actor.'.length)}`;
    case 'snapshot.actor':
      return `snapshot: ${entry.eventType.slice('xstate.snapshot.'.length)}`;
    case 'done.state':
      return 'done';
    default:
      return entry.eventType;
  }
}

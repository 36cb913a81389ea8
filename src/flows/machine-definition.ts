import type { AnyStateMachine } from 'xstate';

/**
 * A machine's definition as JSON for docs/flows/<flow>.json: the literal config the machine was created from (what
 * the Stately editor and the VS Code extension read) with a fixed key order, plus the names of the implementations
 * given to setup(). Functions cannot be JSON: each is written as `{ "$function": name }`, so an inline guard or
 * action shows up in the export (and in review) instead of silently disappearing.
 */

export interface MachineDefinition {
  id: string;
  /** The module the machine comes from, e.g. `src/machines/login.machine.ts`. */
  source: string;
  implementations: { actions: string[]; actors: string[]; delays: string[]; guards: string[] };
  config: unknown;
}

/** Keys of state nodes, transitions and invokes in reading order; other keys follow alphabetically. */
const KEY_ORDER = [
  'id',
  'type',
  'description',
  'initial',
  'history',
  'context',
  'tags',
  'entry',
  'exit',
  'invoke',
  'src',
  'input',
  'target',
  'guard',
  'actions',
  'reenter',
  'params',
  'onDone',
  'onError',
  'onSnapshot',
  'always',
  'after',
  'on',
  'states',
  'output',
  'meta',
];
/** Maps whose keys are names the machine's author chose: their order is the document order and is kept. */
const ORDERED_MAPS = new Set(['states', 'on', 'after']);

function rank(key: string): number {
  const index = KEY_ORDER.indexOf(key);
  return index === -1 ? KEY_ORDER.length : index;
}

export function functionName(fn: unknown): string {
  const { type, name } = fn as { type?: unknown; name?: unknown };
  if (typeof type === 'string') return type;
  return typeof name === 'string' && name ? name : 'inline';
}

/** JSON-safe copy with a stable key order; `parentKey` tells maps (keep order) from config objects (fixed order). */
export function canonicalize(value: unknown, parentKey = ''): unknown {
  if (typeof value === 'function') return { $function: functionName(value) };
  if (Array.isArray(value)) return value.map((item) => canonicalize(item, parentKey));
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  const ordered = ORDERED_MAPS.has(parentKey)
    ? entries
    : [...entries].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  // Children of a map are state configs or transitions; children of a config object are named by their key.
  return Object.fromEntries(
    ordered.map(([key, item]) => [key, canonicalize(item, ORDERED_MAPS.has(parentKey) ? '' : key)]),
  );
}

function names(record: unknown): string[] {
  return record && typeof record === 'object' ? Object.keys(record).sort() : [];
}

export function machineDefinition(machine: AnyStateMachine, source: string): MachineDefinition {
  const { actions, actors, delays, guards } = machine.implementations;
  return {
    id: machine.id,
    source,
    implementations: { actions: names(actions), actors: names(actors), delays: names(delays), guards: names(guards) },
    config: canonicalize(machine.config),
  };
}

import type { MachineCatalog, StateEntry, TransitionEntry } from './machine-catalog.ts';
import { stateLines, transitionLines } from './statechart-layout.ts';

/**
 * A machine as a Mermaid `stateDiagram-v2` for docs/flows/<flow>.mmd: nested states, initial and final markers,
 * every transition with its event, `[guard]`, `/ actions` and the invoked call it answers, each state's tags,
 * invokes and entry/exit actions as state lines, and its description (the spec section) as a note.
 */

/** Mermaid ids allow letters, digits and underscores. */
export function mermaidId(stateId: string): string {
  return stateId.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Text Mermaid would read as syntax: `#` (entity codes), `;` (statement end), braces, colons in names. */
function safe(text: string): string {
  return text
    .replaceAll('#', '＃')
    .replaceAll(';', ',')
    .replaceAll('{', '(')
    .replaceAll('}', ')')
    .replaceAll('"', "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function childrenOf(catalog: MachineCatalog, parent: string | null): StateEntry[] {
  return catalog.states.filter((state) => (state.parent ?? null) === parent);
}

function transitionLine(catalog: MachineCatalog, transition: TransitionEntry, target: string, pad: string): string {
  const label = safe(transitionLines(catalog, transition).join(' ').replace(/\s+\//, ' /'));
  const from = transition.source === catalog.machineId ? mermaidId(catalog.machineId) : mermaidId(transition.source);
  return `${pad}${from} --> ${mermaidId(target)} : ${label}`;
}

function renderStates(catalog: MachineCatalog, parent: string | null, initial: string | null, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const out: string[] = [];
  if (initial) out.push(`${pad}[*] --> ${mermaidId(initial)}`);
  const parentNode = parent ? catalog.states.find((state) => state.id === parent) : undefined;
  const children = childrenOf(catalog, parent);
  children.forEach((state, index) => {
    // Regions of a parallel state are separated by `--`.
    if (parentNode?.type === 'parallel' && index > 0) out.push(`${pad}--`);
    const id = mermaidId(state.id);
    const [name = state.id, ...details] = stateLines(catalog, state);
    out.push(`${pad}state "${safe(name)}" as ${id}`);
    const nested = childrenOf(catalog, state.id);
    if (nested.length) {
      out.push(`${pad}state ${id} {`);
      out.push(...renderStates(catalog, state.id, state.initial ?? null, depth + 1));
      out.push(`${pad}}`);
    }
    for (const detail of details) out.push(`${pad}${id} : ${safe(detail)}`);
    if (state.type === 'final') out.push(`${pad}${id} --> [*]`);
    if (state.description) {
      out.push(`${pad}note right of ${id}`, `${pad}  ${safe(state.description)}`, `${pad}end note`);
    }
  });
  return out;
}

export function renderMermaid(catalog: MachineCatalog): string {
  const rootTransitions = catalog.transitions.filter((transition) => transition.source === catalog.machineId);
  const lines = ['stateDiagram-v2', '  direction TB'];
  if (catalog.description) lines.push(`  %% ${safe(catalog.description)}`);
  // Transitions of the machine itself need a box to start from: the machine is then drawn as the outer state.
  const wrap = rootTransitions.length > 0;
  const depth = wrap ? 2 : 1;
  const body = renderStates(catalog, null, catalog.initial ?? null, depth);
  if (wrap) {
    const root = mermaidId(catalog.machineId);
    lines.push(
      `  [*] --> ${root}`,
      `  state "machine ${safe(catalog.machineId)}" as ${root}`,
      `  state ${root} {`,
      ...body,
      '  }',
    );
  } else {
    lines.push(...body);
  }
  for (const transition of catalog.transitions) {
    const targets = transition.targets.length ? transition.targets : [transition.source];
    for (const target of targets) lines.push(transitionLine(catalog, transition, target, '  '));
  }
  return `${lines.join('\n')}\n`;
}

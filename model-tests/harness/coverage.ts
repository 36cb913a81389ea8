import type { MachineCatalog } from './catalog.ts';

export interface CoverageCount {
  covered: number;
  total: number;
  /** Rounded down to one decimal, so 99.96 % never reads as 100 %. */
  percent: number;
  uncovered: string[];
}

export interface Coverage {
  machineId: string;
  states: CoverageCount;
  transitions: CoverageCount;
}

export interface Visited {
  states: Iterable<string>;
  transitions: Iterable<string>;
}

function count(all: readonly string[], visited: Iterable<string>): CoverageCount {
  const seen = new Set(visited);
  const uncovered = all.filter((id) => !seen.has(id));
  const covered = all.length - uncovered.length;
  const percent = all.length === 0 ? 100 : Math.floor((covered / all.length) * 1000) / 10;
  return { covered, total: all.length, percent, uncovered };
}

/** Items of the machine's definition versus the ids the inspect hook saw; ids the catalog does not know are ignored. */
export function computeCoverage(catalog: MachineCatalog, visited: Visited): Coverage {
  return {
    machineId: catalog.machineId,
    states: count(
      catalog.states.map((state) => state.id),
      visited.states,
    ),
    transitions: count(
      catalog.transitions.map((transition) => transition.id),
      visited.transitions,
    ),
  };
}

export function isFullCoverage(coverage: Coverage): boolean {
  return coverage.states.uncovered.length === 0 && coverage.transitions.uncovered.length === 0;
}

export function formatCoverage(coverage: Coverage): string {
  const { states, transitions } = coverage;
  return `states ${states.covered}/${states.total} (${states.percent} %), transitions ${transitions.covered}/${transitions.total} (${transitions.percent} %)`;
}

/** Throws, listing every uncovered state and transition, unless the machine is fully covered. */
export function assertFullCoverage(coverage: Coverage): void {
  if (isFullCoverage(coverage)) return;
  const lines = [
    `Machine "${coverage.machineId}" is not fully covered by its model paths: ${formatCoverage(coverage)}.`,
    ...coverage.states.uncovered.map((id) => `  uncovered state: ${id}`),
    ...coverage.transitions.uncovered.map((id) => `  uncovered transition: ${id}`),
    'Add event variants (payloads, invoke outputs, inputs) or context keys so the graph reaches them.',
  ];
  throw new Error(lines.join('\n'));
}

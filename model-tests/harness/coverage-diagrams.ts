import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadElk } from '../../src/flows/elk-instance.ts';
import type { MachineCatalog } from '../../src/flows/machine-catalog.ts';
import { layoutStatechart } from '../../src/flows/statechart-layout.ts';
import { type ItemStatus, renderStatechartSvg } from '../../src/flows/statechart-svg.ts';
import { type MachineSummary, type PathsReport, REPO_ROOT } from './report.ts';

/**
 * The statecharts of reports/paths.html: each machine drawn from the catalog its model test recorded (so it shows
 * exactly the items coverage counted), covered items green with ✓, uncovered red and dashed with ✗.
 */

function catalogOf(machine: MachineSummary): MachineCatalog {
  return {
    machineId: machine.machineId,
    initial: machine.initial ?? null,
    states: machine.states,
    transitions: machine.transitions,
  };
}

const statusOf = (covered: boolean): ItemStatus => (covered ? 'covered' : 'uncovered');

export async function coverageDiagram(machine: MachineSummary): Promise<string> {
  const layout = await layoutStatechart(catalogOf(machine), await loadElk());
  return renderStatechartSvg(layout, {
    idPrefix: `cov-${machine.machineId}`,
    title: `Statechart of ${machine.machineId}: covered states and transitions are marked ✓ (green), uncovered ones ✗ (red, dashed)`,
    stateStatus: Object.fromEntries(machine.states.map((state) => [state.id, statusOf(state.covered)])),
    transitionStatus: Object.fromEntries(machine.transitions.map((t) => [t.id, statusOf(t.covered)])),
  });
}

/** Inline SVG per machine id; a machine whose layout fails is left out (its tables still show the coverage). */
export async function coverageDiagrams(report: PathsReport): Promise<Record<string, string>> {
  const diagrams: Record<string, string> = {};
  for (const machine of report.machines) {
    try {
      diagrams[machine.machineId] = await coverageDiagram(machine);
    } catch (error) {
      console.error(`No diagram for ${machine.machineId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return diagrams;
}

/** Machine id → link (relative to reports/) to its docs/flows/<flow>.mmd, read from the exported definitions. */
export function flowDiagramLinks(root: string = REPO_ROOT): Record<string, string> {
  const dir = join(root, 'docs', 'flows');
  if (!existsSync(dir)) return {};
  const links: Record<string, string> = {};
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    try {
      const { id } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id?: unknown };
      const flow = name.slice(0, -'.json'.length);
      if (typeof id === 'string' && existsSync(join(dir, `${flow}.mmd`))) links[id] = `../docs/flows/${flow}.mmd`;
    } catch {
      // Not an exported definition: no link.
    }
  }
  return links;
}

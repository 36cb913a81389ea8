import { collectFlowMachines, type FlowMachine, flowNameOf } from '../../flows/flow-exports.ts';

/**
 * The product machines the /flows page can show: one lazy module per src/machines/<flow>.machine.ts, so the page
 * lists every flow at once and loads a machine only when it is drawn. `?flows` makes each its own copy of the module,
 * with the descriptions the build blanks in the machines the pages import (scripts/machine-descriptions.ts): only
 * this page shows them.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { query: '?flows' });

export const flowNames: readonly string[] = Object.keys(modules).map(flowNameOf).sort();

export async function loadFlow(flow: string): Promise<FlowMachine> {
  const entry = Object.entries(modules).find(([path]) => flowNameOf(path) === flow);
  if (!entry) throw new Error(`There is no machine named "${flow}".`);
  const [machine] = collectFlowMachines({ [entry[0]]: await entry[1]() });
  if (!machine) throw new Error(`src/machines/${flow}.machine.ts exports no machine.`);
  return machine;
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectFlowMachines, type FlowMachine, isExportFile, renderFlowExports } from '../src/flows/flow-exports.ts';
import { lintMachine } from '../src/flows/stately-lint.ts';

/**
 * docs/flows/ is generated (`npm run flows:export`) and committed, so product owners can read the flows on GitHub
 * without running anything. These tests fail when the committed export no longer matches the machines, and when a
 * machine would not open cleanly in the Stately editor.
 */

const OUT_DIR = resolve(import.meta.dirname, '..', 'docs', 'flows');
const modules = import.meta.glob<Record<string, unknown>>('../src/machines/*.machine.ts');

async function loadFlow(path: string): Promise<FlowMachine> {
  const load = modules[path];
  if (!load) throw new Error(`no loader for ${path}`);
  const [flow] = collectFlowMachines({ [path]: await load() });
  if (!flow) throw new Error(`${path} exports no machine`);
  return flow;
}

function committed(name: string): string | null {
  const path = join(OUT_DIR, name);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** Names of the files whose committed text differs from the fresh export (missing files included). */
function staleFiles(fresh: Map<string, string>, only: (name: string) => boolean = () => true): string[] {
  return [...fresh].filter(([name, content]) => only(name) && committed(name) !== content).map(([name]) => name);
}

describe('docs/flows export is up to date (run `npm run flows:export` when this fails)', () => {
  it.each(Object.keys(modules))('definition and diagram of %s', async (path) => {
    const flow = await loadFlow(path);
    const fresh = renderFlowExports([flow]);
    expect(staleFiles(fresh, (name) => name !== 'README.md')).toEqual([]);
  });

  it('index of docs/flows, and no export left of a deleted machine', async () => {
    const flows: FlowMachine[] = [];
    for (const path of Object.keys(modules)) flows.push(await loadFlow(path));
    // In the CLI's order (collectFlowMachines sorts by flow name): the glob's order puts 'household-join' before
    // 'household', which the index lists the other way round.
    flows.sort((a, b) => a.flow.localeCompare(b.flow));
    const fresh = renderFlowExports(flows);
    const orphans = existsSync(OUT_DIR)
      ? readdirSync(OUT_DIR).filter((name) => isExportFile(name) && !fresh.has(name))
      : [];
    expect({ stale: staleFiles(fresh, (name) => name === 'README.md'), orphans }).toEqual({ stale: [], orphans: [] });
  });
});

describe('every product machine is Stately-friendly', () => {
  it.each(Object.keys(modules))('%s', async (path) => {
    const flow = await loadFlow(path);
    const problems = lintMachine(flow.machine).map((problem) => `${problem.at}: ${problem.message}`);
    expect(problems).toEqual([]);
  });
});

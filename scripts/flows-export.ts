/**
 * `npm run flows:export` writes docs/flows/<flow>.json (definition), docs/flows/<flow>.mmd (Mermaid statechart) and
 * docs/flows/README.md (index) for every src/machines/<flow>.machine.ts, removes exports of deleted machines, and
 * reports machines that are not Stately-friendly (exit code 1). `--check` writes nothing and fails when
 * docs/flows/ is stale.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productMachineFiles, withViteModules } from '../model-tests/harness/load-modules.ts';
import { REPO_ROOT } from '../model-tests/harness/report.ts';
import { collectFlowMachines, flowNameOf, isExportFile, renderFlowExports } from '../src/flows/flow-exports.ts';
import { lintMachine } from '../src/flows/stately-lint.ts';

const OUT_DIR = join(REPO_ROOT, 'docs', 'flows');

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const files = productMachineFiles();
  const broken = new Map<string, string>();
  const modules = await withViteModules(async (load) => {
    const loaded: Record<string, Record<string, unknown>> = {};
    for (const file of files) {
      try {
        loaded[file] = await load(file);
      } catch (error) {
        // One machine that does not load (e.g. mid-edit) must not stop the others' export.
        broken.set(flowNameOf(file), error instanceof Error ? error.message : String(error));
      }
    }
    return loaded;
  });
  const flows = collectFlowMachines(modules);
  const wanted = renderFlowExports(flows);
  const existing = existsSync(OUT_DIR) ? readdirSync(OUT_DIR).filter(isExportFile) : [];
  // The export of a machine that failed to load is left as it is: it is not stale, only not refreshed.
  const stale = existing.filter(
    (name) => !wanted.has(name) && !broken.has(flowNameOf(name.replace(/\.(json|mmd)$/, ''))),
  );
  const changed = [...wanted].filter(([name, content]) => {
    const path = join(OUT_DIR, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== content;
  });

  let failed = broken.size > 0;
  for (const [flow, message] of broken) console.error(`FAIL src/machines/${flow}.machine.ts does not load: ${message}`);
  if (check) {
    for (const [name] of changed) console.error(`STALE docs/flows/${name}`);
    for (const name of stale) console.error(`STALE docs/flows/${name} (no machine any more)`);
    failed = changed.length > 0 || stale.length > 0;
    if (failed) console.error('Run `npm run flows:export` and commit docs/flows/.');
  } else {
    mkdirSync(OUT_DIR, { recursive: true });
    for (const [name, content] of changed) writeFileSync(join(OUT_DIR, name), content);
    for (const name of stale) rmSync(join(OUT_DIR, name));
    console.log(
      `docs/flows: ${flows.length} machine(s); ${changed.length} file(s) written, ${stale.length} removed, ` +
        `${wanted.size - changed.length} unchanged.`,
    );
  }

  for (const { flow, machine } of flows) {
    const problems = lintMachine(machine);
    if (!problems.length) continue;
    failed = true;
    console.error(`\n${flow} (${machine.id}) is not Stately-friendly:`);
    for (const problem of problems) console.error(`  ${problem.at}: ${problem.message}`);
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();

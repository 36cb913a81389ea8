import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageDiagrams, flowDiagramLinks } from './coverage-diagrams.ts';
import {
  FILE_REPORT_DIR,
  listProductMachines,
  mergeReports,
  REPO_ROOT,
  readFileReports,
  renderHtml,
  renderPathList,
  renderTable,
  reportProblems,
} from './report.ts';

/**
 * `npm run paths` runs the model tests (each file writes reports/paths/<file>.json), then this merges them into
 * reports/paths.json and reports/paths.html (with each machine's statechart coloured by coverage), prints every
 * path in words with the test file that ran it, then one row per machine, and exits non-zero on any problem.
 */
async function main(): Promise<number> {
  const all = readFileReports(FILE_REPORT_DIR);
  const current = all.filter((report) => existsSync(join(REPO_ROOT, report.testFile)));
  const staleFiles = all.filter((report) => !current.includes(report)).map((report) => report.testFile);
  const report = mergeReports(current, {
    productMachines: listProductMachines(),
    staleFiles,
    diagrams: flowDiagramLinks(),
  });

  const outDir = join(REPO_ROOT, 'reports');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'paths.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(outDir, 'paths.html'), renderHtml(report, { diagrams: await coverageDiagrams(report) }));

  const paths = renderPathList(report);
  if (paths) console.log(`Paths in words (m = machine run, u = UI run; ✓ passed, ✗ failed, - not run):\n${paths}\n`);
  console.log(renderTable(report));
  if (staleFiles.length) console.log(`\nSkipped reports of deleted test files: ${staleFiles.join(', ')}`);
  console.log('\nWrote reports/paths.json and reports/paths.html');
  const problems = reportProblems(report);
  for (const problem of problems) console.error(`FAIL ${problem}`);
  return problems.length ? 1 : 0;
}

process.exitCode = await main();

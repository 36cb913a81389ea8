import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { defineModel, generatePaths, runPathOnMachine } from '../harness/index.ts';
import {
  type FileReport,
  fileReportFrom,
  listProductMachines,
  mergeReports,
  readFileReports,
  renderHtml,
  renderTable,
  reportProblems,
  writeFileReport,
} from '../harness/report.ts';
import { newSession, recordRun, registerPaths } from '../harness/session.ts';
import { wizardMachine } from './machines/wizard.machine.ts';

const model = defineModel({
  machine: wizardMachine,
  events: {
    NEXT: [
      { type: 'NEXT', age: 12 },
      { type: 'NEXT', age: 30 },
    ],
    CHOOSE: [
      { type: 'CHOOSE', plan: 'free' },
      { type: 'CHOOSE', plan: 'pro' },
    ],
  },
  context: ['age'],
});

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paths-report-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs some of the wizard's paths as if one test file did, and returns that file's report. */
async function fileReportOf(testFile: string, pick: (index: number) => boolean): Promise<FileReport> {
  const session = newSession(model);
  const paths = generatePaths(model).filter((_, index) => pick(index));
  registerPaths(session, paths, testFile);
  for (const path of paths) recordRun(session, await runPathOnMachine(model, path));
  return fileReportFrom(testFile, [session]);
}

describe('path report', () => {
  it('merges per-file reports of one machine into full coverage', async () => {
    const dir = tempDir();
    writeFileReport(dir, await fileReportOf('model-tests/a.model.test.tsx', (i) => i % 2 === 0));
    writeFileReport(dir, await fileReportOf('model-tests/b.model.test.tsx', (i) => i % 2 === 1));
    const files = readFileReports(dir);
    expect(files.map((file) => file.testFile)).toEqual([
      'model-tests/a.model.test.tsx',
      'model-tests/b.model.test.tsx',
    ]);

    const halves = files.map((file) => mergeReports([file]).machines[0]?.coverage.transitions.covered ?? 0);
    for (const covered of halves) expect(covered).toBeLessThan(10);

    const report = mergeReports(files);
    const [wizard] = report.machines;
    expect(wizard?.coverage.states).toMatchObject({ covered: 5, total: 5, uncovered: [] });
    expect(wizard?.coverage.transitions).toMatchObject({ covered: 10, total: 10, uncovered: [] });
    expect(wizard?.pathCount).toBe(generatePaths(model).length);
    expect(wizard?.testFiles).toEqual(['model-tests/a.model.test.tsx', 'model-tests/b.model.test.tsx']);
    expect(wizard?.byRun.ui.transitions.covered).toBe(0);
    expect(reportProblems(report)).toEqual([]);

    const table = renderTable(report);
    expect(table.split('\n')[0]).toMatch(/^machine\s+states\s+transitions\s+paths\s+failed\s+test files$/);
    expect(table).toMatch(new RegExp(`wizard\\s+5/5 100%\\s+10/10 100%\\s+${generatePaths(model).length}\\s+0\\s`));
  });

  it('writes each path in words with the test file that executed it', async () => {
    const report = mergeReports([await fileReportOf('model-tests/a.model.test.tsx', () => true)]);
    const path = report.machines[0]?.paths.find(
      (candidate) => candidate.title === 'NEXT {"age":12} → NEXT {"age":12} → BACK ⇒ guardian',
    );
    expect(path).toMatchObject({
      testFile: 'model-tests/a.model.test.tsx',
      story: [
        'starts in account',
        'NEXT {"age":12}: account → guardian if isMinor',
        'NEXT {"age":12}: guardian → plan',
        'BACK: plan → guardian if wasMinor',
      ],
      runs: { machine: { status: 'passed', error: null } },
    });
  });

  it('flags gaps, failed paths and product machines without a model test', async () => {
    const partial = await fileReportOf('model-tests/a.model.test.tsx', (i) => i === 0);
    const root = tempDir();
    mkdirSync(join(root, 'src', 'machines'), { recursive: true });
    mkdirSync(join(root, 'model-tests'), { recursive: true });
    writeFileSync(join(root, 'src', 'machines', 'login.machine.ts'), '');
    writeFileSync(join(root, 'src', 'machines', 'payment.machine.ts'), '');
    writeFileSync(join(root, 'model-tests', 'login.model.test.tsx'), '');
    const productMachines = listProductMachines(root);
    expect(productMachines).toEqual([
      { file: 'src/machines/login.machine.ts', flow: 'login', modelTest: 'model-tests/login.model.test.tsx' },
      { file: 'src/machines/payment.machine.ts', flow: 'payment', modelTest: null },
    ]);
    const [record] = partial.machines[0]?.paths ?? [];
    if (record) record.runs.ui = { status: 'failed', error: 'The machine never received "NEXT"', transitions: [] };
    const report = mergeReports([partial], { productMachines });
    expect(reportProblems(report)).toEqual([
      'wizard: coverage below 100 %',
      'wizard: 1 failed path(s)',
      'src/machines/payment.machine.ts: no model-tests/payment.model.test.tsx',
    ]);
    expect(renderTable(report)).toContain('MISSING model test for src/machines/payment.machine.ts');
  });

  it('renders a self-contained, accessible HTML page', async () => {
    const report = mergeReports([await fileReportOf('model-tests/a.model.test.tsx', (i) => i < 3)]);
    const html = renderHtml(report);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Model-test path coverage</title>');
    expect(html).toContain('<caption>Machines</caption>');
    expect(html).toContain('<th scope="col">transitions</th>');
    expect(html).not.toMatch(/<script|<link|src="http/);
    for (const id of report.machines[0]?.coverage.transitions.uncovered ?? []) {
      expect(html).toContain(`<li>transition <code>${id.replaceAll('>', '&gt;')}</code></li>`);
    }
    // Coverage is spelled out, not only coloured.
    expect(html).toContain('✗</span> uncovered</td>');
  });

  it('has no axe violations', async () => {
    const report = mergeReports([await fileReportOf('model-tests/a.model.test.tsx', (i) => i < 3)]);
    document.open();
    document.write(renderHtml(report));
    document.close();
    for (const details of document.querySelectorAll('details')) details.open = true;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    expect(document.querySelectorAll('table').length).toBe(3);
  });
});

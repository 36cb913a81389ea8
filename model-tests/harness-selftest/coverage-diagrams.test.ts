import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { coverageDiagram, flowDiagramLinks } from '../harness/coverage-diagrams.ts';
import { generatePaths, runPathOnMachine } from '../harness/index.ts';
import { compactPayloads, fileReportFrom, mergeReports, renderHtml, renderPathList } from '../harness/report.ts';
import { newSession, recordRun, registerPaths } from '../harness/session.ts';
import { wizardModel } from './machines/wizard.model.ts';

/** A report of the wizard where only the first two paths ran (so some items stay uncovered). */
async function partialReport(diagrams: Record<string, string> = {}) {
  const session = newSession(wizardModel);
  const paths = generatePaths(wizardModel).slice(0, 2);
  registerPaths(session, paths, 'model-tests/a.model.test.tsx');
  for (const path of paths) recordRun(session, await runPathOnMachine(wizardModel, path));
  return mergeReports([fileReportFrom('model-tests/a.model.test.tsx', [session])], { diagrams });
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('coverage diagrams in reports/paths.html', () => {
  it('colours each state and transition by coverage, with ✓/✗ text markers', async () => {
    const report = await partialReport();
    const [wizard] = report.machines;
    if (!wizard) throw new Error('no wizard in the report');
    const doc = new DOMParser().parseFromString(await coverageDiagram(wizard), 'image/svg+xml');
    for (const state of wizard.states) {
      const group = [...doc.querySelectorAll('[data-state-id]')].find(
        (g) => g.getAttribute('data-state-id') === state.id,
      );
      expect(group?.getAttribute('data-status'), state.id).toBe(state.covered ? 'covered' : 'uncovered');
      expect(group?.querySelector('text')?.textContent?.startsWith(state.covered ? '✓ ' : '✗ ')).toBe(true);
    }
    const uncovered = wizard.transitions.filter((t) => !t.covered);
    expect(uncovered.length).toBeGreaterThan(0);
    for (const transition of wizard.transitions) {
      const group = [...doc.querySelectorAll('[data-transition-id]')].find(
        (g) => g.getAttribute('data-transition-id') === transition.id,
      );
      expect(group?.getAttribute('data-status'), transition.id).toBe(transition.covered ? 'covered' : 'uncovered');
    }
  });

  it('inlines the diagram and links the exported Mermaid and JSON files, accessibly', async () => {
    const report = await partialReport({ wizard: '../docs/flows/wizard.mmd' });
    const [wizard] = report.machines;
    if (!wizard) throw new Error('no wizard in the report');
    const html = renderHtml(report, { diagrams: { wizard: await coverageDiagram(wizard) } });
    expect(html).toContain('<a href="../docs/flows/wizard.mmd">Mermaid statechart</a>');
    expect(html).toContain('<a href="../docs/flows/wizard.json">definition (JSON)</a>');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="flow-diagram" role="img"');
    expect(html).not.toMatch(/<script|<link|src="http/);
    document.open();
    document.write(html);
    document.close();
    const results = await axe.run(document, { resultTypes: ['violations'] });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('finds the exported diagram of each machine id in docs/flows', () => {
    const root = mkdtempSync(join(tmpdir(), 'flows-links-'));
    dirs.push(root);
    mkdirSync(join(root, 'docs', 'flows'), { recursive: true });
    writeFileSync(join(root, 'docs', 'flows', 'password-reset.json'), JSON.stringify({ id: 'passwordReset' }));
    writeFileSync(join(root, 'docs', 'flows', 'password-reset.mmd'), 'stateDiagram-v2\n');
    writeFileSync(join(root, 'docs', 'flows', 'orphan.json'), JSON.stringify({ id: 'orphan' }));
    expect(flowDiagramLinks(root)).toEqual({ passwordReset: '../docs/flows/password-reset.mmd' });
  });
});

describe('paths in words on the terminal', () => {
  it('lists each path with its runs, its end state and its steps, under the test file that ran it', async () => {
    const report = await partialReport();
    const lines = renderPathList(report).split('\n');
    expect(lines[0]).toBe('wizard: 2 path(s) executed by model-tests/a.model.test.tsx');
    expect(lines[1]).toMatch(/^ {2}1\. m✓ u- {2}⇒ \S/);
    expect(lines.slice(1).every((line) => line.startsWith('  '))).toBe(true);
    expect(lines.join('\n')).toContain('NEXT {"age":12}: account → guardian if isMinor');
  });

  it('shortens long payloads but keeps short ones and the transitions after them', () => {
    expect(compactPayloads('login answers {"id":7,"email":"pat@example.com"}: loggingIn → routing')).toBe(
      'login answers {…}: loggingIn → routing',
    );
    expect(compactPayloads('CHOOSE {"plan":"pro"}: plan → payment')).toBe('CHOOSE {"plan":"pro"}: plan → payment');
    expect(compactPayloads('refreshUser fails {"name":"ApiError","message":"The service is…: loading → failed')).toBe(
      'refreshUser fails {…}: loading → failed',
    );
    expect(compactPayloads('athletes answers [{"id":1,"name":"A"},{"id":2}]: a → b')).toBe(
      'athletes answers […]: a → b',
    );
  });
});

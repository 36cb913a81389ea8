import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MachineCatalog, StateEntry, TransitionEntry } from './catalog.ts';
import { type Coverage, computeCoverage, isFullCoverage } from './coverage.ts';
import type { MachineSession, PathRecord } from './session.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/** Each model test file writes its own JSON here (vitest runs files in separate workers). */
export const FILE_REPORT_DIR = join(REPO_ROOT, 'reports', 'paths');

export interface VisitList {
  states: string[];
  transitions: string[];
}

export interface MachineFileReport {
  machineId: string;
  name: string;
  catalog: MachineCatalog;
  visits: { machine: VisitList; ui: VisitList };
  paths: PathRecord[];
}

export interface FileReport {
  version: 1;
  testFile: string;
  writtenAt: string;
  machines: MachineFileReport[];
}

export interface ProductMachine {
  /** e.g. `src/machines/login.machine.ts` */
  file: string;
  flow: string;
  /** The model test found by naming convention, or null. */
  modelTest: string | null;
}

export interface MachineSummary {
  machineId: string;
  name: string;
  testFiles: string[];
  coverage: Coverage;
  byRun: { machine: Coverage; ui: Coverage };
  states: Array<StateEntry & { covered: boolean }>;
  transitions: Array<TransitionEntry & { covered: boolean }>;
  pathCount: number;
  failedPaths: number;
  paths: PathRecord[];
  /** Link to the machine's Mermaid diagram in docs/flows (relative to reports/), when it has been exported. */
  diagram: string | null;
  /** The root's initial state (from the catalog), for drawing the statechart. */
  initial?: string | null;
}

export interface PathsReport {
  version: 1;
  generatedAt: string;
  machines: MachineSummary[];
  productMachines: ProductMachine[];
  /** Per-file reports skipped because their test file no longer exists. */
  staleFiles: string[];
}

export function relativeToRoot(file: string): string {
  const path = file.startsWith('file:') ? fileURLToPath(file) : file;
  return relative(REPO_ROOT, path).split('\\').join('/');
}

export function fileReportFrom(testFile: string, sessions: readonly MachineSession[]): FileReport {
  const list = (visits: { states: Set<string>; transitions: Set<string> }): VisitList => ({
    states: [...visits.states].sort(),
    transitions: [...visits.transitions].sort(),
  });
  return {
    version: 1,
    testFile,
    writtenAt: new Date().toISOString(),
    machines: sessions.map((session) => ({
      machineId: session.machineId,
      name: session.name,
      catalog: session.catalog,
      visits: { machine: list(session.visits.machine), ui: list(session.visits.ui) },
      paths: [...session.paths.values()],
    })),
  };
}

export function writeFileReport(dir: string, report: FileReport): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${report.testFile.replace(/[^A-Za-z0-9._-]+/g, '__')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

export function readFileReports(dir: string): FileReport[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as FileReport)
    .filter((report) => report.version === 1);
}

/** Product machines by convention: `src/machines/<flow>.machine.ts` is tested by `model-tests/<flow>.model.test.tsx`. */
export function listProductMachines(root: string = REPO_ROOT): ProductMachine[] {
  const dir = join(root, 'src', 'machines');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.machine.ts'))
    .sort()
    .map((name) => {
      const flow = basename(name, '.machine.ts');
      const candidates = [`model-tests/${flow}.model.test.tsx`, `model-tests/${flow}.model.test.ts`];
      const modelTest = candidates.find((candidate) => existsSync(join(root, candidate))) ?? null;
      return { file: `src/machines/${name}`, flow, modelTest };
    });
}

export interface MergeOptions {
  productMachines?: ProductMachine[];
  staleFiles?: string[];
  diagrams?: Readonly<Record<string, string>>;
}

/** Merges the per-file reports by machine id: visits are united, the newest file's catalog is the definition. */
export function mergeReports(files: readonly FileReport[], options: MergeOptions = {}): PathsReport {
  const byMachine = new Map<string, Array<{ file: FileReport; machine: MachineFileReport }>>();
  for (const file of files) {
    for (const machine of file.machines) {
      const list = byMachine.get(machine.machineId) ?? [];
      list.push({ file, machine });
      byMachine.set(machine.machineId, list);
    }
  }
  const machines = [...byMachine.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([machineId, entries]): MachineSummary => {
      const newest = [...entries].sort((a, b) => b.file.writtenAt.localeCompare(a.file.writtenAt))[0];
      if (!newest) throw new Error(`No report for ${machineId}`);
      const catalog = newest.machine.catalog;
      const union = (run: 'machine' | 'ui') => ({
        states: entries.flatMap((entry) => entry.machine.visits[run].states),
        transitions: entries.flatMap((entry) => entry.machine.visits[run].transitions),
      });
      const machineRun = computeCoverage(catalog, union('machine'));
      const uiRun = computeCoverage(catalog, union('ui'));
      const coverage = computeCoverage(catalog, {
        states: [...union('machine').states, ...union('ui').states],
        transitions: [...union('machine').transitions, ...union('ui').transitions],
      });
      const uncoveredStates = new Set(coverage.states.uncovered);
      const uncoveredTransitions = new Set(coverage.transitions.uncovered);
      const paths = entries.flatMap((entry) => entry.machine.paths);
      return {
        machineId,
        name: newest.machine.name,
        testFiles: [...new Set(entries.map((entry) => entry.file.testFile))].sort(),
        coverage,
        byRun: { machine: machineRun, ui: uiRun },
        states: catalog.states.map((state) => ({ ...state, covered: !uncoveredStates.has(state.id) })),
        transitions: catalog.transitions.map((t) => ({ ...t, covered: !uncoveredTransitions.has(t.id) })),
        pathCount: paths.length,
        failedPaths: paths.filter((path) => Object.values(path.runs).some((run) => run?.status === 'failed')).length,
        paths,
        diagram: options.diagrams?.[machineId] ?? null,
        initial: catalog.initial ?? null,
      };
    });
  return {
    version: 1,
    generatedAt: new Date().toISOString(),
    machines,
    productMachines: options.productMachines ?? [],
    staleFiles: options.staleFiles ?? [],
  };
}

/** Problems that make `npm run paths` fail: incomplete coverage, failed paths, product machines without a model test. */
export function reportProblems(report: PathsReport): string[] {
  const problems: string[] = [];
  for (const machine of report.machines) {
    if (!isFullCoverage(machine.coverage)) problems.push(`${machine.machineId}: coverage below 100 %`);
    if (machine.failedPaths) problems.push(`${machine.machineId}: ${machine.failedPaths} failed path(s)`);
  }
  for (const product of report.productMachines) {
    if (!product.modelTest) problems.push(`${product.file}: no model-tests/${product.flow}.model.test.tsx`);
  }
  return problems;
}

function ratio(count: { covered: number; total: number; percent: number }): string {
  return `${count.covered}/${count.total} ${count.percent}%`;
}

export function renderTable(report: PathsReport): string {
  const header = ['machine', 'states', 'transitions', 'paths', 'failed', 'test files'];
  const rows = report.machines.map((machine) => [
    machine.machineId,
    ratio(machine.coverage.states),
    ratio(machine.coverage.transitions),
    String(machine.pathCount),
    String(machine.failedPaths),
    machine.testFiles.join(', '),
  ]);
  for (const product of report.productMachines) {
    if (!product.modelTest) rows.push([product.flow, '-', '-', '0', '-', `MISSING model test for ${product.file}`]);
  }
  if (!rows.length) return 'No model-test results in reports/paths/ and no product machines in src/machines/.';
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const RUN_MARK = { passed: '✓', failed: '✗' } as const;

function runMarks(path: PathRecord): string {
  const mark = (kind: 'machine' | 'ui', letter: string) => {
    const run = path.runs[kind];
    return run ? `${letter}${RUN_MARK[run.status]}` : `${letter}-`;
  };
  return `${mark('machine', 'm')} ${mark('ui', 'u')}`;
}

/**
 * Shortens the JSON payloads in a story step (`login answers {"id":7,…}: a → b` → `login answers {…}: a → b`) for
 * the terminal; reports/paths.json and paths.html keep them whole. Short payloads that decide branches stay.
 */
export function compactPayloads(step: string, max = 24): string {
  let out = '';
  let index = 0;
  while (index < step.length) {
    const char = step[index] ?? '';
    if (char !== '{' && char !== '[') {
      out += char;
      index++;
      continue;
    }
    // Scan to the matching bracket (or the `…` where describeEvent cut the payload), skipping JSON strings.
    let depth = 0;
    let end = index;
    let inString = false;
    for (; end < step.length; end++) {
      const c = step[end];
      // describeEvent cuts long payloads with `…`, possibly inside a string: the payload ends there.
      if (c === '…') break;
      if (inString) {
        if (c === '\\') end++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) break;
      }
    }
    const blob = step.slice(index, end + 1);
    out += blob.length > max ? `${char}…${char === '{' ? '}' : ']'}` : blob;
    index = end + 1;
  }
  return out;
}

/** Breaks `text` into lines of at most `width` characters at `; ` boundaries, continuing with `indent`. */
function wrapSteps(steps: readonly string[], width: number, indent: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const step of steps) {
    const next = current ? `${current}; ${step}` : step;
    if (current && indent.length + next.length > width) {
      lines.push(`${indent}${current};`);
      current = step;
    } else current = next;
  }
  if (current) lines.push(`${indent}${current}`);
  return lines;
}

/**
 * Every generated path in words, grouped by machine and the test file that executed it: one line with the run
 * results (`m✓ u✓`: machine run and UI run) and the end state, then the steps (events, transitions, guard branches).
 */
export function renderPathList(report: PathsReport, width = 120): string {
  const out: string[] = [];
  for (const machine of report.machines) {
    const byFile = new Map<string, PathRecord[]>();
    for (const path of machine.paths) byFile.set(path.testFile, [...(byFile.get(path.testFile) ?? []), path]);
    for (const [testFile, paths] of byFile) {
      out.push('', `${machine.machineId}: ${paths.length} path(s) executed by ${testFile}`);
      paths.forEach((path, index) => {
        const number = String(index + 1).padStart(String(paths.length).length);
        const end = path.title.includes(' ⇒ ') ? path.title.slice(path.title.lastIndexOf(' ⇒ ') + 3) : path.title;
        const input = path.title.startsWith('[') ? `${path.title.slice(0, path.title.indexOf(']') + 1)} ` : '';
        out.push(`  ${number}. ${runMarks(path)}  ${input}⇒ ${end}`);
        const steps = (path.story.length ? path.story : path.events)
          .filter((step) => !step.startsWith('starts in '))
          .map((step) => compactPayloads(step));
        out.push(...wrapSteps(steps.length ? steps : ['(initial state only)'], width, '        '));
        for (const [kind, run] of Object.entries(path.runs)) {
          if (run?.error) out.push(`        ${kind} run failed: ${run.error.split('\n')[0] ?? ''}`);
        }
      });
    }
  }
  return out.join('\n').replace(/^\n/, '');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function anchor(machineId: string): string {
  return `machine-${machineId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function statusCell(covered: boolean): string {
  return covered
    ? '<td class="ok"><span aria-hidden="true">✓</span> covered</td>'
    : '<td class="miss"><span aria-hidden="true">✗</span> uncovered</td>';
}

function diagramLinks(machine: MachineSummary): string {
  if (!machine.diagram) return '';
  const e = escapeHtml;
  const definition = machine.diagram.replace(/\.mmd$/, '.json');
  return `<p>Diagram of ${e(machine.machineId)}: <a href="${e(machine.diagram)}">Mermaid statechart</a> · <a href="${e(definition)}">definition (JSON)</a> · the /flows page of the site draws it live.</p>`;
}

function renderDiagram(machine: MachineSummary, svg: string | undefined): string {
  if (!svg) return diagramLinks(machine);
  return `<figure class="diagram" aria-labelledby="${anchor(machine.machineId)}-diagram">
<figcaption id="${anchor(machine.machineId)}-diagram">Statechart of ${escapeHtml(machine.machineId)} coloured by coverage: <span class="ok">✓ covered (green)</span>, <span class="miss">✗ uncovered (red, dashed)</span>. Hover a state or an edge for its id and description.</figcaption>
<div class="diagram-scroll" role="region" aria-label="Diagram of ${escapeHtml(machine.machineId)}" tabindex="0">${svg}</div>
</figure>
${diagramLinks(machine)}`;
}

function renderMachine(machine: MachineSummary, svg?: string): string {
  const e = escapeHtml;
  const { coverage } = machine;
  const uncovered = [
    ...coverage.states.uncovered.map((id) => `<li>state <code>${e(id)}</code></li>`),
    ...coverage.transitions.uncovered.map((id) => `<li>transition <code>${e(id)}</code></li>`),
  ];
  const stateRows = machine.states
    .map(
      (state) => `<tr><td><code>${e(state.id)}</code></td><td>${e(state.type)}</td>${statusCell(state.covered)}</tr>`,
    )
    .join('\n');
  const transitionRows = machine.transitions
    .map(
      (t) =>
        `<tr><td><code>${e(t.id)}</code></td><td>${e(t.kind)}</td><td>${t.guard ? `<code>${e(t.guard)}</code>` : '—'}</td>${statusCell(t.covered)}</tr>`,
    )
    .join('\n');
  const paths = machine.paths
    .map((path) => {
      const runs = Object.entries(path.runs)
        .map(([kind, run]) => `${kind}: ${run?.status ?? 'not run'}`)
        .join(', ');
      const story = path.story.length ? path.story : path.events;
      const errors = Object.entries(path.runs)
        .filter(([, run]) => run?.error)
        .map(([kind, run]) => `<pre class="error">${e(`${kind}: ${run?.error ?? ''}`)}</pre>`)
        .join('');
      return `<li><p><strong>${e(path.title)}</strong></p><ol class="story">${story.map((line) => `<li>${e(line)}</li>`).join('')}</ol><p class="meta">${e(runs || 'not run')} · <code>${e(path.testFile)}</code></p>${errors}</li>`;
    })
    .join('\n');
  const byRun = `machine run: states ${ratio(machine.byRun.machine.states)}, transitions ${ratio(machine.byRun.machine.transitions)}; UI run: states ${ratio(machine.byRun.ui.states)}, transitions ${ratio(machine.byRun.ui.transitions)}`;
  return `<section id="${anchor(machine.machineId)}" aria-labelledby="${anchor(machine.machineId)}-title">
<h2 id="${anchor(machine.machineId)}-title">${e(machine.name)} <small>(<code>${e(machine.machineId)}</code>)</small></h2>
<p>States ${ratio(coverage.states)} · transitions ${ratio(coverage.transitions)} · ${machine.pathCount} paths (${machine.failedPaths} failed) · tested in ${machine.testFiles.map((file) => `<code>${e(file)}</code>`).join(', ')}</p>
<p class="meta">${e(byRun)}</p>
${renderDiagram(machine, svg)}
${uncovered.length ? `<h3>Uncovered</h3><ul class="uncovered">${uncovered.join('')}</ul>` : '<p class="ok">Every state and transition is covered.</p>'}
<details><summary>All ${machine.states.length} states</summary>
<table><caption>States of ${e(machine.machineId)}</caption><thead><tr><th scope="col">state</th><th scope="col">type</th><th scope="col">coverage</th></tr></thead><tbody>
${stateRows}
</tbody></table></details>
<details><summary>All ${machine.transitions.length} transitions</summary>
<table><caption>Transitions of ${e(machine.machineId)}</caption><thead><tr><th scope="col">transition</th><th scope="col">kind</th><th scope="col">guard</th><th scope="col">coverage</th></tr></thead><tbody>
${transitionRows}
</tbody></table></details>
<details><summary>All ${machine.pathCount} paths in words</summary>
<ol class="paths">
${paths}
</ol></details>
</section>`;
}

export interface HtmlOptions {
  /** Inline SVG statechart per machine id, coloured by coverage (see coverage-diagrams.ts). */
  diagrams?: Readonly<Record<string, string>>;
}

/** A self-contained page (no scripts, no external assets) for testers and product owners. */
export function renderHtml(report: PathsReport, options: HtmlOptions = {}): string {
  const e = escapeHtml;
  const summaryRows = report.machines
    .map(
      (machine) =>
        `<tr><th scope="row"><a href="#${anchor(machine.machineId)}">${e(machine.machineId)}</a></th><td>${ratio(machine.coverage.states)}</td><td>${ratio(machine.coverage.transitions)}</td><td>${machine.pathCount}</td><td>${machine.failedPaths}</td></tr>`,
    )
    .join('\n');
  const missing = report.productMachines.filter((product) => !product.modelTest);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Model-test path coverage</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 72rem; padding: 1rem; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #767676; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
caption { text-align: left; font-weight: bold; }
code { font-size: 0.9em; word-break: break-word; }
.ok { color: #0b5d1e; }
.miss { color: #a4000f; font-weight: bold; }
.uncovered li { color: #a4000f; }
.meta { color: #4a4a4a; font-size: 0.9em; }
.error { white-space: pre-wrap; background: #fff0f0; border-left: 4px solid #a4000f; padding: 0.5rem; }
a:focus, summary:focus, .diagram-scroll:focus { outline: 3px solid #1a5fb4; outline-offset: 2px; }
.diagram { margin: 1rem 0; }
.diagram-scroll { overflow: auto; max-height: 80vh; border: 1px solid #767676; }
.diagram-scroll svg { max-width: none; }
</style>
</head>
<body>
<main>
<h1>Model-test path coverage</h1>
<p class="meta">Generated ${e(report.generatedAt)} from <code>reports/paths/*.json</code>. Coverage counts the states and transitions of each machine's definition that the executed paths visited (observed through the actor's inspect hook).</p>
${
  report.machines.length
    ? `<table><caption>Machines</caption><thead><tr><th scope="col">machine</th><th scope="col">states</th><th scope="col">transitions</th><th scope="col">paths</th><th scope="col">failed paths</th></tr></thead><tbody>
${summaryRows}
</tbody></table>`
    : '<p>No model-test results yet.</p>'
}
${missing.length ? `<h2>Product machines without a model test</h2><ul class="uncovered">${missing.map((product) => `<li><code>${e(product.file)}</code>: expected <code>model-tests/${e(product.flow)}.model.test.tsx</code></li>`).join('')}</ul>` : ''}
${report.staleFiles.length ? `<p class="meta">Skipped reports of deleted test files: ${report.staleFiles.map((file) => `<code>${e(file)}</code>`).join(', ')}</p>` : ''}
${report.machines.map((machine) => renderMachine(machine, options.diagrams?.[machine.machineId])).join('\n')}
</main>
</body>
</html>
`;
}

import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { runPathOnMachine } from './machine-run.ts';
import { checkStateKeys, type Model, serializeValue } from './model.ts';
import { generatePaths, type ModelPath, type PathOptions } from './paths.ts';
import { FILE_REPORT_DIR, fileReportFrom, relativeToRoot, writeFileReport } from './report.ts';
import { allSessions, expectFullCoverage, recordRun, registerPaths, sessionFor } from './session.ts';
import { runPathInUi, type UiRun } from './ui-run.ts';

export interface RunPathsOptions<TMachine extends AnyStateMachine> extends PathOptions {
  model: Model<TMachine>;
  /** Run every path against the machine with stub actors (default true). */
  machineRun?: boolean;
  /** Run every path through the rendered views with this driver. */
  uiRun?: UiRun<TMachine>;
  /**
   * Which paths the UI run takes: `all` (default), or `covering`: only the paths (in order) that pass a model state
   * (value and serialised context) or take a step (state value, event, next state value) no path chosen before them
   * does, so the views still show every state in every variant the model tells apart and perform every step, without
   * repeating paths that differ only in the order they get there (the machine run walks them all). The choice is made
   * when the tests are registered: the others are not UI tests at all, never skipped ones. For models with hundreds
   * of paths.
   */
  uiPaths?: 'all' | 'covering';
  /** Fail the file in afterAll when the machine is below 100 % states or transitions (default true). */
  requireFullCoverage?: boolean;
  /** Where the per-file JSON goes (default reports/paths/); false writes nothing. */
  reportDir?: string | false;
  /** The calling test file, when vitest cannot tell (it normally can). */
  testFile?: string;
}

function currentTestFile(explicit: string | undefined): string {
  const file = explicit ?? expect.getState().testPath;
  return file ? relativeToRoot(file) : 'unknown test file';
}

/**
 * Registers one vitest test per path and run (`<name> machine run` / `<name> UI run`), and an afterAll that writes
 * this file's report and enforces full coverage. Call it at the top level of a `*.model.test.tsx` file.
 */
export function runPaths<TMachine extends AnyStateMachine>(options: RunPathsOptions<TMachine>): ModelPath[] {
  const model = options.model as unknown as Model;
  const testFile = currentTestFile(options.testFile);
  if (options.uiRun)
    checkStateKeys(model.catalog, Object.keys(options.uiRun.states ?? {}), `UI run of "${model.name}"`);
  const paths = generatePaths(model, options);
  if (!paths.length) throw new Error(`Model "${model.name}" produced no paths.`);
  const session = sessionFor(model);
  registerPaths(session, paths, testFile);

  const run = async (kind: 'machine' | 'ui', path: ModelPath) => {
    const result =
      kind === 'machine'
        ? await runPathOnMachine(model, path)
        : await runPathInUi(options.model, path, options.uiRun as UiRun<TMachine>);
    recordRun(session, result);
    if (result.error) throw result.error;
  };

  if (options.machineRun !== false) {
    describe(`${model.name} machine run`, () => {
      for (const path of paths) it(path.title, () => run('machine', path));
    });
  }
  if (options.uiRun) {
    describe(`${model.name} UI run`, () => {
      const uiPaths = options.uiPaths === 'covering' ? coveringPaths(model, paths) : paths;
      for (const path of uiPaths) it(path.title, () => run('ui', path));
    });
  }

  afterAll(() => {
    const reportDir = options.reportDir ?? FILE_REPORT_DIR;
    if (reportDir !== false) writeFileReport(reportDir, fileReportFrom(testFile, allSessions()));
    if (options.requireFullCoverage !== false) expectFullCoverage(model.machine);
  });
  return paths;
}

/** What a path shows and does in the UI: each model state it passes (value and serialised context) and each step. */
function coveredBy(model: Model, path: ModelPath): Set<string> {
  return new Set(
    path.steps.flatMap((step, index) => {
      const snapshot = `snapshot ${model.serialize(step.state)}`;
      const previous = path.steps[index - 1];
      if (previous === undefined) return [snapshot];
      const move = `${serializeValue(previous.state.value)} --${step.event.type}--> ${serializeValue(step.state.value)}`;
      return [snapshot, `step ${move}`];
    }),
  );
}

/** What rendering a path costs besides its steps (mounting the views, unmounting them), counted in steps. */
const PATH_OVERHEAD_IN_STEPS = 4;

/**
 * The paths whose UI runs together pass every model state and take every step that any path does
 * (`uiPaths: 'covering'`): a greedy set cover, each round taking the path that adds the most states and steps not yet
 * covered per step it walks (ties to the earlier path), returned in the paths' own order. Taking them in order
 * instead (each path that adds anything) walked 1.7 times as many steps for the same cover.
 */
export function coveringPaths(model: Model, paths: readonly ModelPath[]): ModelPath[] {
  const items = paths.map((path) => coveredBy(model, path));
  const remaining = new Set(items.flatMap((set) => [...set]));
  const chosen = new Set<number>();
  while (remaining.size > 0) {
    let best = -1;
    let bestScore = 0;
    items.forEach((set, index) => {
      let added = 0;
      for (const item of set) if (remaining.has(item)) added++;
      const score = added / ((paths[index]?.steps.length ?? 0) + PATH_OVERHEAD_IN_STEPS);
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    chosen.add(best);
    for (const item of items[best] ?? []) remaining.delete(item);
  }
  return paths.filter((_, index) => chosen.has(index));
}

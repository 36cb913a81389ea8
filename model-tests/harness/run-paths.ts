import { afterAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { runPathOnMachine } from './machine-run.ts';
import { checkStateKeys, type Model } from './model.ts';
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
   * Which paths the UI run takes: `all` (default), or `covering`: only a path whose machine run reached a state, took
   * a transition or passed a distinct model state (value and serialised context) that the UI runs before it have not
   * (in path order), so the views still show every state in every variant the model tells apart and perform every
   * transition, without repeating paths that differ only in the order they get there (the machine run walks them
   * all). For models with hundreds of paths.
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

  // What each path's machine run covered, and what the UI runs have covered so far (`uiPaths: 'covering'`).
  const machineCovered = new Map<string, readonly string[]>();
  const uiCovered = new Set<string>();
  const run = async (kind: 'machine' | 'ui', path: ModelPath) => {
    const result =
      kind === 'machine'
        ? await runPathOnMachine(model, path)
        : await runPathInUi(options.model, path, options.uiRun as UiRun<TMachine>);
    recordRun(session, result);
    const covered = [
      ...result.states.map((id) => `state ${id}`),
      ...result.transitions.map((id) => `edge ${id}`),
      // Each distinct state the model tells apart (its value and the context keys it serialises) is shown once too.
      ...path.steps.map((step) => `snapshot ${model.serialize(step.state)}`),
    ];
    if (kind === 'machine') machineCovered.set(path.id, covered);
    else for (const item of covered) uiCovered.add(item);
    if (result.error) throw result.error;
  };
  /** Whether a path's UI run would add nothing: its machine run passed and covered only what UI runs already did. */
  const addsNothingToUi = (path: ModelPath) =>
    options.uiPaths === 'covering' && (machineCovered.get(path.id)?.every((item) => uiCovered.has(item)) ?? false);

  if (options.machineRun !== false) {
    describe(`${model.name} machine run`, () => {
      for (const path of paths) it(path.title, () => run('machine', path));
    });
  }
  if (options.uiRun) {
    describe(`${model.name} UI run`, () => {
      for (const path of paths)
        it(path.title, (context) => {
          if (addsNothingToUi(path)) context.skip();
          return run('ui', path);
        });
    });
  }

  afterAll(() => {
    const reportDir = options.reportDir ?? FILE_REPORT_DIR;
    if (reportDir !== false) writeFileReport(reportDir, fileReportFrom(testFile, allSessions()));
    if (options.requireFullCoverage !== false) expectFullCoverage(model.machine);
  });
  return paths;
}

/** The model-based testing harness: see model-tests/README.md. */
export { catalogMachine, type MachineCatalog, type StateEntry, type TransitionEntry } from './catalog.ts';
export {
  assertFullCoverage,
  type Coverage,
  type CoverageCount,
  computeCoverage,
  formatCoverage,
  isFullCoverage,
} from './coverage.ts';
export { runPathOnMachine } from './machine-run.ts';
export {
  defineModel,
  describeEvent,
  doneEvent,
  type EventVariants,
  errorEvent,
  type Model,
  type ModelConfig,
  type ModelCore,
  type StateAssertion,
} from './model.ts';
export type { PathRunResult } from './path-runner.ts';
export { generatePaths, type ModelPath, type PathOptions, type PathStrategy } from './paths.ts';
export { isRefused, snapshotAt } from './refused-events.ts';
export { renderInRouter } from './router.tsx';
export { coveringPaths, type RunPathsOptions, runPaths } from './run-paths.ts';
export { expectFullCoverage, sessionCoverage, sessionFor } from './session.ts';
export type { Invocation } from './stub-actors.ts';
export {
  type Driver,
  type DriverStep,
  type DriverTools,
  missingDriverSteps,
  runPathInUi,
  type UiAssertion,
  type UiRun,
  type UiTools,
  type Views,
} from './ui-run.ts';

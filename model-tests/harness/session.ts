import type { AnyStateMachine } from 'xstate';
import type { MachineCatalog } from './catalog.ts';
import { assertFullCoverage, type Coverage, computeCoverage } from './coverage.ts';
import type { Model } from './model.ts';
import type { PathRunResult } from './path-runner.ts';
import type { ModelPath, PathStrategy } from './paths.ts';

/**
 * What the paths executed in this test file did, per machine. The model tests' files share their worker's module
 * graph (vitest.config.ts), so the model project's setup file empties this registry before each file
 * (`forgetSessions`); the report printer merges the files' JSON afterwards.
 */

export interface RunOutcome {
  status: 'passed' | 'failed';
  error: string | null;
  transitions: string[];
}

export interface PathRecord {
  id: string;
  title: string;
  input: string;
  strategy: PathStrategy;
  events: string[];
  /** The path in words: events, transitions and guard branches taken (from the machine run, else the UI run). */
  story: string[];
  testFile: string;
  runs: { machine?: RunOutcome; ui?: RunOutcome };
}

export interface RunVisits {
  states: Set<string>;
  transitions: Set<string>;
}

export interface MachineSession {
  machineId: string;
  name: string;
  catalog: MachineCatalog;
  paths: Map<string, PathRecord>;
  visits: { machine: RunVisits; ui: RunVisits };
}

const sessions = new Map<string, MachineSession>();

function emptyVisits(): RunVisits {
  return { states: new Set(), transitions: new Set() };
}

export function newSession(model: Model): MachineSession {
  return {
    machineId: model.machine.id,
    name: model.name,
    catalog: model.catalog,
    paths: new Map(),
    visits: { machine: emptyVisits(), ui: emptyVisits() },
  };
}

/** This file's session of the model's machine. */
export function sessionFor(model: Model): MachineSession {
  let session = sessions.get(model.machine.id);
  if (!session) {
    session = newSession(model);
    sessions.set(model.machine.id, session);
  }
  return session;
}

/** A new test file starts: what the files before it ran in this worker is theirs (their reports are written). */
export function forgetSessions(): void {
  sessions.clear();
}

export function allSessions(): MachineSession[] {
  return [...sessions.values()];
}

export function registerPaths(session: MachineSession, paths: readonly ModelPath[], testFile: string): void {
  for (const path of paths) {
    if (session.paths.has(path.id)) continue;
    session.paths.set(path.id, {
      id: path.id,
      title: path.title,
      input: path.input.name,
      strategy: path.strategy,
      events: path.events,
      story: [],
      testFile,
      runs: {},
    });
  }
}

export function recordRun(session: MachineSession, result: PathRunResult): void {
  const record = session.paths.get(result.pathId);
  const visits = session.visits[result.kind];
  for (const id of result.states) visits.states.add(id);
  for (const id of result.transitions) visits.transitions.add(id);
  if (!record) return;
  record.runs[result.kind] = {
    status: result.status,
    error: result.error ? result.error.message : null,
    transitions: result.transitions,
  };
  if (result.kind === 'machine' || record.story.length === 0) record.story = result.story;
}

export function sessionCoverage(session: MachineSession): Coverage {
  const { machine, ui } = session.visits;
  return computeCoverage(session.catalog, {
    states: [...machine.states, ...ui.states],
    transitions: [...machine.transitions, ...ui.transitions],
  });
}

/**
 * Fails unless the paths executed so far in this test file covered every state and transition of `machine` (call it
 * in `afterAll`; `runPaths` does so by default).
 */
export function expectFullCoverage(machine: AnyStateMachine): Coverage {
  const session = sessions.get(machine.id);
  if (!session) throw new Error(`No model paths of machine "${machine.id}" ran in this test file.`);
  const coverage = sessionCoverage(session);
  assertFullCoverage(coverage);
  return coverage;
}

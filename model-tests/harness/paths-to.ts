import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { collectFlowMachines, type FlowMachine } from '../../src/flows/flow-exports.ts';
import { shortStateId } from './catalog.ts';
import type { LoadModule } from './load-modules.ts';
import { productMachineFiles } from './load-modules.ts';
import { machineMode } from './machine-run.ts';
import { describeEvent, type Model } from './model.ts';
import { executePath, type RunMode, recipientOf } from './path-runner.ts';
import { generatePaths, type ModelPath, stateValueLabel } from './paths.ts';
import { REPO_ROOT } from './report.ts';
import { structuralModel } from './structural-model.ts';

/**
 * `npm run paths:to -- <flow> <state> [--simple] [--limit N]`: the shortest path (default) or every simple path
 * from the start of a flow to one of its states, in words. Uses the flow's model when `model-tests/<flow>.model.ts`
 * exports one (exact: its event variants, answers and inputs); otherwise a structural model of the bare machine
 * (see structural-model.ts for what that cannot know).
 */

export interface PathsToOptions {
  machine: string;
  state: string;
  strategy: 'shortest' | 'simple';
  limit: number;
}

/** Where machines and models are found (repository paths); the defaults follow the project's conventions. */
export interface PathSources {
  machineFiles: readonly string[];
  /** The importable model of a flow, if any: `model-tests/<flow>.model.ts`. */
  modelFile: (flow: string) => string | null;
}

export const defaultSources = (): PathSources => ({
  machineFiles: productMachineFiles(),
  modelFile: (flow) => {
    const file = `model-tests/${flow}.model.ts`;
    return existsSync(join(REPO_ROOT, file)) ? file : null;
  },
});

const flowOfFile = (file: string) => (file.split('/').pop() ?? file).replace(/\.machine\.ts$/, '');

export function isModel(value: unknown): value is Model {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Model>;
  return typeof candidate.testModel === 'function' && typeof candidate.serialize === 'function' && !!candidate.catalog;
}

async function findFlow(name: string, load: LoadModule, files: readonly string[]): Promise<FlowMachine> {
  const byFile = files.find((file) => flowOfFile(file) === name);
  const candidates = byFile ? [byFile] : files;
  const problems: string[] = [];
  for (const file of candidates) {
    try {
      const [flow] = collectFlowMachines({ [file]: await load(file) });
      if (flow && (byFile || flow.machine.id === name)) return { ...flow, source: file };
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const known = files.map(flowOfFile).join(', ');
  throw new Error(
    `No machine "${name}" (flows: ${known || 'none'}).${problems.length ? `\n${problems.join('\n')}` : ''}`,
  );
}

async function modelOf(
  flow: FlowMachine,
  load: LoadModule,
  sources: PathSources,
): Promise<{ model: Model; exact: boolean; source: string }> {
  const file = sources.modelFile(flow.flow);
  if (file) {
    const model = Object.values(await load(file)).find(isModel);
    if (model) return { model, exact: true, source: file };
  }
  return { model: structuralModel(flow.machine), exact: false, source: 'the bare machine (structural)' };
}

/** `guardianLogin.invalid`, `#login.guardianLogin.invalid`, or a unique last part such as `invalid`. */
export function resolveState(machine: AnyStateMachine, model: Model, query: string): string {
  const states = model.catalog.states;
  if (query.startsWith('#')) {
    if (states.some((state) => state.id === query.slice(1))) return query;
  } else if (states.some((state) => state.path === query)) return query;
  const bySuffix = states.filter((state) => state.path.split('.').at(-1) === query || state.path.endsWith(`.${query}`));
  if (bySuffix.length === 1 && bySuffix[0]) return bySuffix[0].path;
  const list = states.map((state) => state.path).join(', ');
  const why = bySuffix.length > 1 ? `is ambiguous (${bySuffix.map((s) => s.path).join(', ')})` : 'names no state';
  throw new Error(`"${query}" ${why} of machine "${machine.id}". States: ${list}`);
}

/** Structural paths deliver every event as it is, answers included: there is no data for a stub to return. */
const rawMode: RunMode = {
  kind: 'machine',
  async perform(step, { actor, model }) {
    recipientOf(model, actor, step.event).send(step.event);
  },
  settle: machineMode.settle,
};

async function storyOf(model: Model, path: ModelPath, exact: boolean): Promise<string[]> {
  // The model's own assertions are for its test; here only the steps in words are wanted.
  const quiet: Model = { ...model, assertionsFor: () => [], assertionsWithin: () => [] };
  const result = await executePath(quiet, path, exact ? machineMode : rawMode);
  if (!result.error) return result.story;
  // Replaying needs what the machine reads on the way (invoke inputs from context); without it, tell the steps.
  return [
    ...path.steps
      .slice(1)
      .map((step) => `${describeEvent(step.event)} ⇒ ${stateValueLabel((step.state as AnyMachineSnapshot).value)}`),
    `(transitions not shown: the machine could not replay this path without real data: ${result.error.message.split('\n')[0]})`,
  ];
}

export async function pathsTo(
  options: PathsToOptions,
  load: LoadModule,
  sources: PathSources = defaultSources(),
): Promise<string> {
  const flow = await findFlow(options.machine, load, sources.machineFiles);
  const { model, exact, source } = await modelOf(flow, load, sources);
  const state = resolveState(flow.machine, model, options.state);
  const paths = generatePaths(model, { strategy: options.strategy, toState: state });
  const kind = options.strategy === 'shortest' ? 'Shortest path' : 'Simple paths';
  const out = [
    `${kind} of ${flow.flow} (machine ${flow.machine.id}) to ${shortStateId(flow.machine.id, state.startsWith('#') ? state.slice(1) : `${flow.machine.id}.${state}`)}, from ${source}:`,
  ];
  if (!exact) {
    out.push(
      '  (structural: guard outcomes are chosen freely, without data; a path may combine outcomes real data never gives.',
      `   For exact paths export the flow's model from model-tests/${flow.flow}.model.ts.)`,
    );
  }
  if (!paths.length) {
    out.push('  No path reaches it with the events and answers of this model.');
    return out.join('\n');
  }
  // Shortest: one path per distinct way of being there (input, serialised context); the overall shortest first.
  const sorted = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  const shown = options.strategy === 'shortest' ? sorted.slice(0, 1) : sorted.slice(0, options.limit);
  for (const [index, path] of shown.entries()) {
    const input = model.inputs.length > 1 ? ` [input: ${path.input.name}]` : '';
    out.push('', `${index + 1}. ${path.steps.length - 1} step(s)${input}`);
    for (const line of await storyOf(model, path, exact)) out.push(`   ${line}`);
  }
  if (sorted.length > shown.length) {
    out.push(
      '',
      options.strategy === 'shortest'
        ? `(${sorted.length - 1} more shortest path(s) reach it with another input or context; --simple lists every simple path.)`
        : `(${sorted.length - shown.length} more; --limit N shows more.)`,
    );
  }
  return out.join('\n');
}

import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
} from 'xstate';
import { shortStateId } from './catalog.ts';
import { describeEvent, type Model, serializeValue } from './model.ts';
import { type ModelPath, type PathStep, stateValueLabel } from './paths.ts';
import { RunRecorder } from './recorder.ts';
import { frozenClock, StubActors } from './stub-actors.ts';

/** What one run of one path did: the outcome and the states and transitions the actor really visited. */
export interface PathRunResult {
  kind: 'machine' | 'ui';
  pathId: string;
  status: 'passed' | 'failed';
  error: Error | null;
  /** The path in words, one line per step, with the transitions and guard branches the machine took. */
  story: string[];
  states: string[];
  transitions: string[];
}

export interface RunContext {
  model: Model;
  path: ModelPath;
  machine: AnyStateMachine;
  actor: AnyActorRef;
  stubs: StubActors;
  recorder: RunRecorder;
  /** What the flow's machine emitted so far (subscribed before it starts, so its first emits count). */
  emitted: AnyEventObject[];
}

/** The part that differs between the machine run and the UI run: how an event happens and how long to wait. */
export interface RunMode {
  kind: 'machine' | 'ui';
  /** Checks before anything runs (e.g. that the driver can perform every event of the path). */
  precheck?(path: ModelPath): void;
  /** After the actor started: e.g. render the views bound to it. */
  prepare?(context: RunContext): Promise<void>;
  perform(step: PathStep, context: RunContext): Promise<void>;
  /** Re-runs `check` until it passes or the mode gives up, then rethrows its last error. */
  settle(check: () => void): Promise<void>;
  /** Extra assertions after each step (the UI run's per-state screen checks). */
  afterStep?(step: PathStep, context: RunContext): Promise<void>;
}

export class PathFailure extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'PathFailure';
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return serializeValue(a) === serializeValue(b);
}

function checkStep(context: RunContext, step: PathStep, index: number, mark: ReturnType<RunRecorder['mark']>): void {
  const { actor, recorder, model, stubs } = context;
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  if (snapshot.status === 'error') {
    throw new Error(`The machine stopped with an error: ${serializeValue(snapshot.error)}`);
  }
  if (stubs.clashes.length) {
    throw new Error(
      `Two invoked actors "${stubs.clashes[0]}" waited at once (this machine's and a child's): rename one invoke id.`,
    );
  }
  if (index > 0) {
    const type = step.event.type;
    if (!recorder.receivedSince(mark).some((event) => event.type === type)) {
      throw new Error(`The machine never received "${type}": the step did not perform the event.`);
    }
    if (!recorder.takenSince(mark).length) {
      throw new Error(
        `The machine received "${type}" but took no transition (a guard or payload differs from the model).`,
      );
    }
  }
  if (!sameValue(snapshot.value, step.state.value)) {
    throw new Error(
      `Expected state ${stateValueLabel(step.state.value)}, but the machine is in ${stateValueLabel(snapshot.value)}.`,
    );
  }
  const expected = model.serialize(step.state);
  const actual = model.serialize(snapshot);
  if (expected !== actual) {
    throw new Error(`Expected serialised state ${expected}, but the machine has ${actual}.`);
  }
}

function formatPath(path: ModelPath, failedAt: number): string {
  return path.steps
    .map((step, index) => {
      const mark = index < failedAt ? '✓' : index === failedAt ? '✗' : '·';
      const event = index === 0 ? '(start)' : describeEvent(step.event);
      return `  ${mark} ${index}. ${event} ⇒ ${stateValueLabel(step.state.value)}`;
    })
    .join('\n');
}

function initialLine(context: RunContext): string {
  const snapshot = context.actor.getSnapshot() as AnyMachineSnapshot;
  const atomic = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  return `starts in ${atomic.map((node) => shortStateId(context.model.machine.id, node.id)).join(', ')}`;
}

/**
 * The running actor that takes `event`: the root, or the child machine (ModelConfig.children) the model routes it to,
 * as that child's views would send it.
 */
export function recipientOf(model: Model, actor: AnyActorRef, event: AnyEventObject): AnyActorRef {
  let recipient = actor;
  for (const id of model.route(actor.getSnapshot() as AnyMachineSnapshot, event) ?? []) {
    const child = (recipient.getSnapshot() as AnyMachineSnapshot).children[id] as AnyActorRef | undefined;
    if (!child) break;
    recipient = child;
  }
  return recipient;
}

/** Runs one path on a fresh actor whose actors are stubs; never throws: failures are in the result. */
export async function executePath(model: Model, path: ModelPath, mode: RunMode): Promise<PathRunResult> {
  const recorder = new RunRecorder(model.machine.id);
  const stubs = new StubActors();
  const result: PathRunResult = {
    kind: mode.kind,
    pathId: path.id,
    status: 'failed',
    error: null,
    story: [],
    states: [],
    transitions: [],
  };
  let index = -1;
  let actor: AnyActorRef | undefined;
  try {
    mode.precheck?.(path);
    const machine = model.withActors((src) => stubs.logicFor(src));
    actor = createActor(machine, { input: path.input.input, inspect: recorder.inspect, clock: frozenClock });
    const emitted: AnyEventObject[] = [];
    actor.on('*', (event) => {
      emitted.push(event);
    });
    const context: RunContext = { model, path, machine, actor, stubs, recorder, emitted };
    actor.start();
    await mode.prepare?.(context);
    for (const [stepIndex, step] of path.steps.entries()) {
      index = stepIndex;
      const mark = recorder.mark();
      if (stepIndex > 0) await mode.perform(step, context);
      await mode.settle(() => checkStep(context, step, stepIndex, mark));
      result.story.push(
        stepIndex === 0 ? initialLine(context) : recorder.describeStep(step.event, recorder.takenSince(mark)),
      );
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      for (const { snapshot: checked, assertion } of model.assertionsWithin(snapshot)) {
        await assertion(checked, { kind: mode.kind, invocations: stubs.invocations, emitted });
      }
      await mode.afterStep?.(step, context);
    }
    result.status = 'passed';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = index < 0 ? 'before its first step' : `at step ${index}`;
    result.error = new PathFailure(
      `${mode.kind} run of path "${path.title}" failed ${where}: ${reason}\n${formatPath(path, index)}`,
      error,
    );
  } finally {
    actor?.stop();
    result.states = [...recorder.states];
    result.transitions = [...recorder.transitions];
  }
  return result;
}

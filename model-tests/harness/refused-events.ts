import { type AnyEventObject, type AnyMachineSnapshot, getNextSnapshot } from 'xstate';
import type { Model } from './model.ts';
import { generatePaths } from './paths.ts';

/**
 * Refused events, which path generation cannot show: the harness keeps only event variants some transition takes, so
 * a submit the machine's guard refuses never appears in a path. These checks start from a state a model path really
 * reaches (`toState`, a state key as in `states`, or a predicate; the first input that reaches it) and ask the
 * machine itself.
 */
export function snapshotAt(
  model: Model,
  toState: string | ((snapshot: AnyMachineSnapshot) => boolean),
  { input }: { input?: string } = {},
): AnyMachineSnapshot {
  const paths = generatePaths(model, { strategy: 'shortest', toState }).filter(
    (path) => input === undefined || path.input.name === input,
  );
  const last = paths[0]?.steps.at(-1);
  if (last === undefined) throw new Error(`No path of ${model.name} reaches ${String(toState)}.`);
  return last.state;
}

/**
 * The machine refuses `event` at `snapshot`: no transition is enabled (`can` is false, which is also what views read
 * to disable their buttons), and sending it leaves the state and the context as they were.
 */
export function isRefused(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (snapshot.can(event)) return false;
  const next = getNextSnapshot(snapshot.machine, snapshot, event);
  // No transition taken: the same context object, and the same state value.
  return next.context === snapshot.context && JSON.stringify(next.value) === JSON.stringify(snapshot.value);
}

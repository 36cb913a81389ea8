import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import type { Actor, AnyStateMachine, EmittedFrom, InputFrom, OutputFrom, Snapshot, SnapshotFrom } from 'xstate';
import { flowInspector } from '../flows/flow-inspector';

/** The router's navigate function, as `mirrorStep` and `follow` receive it. */
export type NavigateFunction = ReturnType<typeof useNavigate>;

/** The wizard step a machine emits as `{ type: 'step', step }` for its URL; `never` for a flow without steps. */
type StepOf<TMachine extends AnyStateMachine> =
  Extract<EmittedFrom<TMachine>, { type: 'step' }> extends { step: infer TStep } ? TStep : never;

export interface FlowPageOptions<TMachine extends AnyStateMachine> {
  /** The flow's name for the /flows page and the Stately inspector (`flowInspector`). */
  flow: string;
  /** Read once, when the actor is created: later renders (and URL changes) do not restart the flow. */
  input: InputFrom<TMachine>;
  /** Wizards only: puts the step the machine emits into the URL (with `replace: true`). */
  mirrorStep?: (navigate: NavigateFunction, step: StepOf<TMachine>) => void;
  /** Performs the machine's exit (its final output) with the route's typed navigation. */
  follow: (navigate: NavigateFunction, exit: NonNullable<OutputFrom<TMachine>>) => void;
}

/**
 * The route side of every flow (architecture.md §4): creates the actor with its inspector and input, mirrors each
 * step a wizard emits into the URL and performs the exit once the machine ends. Pass module-level `mirrorStep` and
 * `follow` functions, so the effects subscribe once.
 */
export function useFlowPage<TMachine extends AnyStateMachine>(
  machine: TMachine,
  { flow, input, mirrorStep, follow }: FlowPageOptions<TMachine>,
): Actor<TMachine> {
  const actorRef = useActorRef(machine, { inspect: flowInspector(flow), input });
  const navigate = useNavigate();

  // A layout effect runs before useActorRef starts the actor (a passive effect): the first step is mirrored too.
  useLayoutEffect(() => {
    if (mirrorStep === undefined) return;
    const subscription = actorRef.on('step', ({ step }) => mirrorStep(navigate, step));
    return () => subscription.unsubscribe();
  }, [actorRef, navigate, mirrorStep]);

  const exit = useSelector(actorRef, exitOf<TMachine>);
  useEffect(() => {
    if (exit) follow(navigate, exit);
  }, [exit, navigate, follow]);

  return actorRef;
}

/** The machine's output once it is done, else null (the exit effect waits for it). */
function exitOf<TMachine extends AnyStateMachine>(snapshot: SnapshotFrom<TMachine>): OutputFrom<TMachine> | null {
  // Generic code cannot unfold SnapshotFrom<TMachine>; a machine's snapshot is a Snapshot of its output.
  const machineSnapshot = snapshot as Snapshot<OutputFrom<TMachine>>;
  return machineSnapshot.status === 'done' ? machineSnapshot.output : null;
}

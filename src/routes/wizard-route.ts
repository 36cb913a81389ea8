import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

type Navigate = ReturnType<typeof useNavigate>;

/** A wizard's actor: it emits `{ type: 'step', step }` for its URL and ends with its exit as output. */
type WizardActorRef<TStep, TExit, TEvent extends EventObject> = ActorRef<
  Snapshot<TExit>,
  TEvent,
  { type: 'step'; step: TStep }
>;

/**
 * The route side of a wizard (architecture.md §4, login and register): mirrors each step the machine emits into the
 * URL and performs its exit once it ends. Both functions are module-level, so the effects subscribe once.
 */
export function useWizardRoute<TStep, TExit, TEvent extends EventObject>(
  actorRef: WizardActorRef<TStep, TExit, TEvent>,
  mirrorStep: (navigate: Navigate, step: TStep) => void,
  follow: (navigate: Navigate, exit: TExit) => void,
): void {
  const navigate = useNavigate();

  // A layout effect runs before useActorRef starts the actor (a passive effect): the first step is mirrored too.
  useLayoutEffect(() => {
    const subscription = actorRef.on('step', ({ step }) => mirrorStep(navigate, step));
    return () => subscription.unsubscribe();
  }, [actorRef, navigate, mirrorStep]);

  const exit = useSelector(actorRef, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  useEffect(() => {
    if (exit) follow(navigate, exit);
  }, [exit, navigate, follow]);
}

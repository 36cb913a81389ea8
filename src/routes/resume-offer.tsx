/**
 * 'Continue where you left off' (issue 21 point 1), route side: runs src/machines/resume-offer.machine.ts (the saved
 * registration, the choice and its calls), shows what its connect module derives with
 * src/views/resume/resume-offer-view.tsx, and performs the machine's exit with the router: Continue opens the saved
 * flow's page, which checks that the copy still fits its machine and resumes it through the server's answers (a
 * `resume` input); 'Start over' and nothing saved hand back to the page.
 *
 * Loaded lazily by /login and /continue, so the entry pages keep their first-visit budget.
 */
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { RegistrationProgress } from '../api/registration-progress';
import { flowInspector } from '../flows/flow-inspector';
import { resumeOfferView } from '../machines/resume-offer.connect';
import { type ResumeOfferExit, resumeOfferMachine } from '../machines/resume-offer.machine';
import { ResumeOfferView } from '../views/resume/resume-offer-view';

export interface ResumeOfferProps {
  /** The licence whose saved registration is offered; null: the guardian's latest (the site's root). */
  license: string | null;
  /** No saved registration (or it could not be read): the page goes on as usual. */
  onNone: () => void;
  /** 'Start over' deleted it. */
  onStartOver: (license: string) => void;
}

export default function ResumeOffer({ license, onNone, onStartOver }: ResumeOfferProps) {
  const actorRef = useActorRef(resumeOfferMachine, { inspect: flowInspector('resume-offer'), input: { license } });
  const view = useSelector(actorRef, resumeOfferView);
  const exit = useSelector(actorRef, exitOf);
  const navigate = useNavigate();
  const router = useRouter();
  const pathname = useRouterState({ select: (routerState) => routerState.location.pathname });
  // The exit is performed once, whatever re-renders the page afterwards.
  const performed = useRef(false);

  useEffect(() => {
    if (exit === null || performed.current) return;
    performed.current = true;
    if (exit.kind === 'none') onNone();
    else if (exit.kind === 'startedOver') onStartOver(exit.license);
    else {
      const target = flowLocation(exit.progress);
      // The same page (login offering a login): a fresh load starts its flow again, from the local copy.
      if (target.to === pathname) window.location.assign(router.buildLocation(target).href);
      else void navigate({ ...target, replace: true });
    }
  }, [exit, onNone, onStartOver, navigate, router, pathname]);

  if (view.kind === 'hidden') return null;
  return (
    <ResumeOfferView
      offer={view.offer}
      busy={view.busy}
      error={view.error}
      onContinue={() => actorRef.send({ type: 'CONTINUE' })}
      onStartOver={() => actorRef.send({ type: 'START_OVER' })}
    />
  );
}

function exitOf(snapshot: { status: string; output?: ResumeOfferExit | undefined }): ResumeOfferExit | null {
  return snapshot.status === 'done' ? (snapshot.output ?? null) : null;
}

/** Where a saved registration's flow opens; its page reads the step and the choices from the local copy. */
function flowLocation(progress: RegistrationProgress) {
  const step = STEP_NUMBERS[progress.step];
  switch (progress.flow) {
    case 'register':
      return { to: '/register', search: { license: progress.license, is_team_license: true, step } } as const;
    case 'login':
      return { to: '/login', search: { license: progress.license, step } } as const;
    case 'payment':
      return { to: '/payment', search: {} } as const;
  }
}

/** The wizards' step numbers in their URL (spec §2): a stored user deep-links to the athlete steps. */
const STEP_NUMBERS: Readonly<Record<string, number>> = {
  'register.account': 1,
  'register.athleteList': 2,
  'register.createAthlete': 3,
  'login.athleteList': 3,
  'login.createAthlete': 4,
};

/**
 * 'Continue where you left off' (issue 21 point 1), route side: asks the server for the guardian's saved registration
 * (one licence, or the latest), shows it with src/views/resume/resume-offer-view.tsx, and performs the choice.
 *
 * Continue keeps the saved snapshot as this tab's local copy (src/session/progress.ts) and opens its flow's page,
 * which checks that it still fits the machine and resumes it through the server's answers (a `resume` input). A
 * payment is made with the athlete's token (§6), which a fresh device does not have: it is taken from the guardian's
 * athlete list (GET /api/user/athletes), as the athlete steps do. 'Start over' deletes the saved registration.
 *
 * Loaded lazily by /login and /continue, so the entry pages keep their first-visit budget.
 */
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getAthletes } from '../api/auth';
import { errorText } from '../api/errors';
import { deleteProgress, getProgress, type RegistrationProgress } from '../api/registration-progress';
import { clearAthleteToken, setAthleteToken } from '../session/athlete-token';
import { getCurrentUser } from '../session/current-user';
import { forgetLocalProgress, writeLocalProgress } from '../session/progress';
import { ResumeOfferView } from '../views/resume/resume-offer-view';

type OfferState =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'offer'; progress: RegistrationProgress; busy: boolean; error: string | null };

export interface ResumeOfferProps {
  /** The licence whose saved registration is offered; null: the guardian's latest (the site's root). */
  license: string | null;
  /** No saved registration (or it could not be read): the page goes on as usual. */
  onNone: () => void;
  /** 'Start over' deleted it. */
  onStartOver: (license: string) => void;
}

export default function ResumeOffer({ license, onNone, onStartOver }: ResumeOfferProps) {
  const [state, setState] = useState<OfferState>({ kind: 'loading' });
  const navigate = useNavigate();
  const router = useRouter();
  const pathname = useRouterState({ select: (routerState) => routerState.location.pathname });

  useEffect(() => {
    const controller = new AbortController();
    getProgress(license, { signal: controller.signal }).then(
      (progress) => {
        if (progress === null) {
          setState({ kind: 'none' });
          onNone();
        } else setState({ kind: 'offer', progress, busy: false, error: null });
      },
      () => {
        if (controller.signal.aborted) return;
        // Resuming is a convenience: when it cannot be read, the page goes on as if there were none.
        setState({ kind: 'none' });
        onNone();
      },
    );
    return () => controller.abort();
  }, [license, onNone]);

  if (state.kind !== 'offer') return null;
  const { progress } = state;

  const fail = (error: unknown) => setState({ ...state, busy: false, error: errorText(error) });

  const onContinue = async () => {
    setState({ ...state, busy: true, error: null });
    try {
      if (progress.flow === 'payment') await choosePayerOf(progress);
      writeLocalProgress(progress);
      const target = flowLocation(progress);
      if (target.to === pathname) {
        // The same page (login offering a login): a fresh load starts its flow again, from the local copy.
        window.location.assign(router.buildLocation(target).href);
      } else void navigate({ ...target, replace: true });
    } catch (error) {
      fail(error);
    }
  };

  const onChooseStartOver = async () => {
    setState({ ...state, busy: true, error: null });
    try {
      await deleteProgress(progress.license);
      forgetLocalProgress();
      setState({ kind: 'none' });
      onStartOver(progress.license);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <ResumeOfferView
      offer={{
        athlete: progress.athlete?.name ?? null,
        team: progress.team?.name ?? null,
        season: progress.team?.season ?? null,
        step: progress.step,
      }}
      busy={state.busy}
      error={state.error}
      onContinue={() => void onContinue()}
      onStartOver={() => void onChooseStartOver()}
    />
  );
}

/** The saved athlete pays (§6): their token from the guardian's athlete list; the guardian paying for themself: none. */
async function choosePayerOf(progress: RegistrationProgress): Promise<void> {
  const athleteId = progress.athlete?.id ?? null;
  if (athleteId === null || athleteId === getCurrentUser()?.id) {
    clearAthleteToken();
    return;
  }
  const athlete = (await getAthletes()).find((candidate) => candidate.user_id === athleteId);
  if (athlete === undefined) clearAthleteToken();
  else setAthleteToken(athlete.token);
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

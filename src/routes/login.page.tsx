import { createLazyRoute } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { athleteStepsMachine } from '../machines/athlete-steps.machine';
import { type LoginExit, type LoginStep, loginMachine } from '../machines/login.machine';
import { getCurrentUser } from '../session/current-user';
import type { ResumeOutcome } from '../session/progress-restore';
import { useCurrentUser } from '../session/use-session';
import { LoginFlow } from '../views/login/login-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { ResumeDiscardedNotice, useProgressSaving, useResumeOutcome } from './use-progress';

/** Issue 21: 'Continue where you left off' is its own chunk, fetched only once someone logged in with a licence. */
const ResumeOffer = lazy(() => import('./resume-offer'));

/** Issue 21: the machines whose state ids are a saved login's version (the wizard and its athlete steps). */
const LOGIN_VERSION_OF = [loginMachine, athleteStepsMachine];

/** Login steps 3-4 of a resumed registration (spec §2), with the athlete it had chosen. */
const STEP_NUMBERS = { athleteList: 3, createAthlete: 4 } as const;

function resumeInput(resumed: ResumeOutcome<'login'>) {
  if (resumed.kind !== 'resume') return {};
  return { step: STEP_NUMBERS[resumed.point.step], athleteId: resumed.point.athleteId };
}

export const Route = createLazyRoute('/login')({
  component: LoginRoute,
});

/** A tab holding a saved registration loads the resume chunk before the wizard starts (use-progress.ts). */
function LoginRoute() {
  return (
    <Suspense fallback={null}>
      <LoginPage />
    </Suspense>
  );
}

/**
 * /login: the validated query and the stored user start the wizard; its `step` events are mirrored into the URL and
 * its exit is navigated. No rule lives here (login.machine.ts decides).
 */
function LoginPage() {
  const search = Route.useSearch();
  // Issue 21: a reload, or 'Continue where you left off', resumes from this tab's copy of the saved registration.
  const resumed = useResumeOutcome('login', loginMachine, LOGIN_VERSION_OF, search.license ?? null);
  const actorRef = useFlowPage(loginMachine, {
    flow: 'login',
    input: { ...search, ...resumeInput(resumed), user: getCurrentUser() },
    mirrorStep,
    follow,
  });
  const user = useCurrentUser();
  // Issue 21: logging in here with a licence offers the registration saved for it (once); meanwhile nothing is saved,
  // so the offer is not overwritten by the steps it would replace.
  const [openedWithUser] = useState(() => getCurrentUser() !== null);
  const [offerSettled, setOfferSettled] = useState(false);
  const settleOffer = useCallback(() => setOfferSettled(true), []);
  const license = search.license ?? null;
  const offering = license !== null && !openedWithUser && user !== null && !offerSettled && resumed.kind === 'none';
  useProgressSaving(actorRef, { flow: 'login', versionOf: LOGIN_VERSION_OF, enabled: !offering });
  // §1: the stylesheet of the licence's organization in the URL, else the stored user's (or the client's).
  useJourneyStylesheet(user, { code: search.license, coach: search.coach });
  let notice = resumed.kind === 'discarded' ? <ResumeDiscardedNotice /> : null;
  if (offering) {
    notice = (
      <Suspense fallback={null}>
        <ResumeOffer license={license} onNone={settleOffer} onStartOver={settleOffer} />
      </Suspense>
    );
  }
  return <LoginFlow actorRef={actorRef} notice={notice} />;
}

function mirrorStep(navigate: NavigateFunction, step: LoginStep): void {
  void navigate({
    to: '/login',
    // A token is spent once it logged in or failed; a reload must not try it again.
    search: ({ websiteToken: _token, userID: _user, ...rest }) => ({ ...rest, step }),
    replace: true,
  });
}

/**
 * Navigates to an exit. Where login leads once it succeeded replaces the wizard in the history (Back should not
 * return to a form that logs out); the wizard's own links (register, licence, forgot password) push.
 */
function follow(navigate: NavigateFunction, exit: LoginExit): void {
  if ('href' in exit) {
    void navigate({ href: exit.href, replace: true });
    return;
  }
  switch (exit.to) {
    case '/register':
      void navigate({ to: exit.to, search: exit.search });
      return;
    case '/licenses/$license':
      void navigate({ to: exit.to, params: exit.params });
      return;
    case '/contact-coach':
    case '/resetpwd/forgot':
      void navigate({ to: exit.to });
      return;
    case '/coach/$license':
      void navigate({ to: exit.to, params: exit.params, search: exit.search, replace: true });
      return;
    case '/waitlist':
      void navigate({ to: exit.to, search: exit.search, replace: true });
      return;
    case '/payment':
    case '/dashboard':
      void navigate({ to: exit.to, replace: true });
      return;
  }
}

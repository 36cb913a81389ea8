import { createLazyRoute } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { loadGroups } from '../i18n/runtime';
import { type LoginExit, type LoginStep, loginMachine } from '../machines/login.machine';
import { loginProgress } from '../machines/login.persist';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { LoginFlow } from '../views/login/login-flow';
import { ATHLETE_STEPS_ACTORS, useAthleteStepsPreload } from './athlete-steps-preload';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { ResumeDiscardedNotice, resumedInput, useProgressSaving, useResumeOutcome } from './use-progress';

/**
 * Issue 21: 'Continue where you left off' is its own chunk, fetched only once someone logged in with a licence, with
 * its texts (the `resume` group) in the language in use.
 */
const ResumeOffer = lazy(() =>
  Promise.all([import('./resume-offer'), loadGroups(['resume'])]).then(([loaded]) => loaded),
);

/**
 * The wizard with the athlete steps it reaches after the login: their code loads then, or earlier once the page is idle
 * (athlete-steps-preload.ts); a first visit does not carry it.
 */
const loginPageMachine = loginMachine.provide({ actors: ATHLETE_STEPS_ACTORS });

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
  const resumed = useResumeOutcome(loginProgress, loginPageMachine, search.license ?? null);
  const actorRef = useFlowPage(loginPageMachine, {
    flow: 'login',
    input: { ...search, ...resumedInput(resumed), user: getCurrentUser() },
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
  useAthleteStepsPreload();
  useProgressSaving(actorRef, { progress: loginProgress, enabled: !offering });
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

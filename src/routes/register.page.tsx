import { createLazyRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { type RegisterExit, type RegisterStep, registerMachine } from '../machines/register.machine';
import { registerProgress } from '../machines/register.persist';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { RegisterFlow } from '../views/register/register-flow';
import { ATHLETE_STEPS_ACTORS, useAthleteStepsPreload } from './athlete-steps-preload';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { ResumeDiscardedNotice, resumedInput, useProgressSaving, useResumeOutcome } from './use-progress';

/**
 * The wizard with the athlete steps it reaches after the account: their code loads then, or earlier once the page is idle
 * (athlete-steps-preload.ts); a first visit does not carry it.
 */
const registerPageMachine = registerMachine.provide({ actors: ATHLETE_STEPS_ACTORS });

export const Route = createLazyRoute('/register')({
  component: RegisterRoute,
});

/** A tab holding a saved registration loads the resume chunk before the wizard starts (use-progress.ts). */
function RegisterRoute() {
  return (
    <Suspense fallback={null}>
      <RegisterPage />
    </Suspense>
  );
}

/**
 * /register (the route already required the team-licence flag): the validated query and the stored user start the
 * wizard; its `step` events are mirrored into the URL and its exit is navigated. No rule lives here.
 */
function RegisterPage() {
  const search = Route.useSearch();
  // Issue 21: a reload, or 'Continue where you left off', resumes from this tab's copy of the saved registration.
  const resumed = useResumeOutcome(registerProgress, registerPageMachine, search.license ?? null);
  const actorRef = useFlowPage(registerPageMachine, {
    flow: 'register',
    input: { ...search, ...resumedInput(resumed), user: getCurrentUser() },
    mirrorStep,
    follow,
  });
  // Once the account exists every step is saved (before it, nothing leaves the browser).
  useAthleteStepsPreload();
  useProgressSaving(actorRef, { progress: registerProgress });
  // §1: the stylesheet of the licence's organization in the URL, else the stored user's (or the client's).
  useJourneyStylesheet(useCurrentUser(), { code: search.license, coach: search.coach });
  return <RegisterFlow actorRef={actorRef} notice={resumed.kind === 'discarded' ? <ResumeDiscardedNotice /> : null} />;
}

function mirrorStep(navigate: NavigateFunction, step: RegisterStep): void {
  void navigate({ to: '/register', search: (previous) => ({ ...previous, step }), replace: true });
}

/**
 * Navigates to an exit. Payment replaces the wizard in the history (its own Back leads to step 2); the wizard's
 * links (licence page, login, contact coach) push.
 */
function follow(navigate: NavigateFunction, exit: RegisterExit): void {
  switch (exit.to) {
    case '/contact-coach':
      void navigate({ to: exit.to, replace: true });
      return;
    case '/licenses/$license':
      void navigate({ to: exit.to, params: exit.params });
      return;
    case '/login':
      void navigate({ to: exit.to, search: exit.search });
      return;
    case '/payment':
      void navigate({ to: exit.to, replace: true });
      return;
    case '/waitlist':
      void navigate({ to: exit.to, search: exit.search, replace: true });
      return;
    case '/coach/$license':
      void navigate({ to: exit.to, params: exit.params, search: exit.search, replace: true });
      return;
  }
}

import { createLazyRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { athleteStepsMachine } from '../machines/athlete-steps.machine';
import { type RegisterExit, type RegisterStep, registerMachine } from '../machines/register.machine';
import { getCurrentUser } from '../session/current-user';
import type { ResumeOutcome } from '../session/progress-restore';
import { useCurrentUser } from '../session/use-session';
import { RegisterFlow } from '../views/register/register-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { ResumeDiscardedNotice, useProgressSaving, useResumeOutcome } from './use-progress';

/** Issue 21: the machines whose state ids are a saved registration's version (the wizard and its athlete steps). */
const REGISTER_VERSION_OF = [registerMachine, athleteStepsMachine];

/** Register steps 1-3 of a resumed registration (spec §2), with the athlete it had chosen. */
const STEP_NUMBERS = { account: 1, athleteList: 2, createAthlete: 3 } as const;

function resumeInput(resumed: ResumeOutcome<'register'>) {
  if (resumed.kind !== 'resume') return {};
  return { step: STEP_NUMBERS[resumed.point.step], athleteId: resumed.point.athleteId };
}

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
  const resumed = useResumeOutcome('register', registerMachine, REGISTER_VERSION_OF, search.license ?? null);
  const actorRef = useFlowPage(registerMachine, {
    flow: 'register',
    input: { ...search, ...resumeInput(resumed), user: getCurrentUser() },
    mirrorStep,
    follow,
  });
  // Once the account exists every step is saved (before it, nothing leaves the browser).
  useProgressSaving(actorRef, { flow: 'register', versionOf: REGISTER_VERSION_OF });
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

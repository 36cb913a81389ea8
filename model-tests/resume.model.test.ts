/**
 * Issue 21 point 5: every reachable state of the register and login wizards (their own models' graphs) restores
 * from its persisted snapshot to the same screen, and what the site saves of it carries no secret and resumes at the
 * same step (model-tests/resume-restore.ts). The payment flow's check runs in payment.model.test.tsx, beside its
 * model.
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  type AthleteStepsActorRef,
  athleteListView,
  athleteStepsScreen,
  createAthleteView,
} from '../src/machines/athlete-steps.connect';
import { athleteStepsMachine } from '../src/machines/athlete-steps.machine';
import { guardianLoginView, loginView } from '../src/machines/login.connect';
import { loginMachine } from '../src/machines/login.machine';
import { guardianAccountView, registerView } from '../src/machines/register.connect';
import { registerMachine } from '../src/machines/register.machine';
import { loginModel, loginPageMachine } from './login.model.ts';
import { registerModel, registerPageMachine } from './register.model.ts';
import { describeRestoring } from './resume-restore.ts';

function athleteStepsViewOf(actor: AthleteStepsActorRef | undefined) {
  if (actor === undefined) return null;
  const child = actor.getSnapshot();
  const screen = athleteStepsScreen(child);
  return {
    screen,
    list: screen === 'athleteList' ? athleteListView(child) : null,
    create: screen === 'createAthlete' ? createAthleteView(child) : null,
  };
}

describeRestoring({
  flow: 'register',
  model: registerModel,
  machine: registerPageMachine,
  versionOf: [registerMachine, athleteStepsMachine],
  view: (snapshot: AnyMachineSnapshot) => {
    const { screen, athleteSteps } = registerView(snapshot);
    return {
      screen,
      account: screen === 'guardianAccount' ? guardianAccountView(snapshot) : null,
      athleteSteps: athleteStepsViewOf(athleteSteps),
    };
  },
});

describeRestoring({
  flow: 'login',
  model: loginModel,
  machine: loginPageMachine,
  versionOf: [loginMachine, athleteStepsMachine],
  view: (snapshot: AnyMachineSnapshot) => {
    const { screen, athleteSteps } = loginView(snapshot);
    return {
      screen,
      login: screen === 'guardianLogin' ? guardianLoginView(snapshot) : null,
      athleteSteps: athleteStepsViewOf(athleteSteps),
    };
  },
});

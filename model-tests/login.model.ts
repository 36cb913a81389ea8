/** The login wizard's model (login.machine.ts): inputs, stub API answers and per-state checks of the machine. */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { CurrentUser } from '../src/api/schemas';
import { athleteStepsMachine } from '../src/machines/athlete-steps.machine';
import { loginMachine } from '../src/machines/login.machine';
import { getCurrentUser } from '../src/session/current-user';
import { athleteStepOf, guardian, urlStep } from './athlete-steps.fixtures.ts';
import { athleteStepsModel } from './athlete-steps.model.ts';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';
import { CODE_NOT_FETCHED } from './register.model.ts';

/** Someone logged in on this device before the wizard opened (login.model.test.tsx stores it before every path). */
export const earlierUser: CurrentUser = {
  ...guardian,
  id: 99,
  email: 'someone.else@example.com',
  token: 'earlier-token',
};

const invalidCredentials = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { email: ['These credentials do not match our records.'] },
});

/** The athlete step read by the guard that mirrors it into the URL; the athlete steps' own state is added. */
const serializeState = (snapshot: SnapshotFrom<typeof loginMachine>) =>
  JSON.stringify({ value: snapshot.value, athleteStep: snapshot.context.athleteStep });

/**
 * The wizard as /login provides it (src/routes/login.page.tsx gives the athlete steps, loaded lazily): here the real
 * child machine; the load of its code is an answered or failed invocation (`athleteStepsCode`).
 */
export const loginPageMachine = loginMachine.provide({ actors: { athleteSteps: athleteStepsMachine } });

export const loginModel = defineModel({
  machine: loginPageMachine,
  inputs: {
    // /login: welcome, log in, /dashboard; 'No' without a licence.
    plain: { user: null },
    // /login?license=…&step=1: the welcome step with a licence ('No' leads to /register), the athlete steps, /payment.
    licence: { license: 'TIGERS-2027', step: 1, preset_email: 'new.parent@example.com', user: null },
    // /login?license=…&coach=true: a licence forces step 2; a coach licence leads to the coach page.
    coach: { license: 'COACH-2027', coach: true, user: null },
    passwordReset: { password_is_reset: true, preset_email: 'parent@example.com', user: null },
    returnUrl: { step: 2, returnUrl: '/subscribe?term=annual', user: null },
    websiteToken: { websiteToken: 'website-token-1', userID: '10', user: null },
    // A step that needs a user, without one, falls back to step 2.
    createStepWithoutUser: { step: 4, user: null },
    // A stored user's deep link to the athlete list without a licence: the membership continues to /dashboard.
    athleteStep: { step: 3, user: earlierUser },
    // Issue 21 point 3: 'Join the waitlist' on a full team's licence page: login, then /waitlist.
    waitlist: { license: 'FULL-2027', step: 2, waitlist: true, user: null },
  },
  // The athlete steps run for real: their events, answers and checks come from their own model.
  children: { athleteSteps: athleteStepsModel },
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: { email: 'parent@example.com', password: 'Password1!' } }],
    'xstate.done.actor.athleteStepsCode': [doneEvent('athleteStepsCode', undefined)],
    'xstate.error.actor.athleteStepsCode': [errorEvent('athleteStepsCode', CODE_NOT_FETCHED)],
    'xstate.done.actor.login': [doneEvent('login', guardian)],
    'xstate.error.actor.login': [errorEvent('login', invalidCredentials)],
    'xstate.done.actor.websiteToken': [doneEvent('websiteToken', guardian)],
    'xstate.error.actor.websiteToken': [
      errorEvent('websiteToken', new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' })),
    ],
  },
  serializeState,
  states: {
    // §4: at step 2 or lower the stored user is silently logged out; §2: the URL names the step.
    welcome: (_snapshot, { emitted }) => {
      expect(getCurrentUser()).toBeNull();
      expect(urlStep(emitted)).toBe(1);
    },
    guardianLogin: (_snapshot, { emitted }) => {
      expect(getCurrentUser()).toBeNull();
      expect(urlStep(emitted)).toBe(2);
    },
    'guardianLogin.loggingIn': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'login',
        input: { email: 'parent@example.com', password: 'Password1!' },
      }),
    'guardianLogin.form.invalid': (snapshot) =>
      expect(snapshot.context.error).toBe('These credentials do not match our records.'),
    tokenLogin: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'websiteToken',
        input: { user_id: 10, token: 'website-token-1' },
      }),
    // A deep link keeps the stored user; every other way into the athlete steps stored the guardian who logged in.
    athleteSteps: (snapshot, { emitted }) => {
      expect(getCurrentUser()?.email).toBe(snapshot.context.openedWithUser ? earlierUser.email : guardian.email);
      // §2: the athlete list is step 3, the create-athlete form step 4.
      expect(urlStep(emitted)).toBe(athleteStepOf(snapshot) === 'createAthlete' ? 4 : 3);
    },
    toRegister: (snapshot) =>
      expect(snapshot.output).toEqual({
        to: '/register',
        search: { license: 'TIGERS-2027', is_team_license: true, preset_email: 'new.parent@example.com' },
      }),
    toContactCoach: (snapshot) => expect(snapshot.output).toEqual({ to: '/contact-coach' }),
    toLicence: (snapshot) =>
      expect(snapshot.output).toEqual({ to: '/licenses/$license', params: { license: snapshot.context.license } }),
    toForgotPassword: (snapshot) => expect(snapshot.output).toEqual({ to: '/resetpwd/forgot' }),
    toCoach: (snapshot) => {
      expect(snapshot.output).toEqual({
        to: '/coach/$license',
        params: { license: 'COACH-2027' },
        search: { claimed_login: true },
      });
      expect(getCurrentUser()?.token).toBe(guardian.token);
    },
    toPayment: (snapshot) => expect(snapshot.output).toEqual({ to: '/payment' }),
    toReturnUrl: (snapshot) => {
      expect(snapshot.output).toEqual({ href: '/subscribe?term=annual' });
      expect(getCurrentUser()?.token).toBe(guardian.token);
    },
    toDashboard: (snapshot) => expect(snapshot.output).toEqual({ to: '/dashboard' }),
    toWaitlist: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/waitlist', search: { license: 'FULL-2027', join: true } });
      expect(getCurrentUser()?.token).toBe(guardian.token);
    },
  },
});

/**
 * A stored user's deep link to the create-athlete step. Its athlete steps are those `loginModel` walks edge by edge;
 * this model walks one shortest path to each state (see the test file), which covers the way in.
 */
export const loginCreateStepModel = defineModel({
  machine: loginPageMachine,
  name: 'login (deep link to step 4)',
  input: { step: 4, user: earlierUser },
  children: loginModel.config.children,
  events: loginModel.config.events,
  serializeState,
  states: loginModel.config.states,
});

/** The register wizard's models (register.machine.ts): inputs, stub API answers and per-state checks. */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { Coupon, CurrentUser, User } from '../src/api/schemas';
import type { GuardianAccountFields } from '../src/domain/account-forms';
import type { GuardianFormValues } from '../src/domain/forms/guardian';
import { maskPhone } from '../src/domain/phone';
import { athleteStepsMachine } from '../src/machines/athlete-steps.machine';
import { registerMachine } from '../src/machines/register.machine';
import { getCurrentUser } from '../src/session/current-user';
import { athleteStepOf, guardian, serverDown, urlStep } from './athlete-steps.fixtures.ts';
import { athleteStepsModel } from './athlete-steps.model.ts';
import { defineModel, doneEvent, errorEvent, type ModelConfig } from './harness/index.ts';

/** What the driver types into the guardian form: §5 cleans and joins the names. */
export const typedGuardian = {
  firstName: '  Pat ',
  lastName: 'Rivera!',
  phone: '5551234567',
  email: 'pat.rivera@example.com',
  password: 'Password1!',
};

/** The guardian form's values for what the driver types: creating (with passwords) and editing. */
const creatingGuardian: GuardianAccountFields = {
  name: 'Pat Rivera',
  email: 'pat.rivera@example.com',
  phone: '5551234567',
  password: 'Password1!',
  password_confirmation: 'Password1!',
};
const editingGuardian: GuardianAccountFields = {
  name: 'Pat Rivera',
  email: 'pat.rivera@example.com',
  phone: '5551234567',
};

/** POST /api/auth/register's answer: a new user with its token and a deeplink. */
const newGuardian: CurrentUser = {
  ...guardian,
  id: 20,
  email: 'pat.rivera@example.com',
  phone: '5551234567',
  token: 'new-guardian-token',
  is_new: true,
  deeplink: 'diamond-academy://welcome?user=20',
};
/** PUT /api/user/{id}'s answer (no token). */
const updatedGuardian: User = {
  id: guardian.id,
  name: 'Pat Rivera',
  email: 'pat.rivera@example.com',
  phone: '5551234567',
  username: null,
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
};
const save5: Coupon = {
  coupon_code: 'SAVE5',
  discount_type: 'dollars',
  discount_in_cents: 500,
  discount_percent: null,
  duration: 'temporal',
  applies_for_months: 3,
};
const emailTaken = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { email: ['The email has already been taken.'] },
});

/** The guardian form as the view sends it (the phone masked); the machine turns it into the §3 fields above. */
export const typedGuardianValues: GuardianFormValues = {
  firstName: typedGuardian.firstName,
  lastName: typedGuardian.lastName,
  phone: maskPhone(typedGuardian.phone),
  email: typedGuardian.email,
  password: typedGuardian.password,
  confirmPassword: typedGuardian.password,
};
const SUBMIT = [{ type: 'SUBMIT' as const, values: typedGuardianValues }];

/**
 * The wizard as /register provides it (src/routes/register.page.tsx gives the athlete steps, loaded lazily): here the
 * real child machine; the load of its code is an answered or failed invocation (`athleteStepsCode`).
 */
export const registerPageMachine = registerMachine.provide({ actors: { athleteSteps: athleteStepsMachine } });

/** A chunk the browser could not fetch (the athlete steps' code). */
export const CODE_NOT_FETCHED = new TypeError('Failed to fetch dynamically imported module');

const events = {
  SUBMIT,
  'xstate.done.actor.athleteStepsCode': [doneEvent('athleteStepsCode', undefined)],
  'xstate.error.actor.athleteStepsCode': [errorEvent('athleteStepsCode', CODE_NOT_FETCHED)],
  'xstate.done.actor.checkEmail': [
    doneEvent('checkEmail', { exists: true }),
    doneEvent('checkEmail', { exists: false }),
  ],
  'xstate.error.actor.checkEmail': [errorEvent('checkEmail', serverDown)],
  'xstate.done.actor.validateOrganization': [
    doneEvent('validateOrganization', { status: true }),
    doneEvent('validateOrganization', { status: false }),
  ],
  'xstate.error.actor.validateOrganization': [errorEvent('validateOrganization', serverDown)],
  'xstate.done.actor.couponDetails': [doneEvent('couponDetails', save5)],
  'xstate.error.actor.couponDetails': [
    errorEvent('couponDetails', new ApiError({ kind: 'http', status: 404, message: 'Coupon not found.' })),
    errorEvent('couponDetails', serverDown),
  ],
  'xstate.done.actor.register': [doneEvent('register', newGuardian)],
  'xstate.error.actor.register': [errorEvent('register', emailTaken)],
  // The server answers the account it updated.
  'xstate.done.actor.updateAccount': (snapshot: SnapshotFrom<typeof registerMachine>) => [
    doneEvent('updateAccount', { ...updatedGuardian, id: snapshot.context.account?.id ?? 0 }),
  ],
  'xstate.error.actor.updateAccount': [errorEvent('updateAccount', emailTaken)],
};

const serializeState = (snapshot: SnapshotFrom<typeof registerMachine>) =>
  JSON.stringify({
    value: snapshot.value,
    editing: snapshot.context.account !== null,
    athleteStep: snapshot.context.athleteStep,
  });

// The athlete steps run for real: their events, answers and checks come from their own model.
const children = { athleteSteps: athleteStepsModel };

const states: NonNullable<ModelConfig<typeof registerMachine>['states']> = {
  // §2: the URL names the step.
  guardianAccount: (_snapshot, { emitted }) => expect(urlStep(emitted)).toBe(1),
  'guardianAccount.checkingEmail': (_snapshot, { invocations }) =>
    expect(invocations.at(-1)).toMatchObject({ id: 'checkEmail', input: { email: 'pat.rivera@example.com' } }),
  'guardianAccount.validatingOrganization': (snapshot, { invocations }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'validateOrganization',
      input: { organizationId: snapshot.context.organizationId },
    }),
  'guardianAccount.checkingCoupon': (snapshot, { invocations }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'couponDetails',
      input: { couponCode: snapshot.context.couponCode },
    }),
  'guardianAccount.registering': (snapshot, { invocations }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'register',
      // §3 Registration payload: cleaned, joined name; the e-mail as the username (the form has none); the licence;
      // do_not_claim (the claim follows the athlete step).
      input: {
        ...creatingGuardian,
        username: creatingGuardian.email,
        license: snapshot.context.license,
        do_not_claim: !snapshot.context.coach,
      },
    }),
  'guardianAccount.updatingAccount': (snapshot, { invocations }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'updateAccount',
      input: { id: snapshot.context.account?.id, body: editingGuardian },
    }),
  // §4: registration stops at the e-mail check.
  'guardianAccount.form.accountExists': (snapshot) => expect(snapshot.context.account).toBeNull(),
  // §4: the created user and its deeplink are stored; an update keeps the stored token.
  athleteSteps: (snapshot, { emitted }) => {
    // §2: the athlete list is step 2, the create-athlete form step 3.
    expect(urlStep(emitted)).toBe(athleteStepOf(snapshot) === 'createAthlete' ? 3 : 2);
    const stored = getCurrentUser();
    expect(stored?.id).toBe(snapshot.context.account?.id);
    if (stored?.id === newGuardian.id) {
      expect(stored.token).toBe(newGuardian.token);
      expect(stored.deeplink).toBe(newGuardian.deeplink);
    } else {
      expect(stored?.token).toBe(guardian.token);
    }
  },
  toLogin: (snapshot) =>
    expect(snapshot.output).toEqual({
      to: '/login',
      search: {
        step: 2,
        license: snapshot.context.license,
        is_team_license: true,
        preset_email: 'pat.rivera@example.com',
        ...(snapshot.context.waitlist ? { waitlist: true } : {}),
      },
    }),
  toLicence: (snapshot) =>
    expect(snapshot.output).toEqual({ to: '/licenses/$license', params: { license: snapshot.context.license } }),
  toContactCoach: (snapshot) => expect(snapshot.output).toEqual({ to: '/contact-coach' }),
  toPayment: (snapshot) => expect(snapshot.output).toEqual({ to: '/payment' }),
  toWaitlist: (snapshot) => {
    expect(snapshot.output).toEqual({ to: '/waitlist', search: { license: 'FULL-2027', join: true } });
    // The account exists and is stored: /waitlist joins as this guardian.
    expect(getCurrentUser()?.id).toBe(snapshot.context.account?.id);
  },
  toCoachLicence: (snapshot) =>
    expect(snapshot.output).toEqual({
      to: '/coach/$license',
      params: { license: 'COACH-2027' },
      search: { claimed_login: true },
    }),
};

/**
 * Walked edge by edge: /register with an organization and a coupon in the query, so every check of step 1 runs;
 * then the athlete steps, and Back to 'Edit your Account'.
 */
export const registerModel = defineModel({
  machine: registerPageMachine,
  input: {
    license: 'TIGERS-2027',
    organization_id: 'northside',
    coupon_code: 'SAVE5',
    preset_email: 'new.parent@example.com',
    user: null,
  },
  children,
  events,
  serializeState,
  states,
});

/**
 * The other ways in, walked by one shortest path to each state (their steps are those `registerModel` walks):
 * no organization or coupon, no licence, and a stored user's deep links to steps 2 and 3.
 */
export const registerEntriesModel = defineModel({
  machine: registerPageMachine,
  name: 'register (other entries)',
  inputs: {
    plain: { license: 'TIGERS-2027', user: null },
    noLicence: { user: null },
    athleteStep: { license: 'TIGERS-2027', step: 2, user: guardian },
    createStep: { license: 'TIGERS-2027', step: 3, user: guardian },
    coach: { license: 'COACH-2027', coach: true, user: null },
    // Issue 21 point 3: 'Join the waitlist' on a full team's licence page: the account, then /waitlist.
    waitlist: { license: 'FULL-2027', waitlist: true, user: null },
  },
  children,
  events,
  serializeState,
  states,
});

/**
 * The register wizard of spec §2 Register wizard and §4 Register wizard: the primary guardian's account (step 1),
 * then the athlete steps shared with the login wizard (athlete-steps.machine.ts): athlete list (2) and create
 * athlete (3). Input is the validated query of /register (src/routes/register.route.ts, which already sent visitors
 * without the team-licence flag to /login) plus the user stored on this device; leaving is a final state (its exit).
 */
import { assign, emit, setup } from 'xstate';
import { checkEmail, register, updateUser } from '../api/auth';
import { ApiError } from '../api/errors';
import type {
  Coupon,
  CurrentUser,
  EmailExists,
  OrganizationValidation,
  RegistrationPayload,
  User,
  UserUpdatePayload,
} from '../api/schemas';
import { getCouponDetails, validateOrganization } from '../api/subscribe';
import {
  type GuardianAccountFields,
  isGuardianFormValid,
  toAccountUpdate,
  toGuardianAccount,
  toGuardianAccountFields,
  toRegistrationPayload,
} from '../domain/account-forms';
import type { GuardianFormValues } from '../domain/forms/guardian';
import { updateCurrentUser } from '../session/current-user';
import type { AthleteStep } from './athlete-steps.machine';
import * as athleteParent from './athlete-steps-parent';
import { type CoachClaimExit, coachClaimExit, exitOf } from './flow-exit';
import { errorTextOf, storeUser } from './session-actions';
import { apiCall } from './settle-unless-aborted';

/** The query of /register (spec §2 Register wizard) as the route validated it, plus the stored user. */
export interface RegisterInput extends athleteParent.AthleteParentInput {
  /** A coach registering to claim a coach licence (the licence page's 'Claim one', spec §4 Coach claim). */
  coach?: boolean | undefined;
  organization_id?: string | undefined;
  preset_email?: string | undefined;
  coupon_code?: string | undefined;
  step?: number | undefined;
}

export type RegisterStep = 1 | 2 | 3;

/** spec §2 Register wizard: the athlete list is step 2, create athlete step 3. */
const REGISTER_STEP_OF: Readonly<Record<AthleteStep, RegisterStep>> = { athleteList: 2, createAthlete: 3 };

/** Where the wizard leads when it ends; src/routes/register.page.tsx navigates there. */
export type RegisterExit =
  | { to: '/contact-coach' }
  | { to: '/licenses/$license'; params: { license: string } }
  | {
      to: '/login';
      search: { step: 2; license: string; is_team_license: true; preset_email: string; waitlist?: true };
    }
  | { to: '/payment' }
  | { to: '/waitlist'; search: { license: string; join: true } }
  | CoachClaimExit;

export type RegisterEvent =
  /** The guardian form as typed; refused unless valid per §5 (src/domain/forms/guardian.ts). */
  | { type: 'SUBMIT'; values: GuardianFormValues }
  | { type: 'LOG_IN' }
  | { type: 'BACK' }
  /** 'Try again' after the athlete steps' code could not be fetched. */
  | { type: 'RETRY' };

/** The guardian account the wizard edits: the stored user's, or the one it just created. */
export type GuardianAccount = Pick<User, 'id' | 'name' | 'email' | 'phone'>;

export interface RegisterContext extends athleteParent.AthleteParentContext<RegisterExit> {
  /** spec §4 Coach claim: a coach's account leads back to the coach licence, not to the athlete steps. */
  coach: boolean;
  organizationId: string | null;
  couponCode: string | null;
  presetEmail: string | null;
  requestedStep: number | null;
  /** Set when a user is stored (new or logged in): step 1 then edits that account (spec §2 'Edit your Account'). */
  account: GuardianAccount | null;
  /** The guardian form as last submitted; kept while step 1's checks run. */
  guardian: GuardianAccountFields | null;
}

function guardianOf(context: RegisterContext): GuardianAccountFields {
  if (context.guardian === null) throw new Error('The register wizard checks an account that was never submitted.');
  return context.guardian;
}

export const registerMachine = setup({
  types: {
    input: {} as RegisterInput,
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    output: {} as RegisterExit,
    emitted: {} as { type: 'step'; step: RegisterStep },
    // The invoke the views read (`snapshot.children.athleteSteps`) and the actor it runs.
    children: {} as { athleteStepsCode: 'athleteStepsCode'; athleteSteps: 'athleteSteps' },
  },
  actors: {
    checkEmail: apiCall<EmailExists, { email: string }>((input, signal) => checkEmail(input.email, { signal })),
    validateOrganization: apiCall<OrganizationValidation, { organizationId: string }>((input, signal) =>
      validateOrganization(input.organizationId, { signal }),
    ),
    couponDetails: apiCall<Coupon, { couponCode: string }>((input, signal) =>
      getCouponDetails(input.couponCode, { signal }),
    ),
    register: apiCall<CurrentUser, RegistrationPayload>((input, signal) => register(input, { signal })),
    updateAccount: apiCall<User, { id: number; body: UserUpdatePayload }>((input, signal) =>
      updateUser(input.id, input.body, { signal }),
    ),
    // The page gives the athlete steps, loaded when the wizard reaches them (athlete-steps.lazy.ts).
    ...athleteParent.ATHLETE_STEPS_NOT_PROVIDED,
  },
  guards: {
    hasNoLicence: ({ context }) => context.license === null,
    isAthleteListStep: ({ context }) => context.requestedStep === 2 && context.account !== null,
    isCreateAthleteStep: ({ context }) => context.requestedStep === 3 && context.account !== null,
    // The guardian form's schema guards SUBMIT: editing the stored account, or creating one (with passwords).
    isValidUpdate: ({ context }, values: GuardianFormValues) =>
      context.account !== null && isGuardianFormValid(values, { creating: false }),
    isValidRegistration: ({ context }, values: GuardianFormValues) =>
      context.account === null && isGuardianFormValid(values, { creating: true }),
    isCoachRegistration: ({ context }) => context.coach,
    joinsWaitlist: ({ context }) => context.waitlist,
    hasOrganization: ({ context }) => context.organizationId !== null,
    hasCoupon: ({ context }) => context.couponCode !== null,
    emailExists: (_, params: EmailExists) => params.exists,
    isOrganizationInvalid: (_, params: OrganizationValidation) => !params.status,
    isNotFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    isOtherAthleteStep: athleteParent.isOtherAthleteStep,
    wentBack: athleteParent.wentBack,
  },
  actions: {
    leave: assign({ exit: (_, exit: RegisterExit) => exit }),
    syncStep: emit((_, params: { step: RegisterStep }) => ({ type: 'step' as const, step: params.step })),
    rememberGuardian: assign({
      guardian: ({ context }, values: GuardianFormValues) =>
        toGuardianAccountFields(values, { creating: context.account === null }),
    }),
    // Passwords stay in memory no longer than the checks that need them.
    forgetGuardian: assign({ guardian: null }),
    storeUser,
    storeUpdatedUser: (_, params: { user: User }) => {
      // The deeplink is handed out once, on creation (§4); an update's answer must not erase the stored one.
      const { deeplink: _deeplink, ...changes } = params.user;
      updateCurrentUser(changes);
    },
    rememberAccount: assign({ account: (_, params: { user: User }) => toGuardianAccount(params.user) }),
    rememberError: assign(errorTextOf),
    rememberAthleteStep: assign({ athleteStep: (_, params: { step: AthleteStep }) => params.step }),
  },
}).createMachine({
  id: 'register',
  description: 'spec §2 Register wizard, §4 Register wizard: guardian account, then the athlete steps of login.',
  context: ({ input }) => ({
    ...athleteParent.athleteParentStart(input),
    coach: input.coach === true,
    organizationId: input.organization_id ?? null,
    couponCode: input.coupon_code ?? null,
    presetEmail: input.preset_email ?? null,
    requestedStep: input.step ?? null,
    account: input.user === null ? null : toGuardianAccount(input.user),
    guardian: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      description: 'spec §2 Register wizard query: which step the wizard opens at',
      always: [
        {
          guard: 'hasNoLicence',
          target: 'toContactCoach',
          description: 'spec §4: no licence for the user: redirect to /contact-coach',
        },
        {
          guard: 'isAthleteListStep',
          target: 'athleteSteps',
          description: 'spec §2: step 2 deep-links for a stored user',
        },
        {
          guard: 'isCreateAthleteStep',
          target: 'athleteSteps',
          actions: { type: 'rememberAthleteStep', params: { step: 'createAthlete' } },
          description: 'spec §2: step 3 deep-links for a stored user',
        },
        { target: 'guardianAccount' },
      ],
    },
    guardianAccount: {
      description:
        "spec §2 Register step 1: 'Create your Primary Guardian account', or 'Edit your Account' for a stored user",
      entry: { type: 'syncStep', params: { step: 1 } },
      initial: 'form',
      states: {
        form: {
          description: 'spec §2 Register step 1: the guardian form; Enter submits (§5 Guardian form)',
          initial: 'idle',
          states: {
            idle: { description: 'spec §5 Guardian form: names, phone, e-mail, and passwords only when creating' },
            accountExists: {
              description: "spec §8: 'That account already exists. Log in here.' with a link to login step 2",
              on: { LOG_IN: { target: '#register.toLogin' } },
            },
            invalidOrganization: { description: "spec §8: 'Sorry, this organization is not valid.'" },
            invalidCoupon: { description: "spec §8: 'Sorry, this coupon is not valid.'" },
            failed: { description: 'spec §8 general mapping' },
          },
          on: {
            SUBMIT: [
              {
                guard: { type: 'isValidUpdate', params: ({ event }) => event.values },
                target: '#register.guardianAccount.updatingAccount',
                actions: { type: 'rememberGuardian', params: ({ event }) => event.values },
                description: 'spec §4: updating the guardian advances a step',
              },
              {
                guard: { type: 'isValidRegistration', params: ({ event }) => event.values },
                target: '#register.guardianAccount.checkingEmail',
                actions: { type: 'rememberGuardian', params: ({ event }) => event.values },
                description: 'spec §4: registration first checks whether the e-mail already exists',
              },
            ],
          },
        },
        checkingEmail: {
          description: 'spec §7 POST /api/auth/check-email',
          tags: ['busy'],
          invoke: {
            id: 'checkEmail',
            src: 'checkEmail',
            input: ({ context }) => ({ email: guardianOf(context).email }),
            onDone: [
              {
                guard: { type: 'emailExists', params: ({ event }) => event.output },
                target: 'form.accountExists',
                description: 'spec §4: an existing e-mail stops registration',
              },
              { target: 'organizationCheck' },
            ],
            onError: {
              target: 'form.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        organizationCheck: {
          description: 'spec §2 Register query: organization_id must name a valid organization',
          always: [{ guard: 'hasOrganization', target: 'validatingOrganization' }, { target: 'couponCheck' }],
        },
        validatingOrganization: {
          description: 'spec §7 GET /api/subscribe/validate-organization/{organization_id}',
          tags: ['busy'],
          invoke: {
            id: 'validateOrganization',
            src: 'validateOrganization',
            input: ({ context }) => ({ organizationId: context.organizationId ?? '' }),
            onDone: [
              {
                guard: { type: 'isOrganizationInvalid', params: ({ event }) => event.output },
                target: 'form.invalidOrganization',
              },
              { target: 'couponCheck' },
            ],
            onError: {
              target: 'form.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        couponCheck: {
          description: 'spec §2 Register query: coupon_code must name a valid coupon',
          always: [{ guard: 'hasCoupon', target: 'checkingCoupon' }, { target: 'registering' }],
        },
        checkingCoupon: {
          description: 'spec §7 GET /api/subscribe/coupon-details/{coupon_code}',
          tags: ['busy'],
          invoke: {
            id: 'couponDetails',
            src: 'couponDetails',
            input: ({ context }) => ({ couponCode: context.couponCode ?? '' }),
            onDone: { target: 'registering' },
            onError: [
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: 'form.invalidCoupon',
                description: 'docs/api.md: an unknown coupon answers 404',
              },
              {
                target: 'form.failed',
                actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        registering: {
          description: 'spec §7 POST /api/auth/register (§3 Registration payload, do_not_claim)',
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) =>
              toRegistrationPayload(guardianOf(context), {
                license: athleteParent.licenceOf(context),
                coach: context.coach,
              }),
            onDone: {
              target: 'accountSaved',
              actions: [
                { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'rememberAccount', params: ({ event }) => ({ user: event.output }) },
                'forgetGuardian',
              ],
              description: 'spec §4: creating the guardian advances a step; the user and its deeplink are stored',
            },
            onError: {
              target: 'form.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        updatingAccount: {
          description: 'spec §7 PUT /api/user/{id}',
          tags: ['busy'],
          invoke: {
            id: 'updateAccount',
            src: 'updateAccount',
            input: ({ context }) => toAccountUpdate(context.account, guardianOf(context)),
            onDone: {
              target: 'accountSaved',
              actions: [
                { type: 'storeUpdatedUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'rememberAccount', params: ({ event }) => ({ user: event.output }) },
                'forgetGuardian',
              ],
            },
            onError: {
              target: 'form.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        accountSaved: {
          description: 'spec §4: the guardian account is saved; the wizard advances a step',
          always: [
            {
              guard: 'isCoachRegistration',
              target: '#register.toCoachLicence',
              description:
                'spec §4 Coach claim: a coach registers, then claims on /coach/{license} (claimed_login), as after login',
            },
            { guard: 'joinsWaitlist', target: '#register.toWaitlist' },
            { target: '#register.athleteSteps' },
          ],
        },
      },
      on: {
        BACK: { target: 'toLicence', description: 'spec §2: Back on step 1 returns to /licenses/{license}' },
      },
    },
    athleteSteps: {
      description:
        'spec §2 Register steps 2 (athlete list) and 3 (create athlete), §4 Register wizard: the athlete steps and ' +
        'the membership check, shared with the login wizard (athlete-steps.machine.ts)',
      entry: { type: 'syncStep', params: ({ context }) => ({ step: REGISTER_STEP_OF[context.athleteStep] }) },
      initial: 'loading',
      states: {
        loading: {
          ...athleteParent.ATHLETE_STEPS_CODE.loading,
          description:
            'Spec §2 Register steps 2 and 3, §4: their code loads now, unless the page already preloaded it (a first visit does not wait).',
        },
        failed: {
          ...athleteParent.ATHLETE_STEPS_CODE.failed,
          description: "Spec §8: the code of Register steps 2 and 3 could not be fetched; 'Try again' loads it again.",
        },
        running: {
          description: 'spec §2 Register steps 2 and 3: the athlete steps themselves',
          invoke: {
            ...athleteParent.ATHLETE_STEPS_CHILD,
            onDone: [
              {
                guard: athleteParent.WENT_BACK,
                target: '#register.guardianAccount',
                description: 'spec §4: Back moves one step down and clears the error',
              },
              {
                target: '#register.toPayment',
                description: 'spec §4: continue to /payment (the wizard always has a licence)',
              },
            ],
            onSnapshot: {
              ...athleteParent.followAthleteStep(REGISTER_STEP_OF),
              description: 'spec §2: the URL names the step a person is at, 2 or 3',
            },
          },
        },
      },
    },
    toContactCoach: {
      description: 'spec §4 Register wizard: no licence for the user: redirect to /contact-coach',
      type: 'final',
      entry: { type: 'leave', params: { to: '/contact-coach' } },
    },
    toLicence: {
      description: 'spec §2 Register wizard: Back on step 1 returns to /licenses/{license}',
      type: 'final',
      entry: athleteParent.LEAVE_TO_LICENCE,
    },
    toLogin: {
      description: "spec §2/§8: 'That account already exists. Log in here.' → login at step 2",
      type: 'final',
      entry: {
        type: 'leave',
        params: ({ context }) => ({
          to: '/login',
          search: {
            step: 2,
            license: athleteParent.licenceOf(context),
            is_team_license: true,
            preset_email: guardianOf(context).email,
            ...(context.waitlist ? { waitlist: true } : {}),
          },
        }),
      },
    },
    ...athleteParent.afterAthleteSteps(
      'spec §4 Register wizard: after the membership check, continue to /payment with the licence',
    ),
    toCoachLicence: {
      type: 'final',
      description: 'spec §4 Coach claim: back to the coach licence, which claims it for the logged-in coach',
      entry: { type: 'leave', params: ({ context }) => coachClaimExit(athleteParent.licenceOf(context)) },
    },
  },
  output: ({ context }) => exitOf(context),
});

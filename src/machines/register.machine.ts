/**
 * The register wizard of spec §2 Register wizard and §4 Register wizard: the primary guardian's account (step 1),
 * then the athlete list (2) and create athlete (3) shared with the login wizard. Input is the validated query of
 * /register (src/routes/register.route.ts, which already sent visitors without the team-licence flag to /login)
 * plus the user stored on this device; leaving the wizard is a final state whose output is the destination.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { checkEmail, getAthletes, register, registerAthlete, setLatestLicense, updateUser } from '../api/auth';
import { ApiError, errorText } from '../api/errors';
import type {
  Athlete,
  AthleteAccountPayload,
  Coupon,
  CurrentUser,
  EmailExists,
  LatestLicense,
  OrganizationValidation,
  RegistrationPayload,
  User,
  UserUpdatePayload,
} from '../api/schemas';
import { getCouponDetails, validateOrganization } from '../api/subscribe';
import type { GuardianAccountFields } from '../domain/account-forms';
import { setCurrentUser, updateCurrentUser } from '../session/current-user';
import {
  type AthleteMembershipInput,
  type AthleteMembershipOutput,
  type AthleteStepEvent,
  athleteMembershipMachine,
} from './athlete-membership.machine';

/** The query of /register (spec §2 Register wizard) as the route validated it, plus the stored user. */
export interface RegisterInput {
  license?: string | undefined;
  /** A coach registering to claim a coach licence (the licence page's 'Claim one', spec §4 Coach claim). */
  coach?: boolean | undefined;
  organization_id?: string | undefined;
  preset_email?: string | undefined;
  coupon_code?: string | undefined;
  step?: number | undefined;
  /** The user stored on this device when the page opened (src/session), or null. */
  user: CurrentUser | null;
}

export type RegisterStep = 1 | 2 | 3;

/** Where the wizard leads when it ends; src/routes/register.page.tsx navigates there. */
export type RegisterExit =
  | { to: '/contact-coach' }
  | { to: '/licenses/$license'; params: { license: string } }
  | { to: '/login'; search: { step: 2; license: string; is_team_license: true; preset_email: string } }
  | { to: '/payment' }
  | { to: '/coach/$license'; params: { license: string }; search: { claimed_login: true } };

export type RegisterEvent =
  /** The guardian form's values, already valid per §5 (src/domain/account-forms.ts). */
  { type: 'SUBMIT'; guardian: GuardianAccountFields } | { type: 'LOG_IN' } | AthleteStepEvent;

/** The guardian account the wizard edits: the stored user's, or the one it just created. */
export type GuardianAccount = Pick<User, 'id' | 'name' | 'email' | 'phone'>;

export interface RegisterContext {
  license: string | null;
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
  latestLicence: LatestLicense | null;
  athletes: Athlete[];
  chosenAthlete: Athlete | null;
  /** Why the last membership check blocked, shown once the athlete list has been loaded again. */
  membershipOutcome: AthleteMembershipOutput | null;
  /** The §8 text of the error state the wizard is in, if any. */
  error: string | null;
}

function accountOf(user: User): GuardianAccount {
  return { id: user.id, name: user.name, email: user.email, phone: user.phone };
}

/** Destinations built from the licence are reached only after `hasNoLicence` was false; this keeps that loud. */
function licenceOf(context: RegisterContext): string {
  if (context.license === null) throw new Error('The register wizard reached a licence step without a licence.');
  return context.license;
}

function guardianOf(context: RegisterContext): GuardianAccountFields {
  if (context.guardian === null) throw new Error('The register wizard checks an account that was never submitted.');
  return context.guardian;
}

/**
 * §3 Registration payload: the cleaned first-plus-last name (already joined by src/domain/account-forms.ts), the
 * licence, and do_not_claim: a guardian's claim happens after the athlete step (athlete-membership.machine.ts); a
 * coach has no athlete step, so the registration itself claims the coach licence (§4 Coach claim).
 */
function registrationPayload(context: RegisterContext): RegistrationPayload {
  const guardian = guardianOf(context);
  return {
    name: guardian.name,
    email: guardian.email,
    phone: guardian.phone,
    password: guardian.password ?? '',
    password_confirmation: guardian.password_confirmation ?? '',
    license: licenceOf(context),
    do_not_claim: !context.coach,
  };
}

function accountUpdate(context: RegisterContext): { id: number; body: UserUpdatePayload } {
  if (context.account === null) throw new Error('The register wizard updates an account it does not have.');
  const { name, email, phone } = guardianOf(context);
  return { id: context.account.id, body: { name, email, phone } };
}

function membershipInput(context: RegisterContext): AthleteMembershipInput {
  if (context.chosenAthlete === null) throw new Error('The membership check started without a chosen athlete.');
  return { athlete: context.chosenAthlete, license: context.license };
}

export const registerMachine = setup({
  types: {
    input: {} as RegisterInput,
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    output: {} as RegisterExit,
    emitted: {} as { type: 'step'; step: RegisterStep },
  },
  actors: {
    checkEmail: fromPromise<EmailExists, { email: string }>(({ input, signal }) => checkEmail(input.email, { signal })),
    validateOrganization: fromPromise<OrganizationValidation, { organizationId: string }>(({ input, signal }) =>
      validateOrganization(input.organizationId, { signal }),
    ),
    couponDetails: fromPromise<Coupon, { couponCode: string }>(({ input, signal }) =>
      getCouponDetails(input.couponCode, { signal }),
    ),
    register: fromPromise<CurrentUser, RegistrationPayload>(({ input, signal }) => register(input, { signal })),
    updateAccount: fromPromise<User, { id: number; body: UserUpdatePayload }>(({ input, signal }) =>
      updateUser(input.id, input.body, { signal }),
    ),
    recordLatestLicence: fromPromise<LatestLicense, { licenseCode: string }>(({ input, signal }) =>
      setLatestLicense(input.licenseCode, { signal }),
    ),
    loadAthletes: fromPromise<Athlete[]>(({ signal }) => getAthletes({ signal })),
    registerAthlete: fromPromise<Athlete, AthleteAccountPayload>(({ input, signal }) =>
      registerAthlete(input, { signal }),
    ),
    athleteMembership: athleteMembershipMachine,
  },
  guards: {
    hasNoLicence: ({ context }) => context.license === null,
    isAthleteListStep: ({ context }) => context.requestedStep === 2 && context.account !== null,
    isCreateAthleteStep: ({ context }) => context.requestedStep === 3 && context.account !== null,
    hasAccount: ({ context }) => context.account !== null,
    isCoachRegistration: ({ context }) => context.coach,
    hasOrganization: ({ context }) => context.organizationId !== null,
    hasCoupon: ({ context }) => context.couponCode !== null,
    emailExists: (_, params: EmailExists) => params.exists,
    isOrganizationInvalid: (_, params: OrganizationValidation) => !params.status,
    isNotFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    hasChosenAthlete: ({ context }) => context.chosenAthlete !== null,
    isMembershipBlocked: (_, params: AthleteMembershipOutput) => params.result !== 'continue',
    wasAlreadyMember: ({ context }) => context.membershipOutcome?.result === 'alreadyMember',
    didClaimFail: ({ context }) => context.membershipOutcome?.result === 'claimFailed',
  },
  actions: {
    syncStep: emit((_, params: { step: RegisterStep }) => ({ type: 'step' as const, step: params.step })),
    rememberGuardian: assign({
      guardian: ({ event }) => {
        assertEvent(event, 'SUBMIT');
        return event.guardian;
      },
    }),
    // Passwords stay in memory no longer than the checks that need them.
    forgetGuardian: assign({ guardian: null }),
    storeUser: (_, params: { user: CurrentUser }) => {
      setCurrentUser(params.user);
    },
    storeUpdatedUser: (_, params: { user: User }) => {
      // The deeplink is handed out once, on creation (§4); an update's answer must not erase the stored one.
      const { deeplink: _deeplink, ...changes } = params.user;
      updateCurrentUser(changes);
    },
    rememberAccount: assign({ account: (_, params: { user: User }) => accountOf(params.user) }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    rememberMembershipOutcome: assign({
      membershipOutcome: (_, params: AthleteMembershipOutput) => params,
      error: (_, params: AthleteMembershipOutput) => (params.result === 'claimFailed' ? params.message : null),
      // §4: an athlete who already has a membership cannot stay chosen.
      chosenAthlete: ({ context }, params: AthleteMembershipOutput) =>
        params.result === 'alreadyMember' ? null : context.chosenAthlete,
    }),
    forgetMembershipOutcome: assign({ membershipOutcome: null }),
    rememberLatestLicence: assign({
      latestLicence: (_, params: { latestLicence: LatestLicense }) => params.latestLicence,
    }),
    rememberAthletes: assign({
      athletes: (_, params: { athletes: Athlete[] }) => params.athletes,
      chosenAthlete: ({ context }, params: { athletes: Athlete[] }) =>
        params.athletes.find((athlete) => athlete.user_id === context.chosenAthlete?.user_id) ?? null,
    }),
    chooseAthlete: assign({
      chosenAthlete: ({ context, event }) => {
        assertEvent(event, 'CHOOSE_ATHLETE');
        return context.athletes.find((athlete) => athlete.user_id === event.userId) ?? null;
      },
    }),
    chooseCreatedAthlete: assign({
      athletes: ({ context }, params: { athlete: Athlete }) => [
        ...context.athletes.filter((athlete) => athlete.user_id !== params.athlete.user_id),
        params.athlete,
      ],
      chosenAthlete: (_, params: { athlete: Athlete }) => params.athlete,
    }),
  },
}).createMachine({
  id: 'register',
  description: 'spec §2 Register wizard, §4 Register wizard: guardian account, then the athlete steps of login.',
  context: ({ input }) => ({
    license: input.license ?? null,
    coach: input.coach === true,
    organizationId: input.organization_id ?? null,
    couponCode: input.coupon_code ?? null,
    presetEmail: input.preset_email ?? null,
    requestedStep: input.step ?? null,
    account: input.user === null ? null : accountOf(input.user),
    guardian: null,
    latestLicence: null,
    athletes: [],
    chosenAthlete: null,
    membershipOutcome: null,
    error: null,
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
          target: 'athleteList',
          description: 'spec §2: step 2 deep-links for a stored user',
        },
        {
          guard: 'isCreateAthleteStep',
          target: 'createAthlete',
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
                guard: 'hasAccount',
                target: '#register.guardianAccount.updatingAccount',
                actions: 'rememberGuardian',
                description: 'spec §4: updating the guardian advances a step',
              },
              {
                target: '#register.guardianAccount.checkingEmail',
                actions: 'rememberGuardian',
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
            input: ({ context }) => registrationPayload(context),
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
            input: ({ context }) => accountUpdate(context),
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
            { target: '#register.athleteList' },
          ],
        },
      },
      on: {
        BACK: { target: 'toLicence', description: 'spec §2: Back on step 1 returns to /licenses/{license}' },
      },
    },
    athleteList: {
      description: "spec §2 Register step 2 (the login wizard's athlete list)",
      entry: { type: 'syncStep', params: { step: 2 } },
      // A blocked membership is told once, on the list loaded right after it; leaving the list drops it.
      exit: 'forgetMembershipOutcome',
      initial: 'recordingLicence',
      states: {
        recordingLicence: {
          description: 'spec §7 POST /api/user/latest-license (answers the season and team names)',
          tags: ['busy'],
          invoke: {
            id: 'latestLicence',
            src: 'recordLatestLicence',
            input: ({ context }) => ({ licenseCode: licenceOf(context) }),
            onDone: {
              target: 'loadingAthletes',
              actions: { type: 'rememberLatestLicence', params: ({ event }) => ({ latestLicence: event.output }) },
            },
            onError: {
              target: 'loadFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingAthletes: {
          description: 'spec §7 GET /api/user/athletes',
          tags: ['busy'],
          invoke: {
            id: 'athletes',
            src: 'loadAthletes',
            onDone: [
              {
                guard: 'wasAlreadyMember',
                target: 'choosing.alreadyMember',
                actions: [
                  { type: 'rememberAthletes', params: ({ event }) => ({ athletes: event.output }) },
                  'forgetMembershipOutcome',
                ],
              },
              {
                guard: 'didClaimFail',
                target: 'choosing.claimFailed',
                actions: [
                  { type: 'rememberAthletes', params: ({ event }) => ({ athletes: event.output }) },
                  'forgetMembershipOutcome',
                ],
              },
              {
                target: 'choosing',
                actions: { type: 'rememberAthletes', params: ({ event }) => ({ athletes: event.output }) },
              },
            ],
            onError: {
              target: 'loadFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadFailed: {
          description: 'spec §8 general mapping; the person may try again',
          on: { RETRY: { target: 'recordingLicence' } },
        },
        choosing: {
          description: "spec §2 Register step 2: the athlete list; 'Next' once an athlete is chosen",
          initial: 'idle',
          states: {
            idle: { description: 'spec §2 Register step 2: list of athletes, one may be chosen' },
            alreadyMember: {
              description: "spec §4/§8: 'Sorry, this athlete already has a membership for the season.'",
            },
            claimFailed: { description: 'spec §8 Claim failure: the error response text' },
          },
          on: {
            CHOOSE_ATHLETE: { target: '.idle', actions: 'chooseAthlete' },
            NEXT: {
              guard: 'hasChosenAthlete',
              target: '#register.checkingMembership',
              description: "spec §4: 'Next' runs the membership check; enabled once an athlete is chosen",
            },
          },
        },
      },
      on: {
        ADD_ATHLETE: { target: 'createAthlete', description: "spec §4: 'Add New Athlete' goes to step 3" },
        BACK: { target: 'guardianAccount', description: 'spec §4: Back moves one step down and clears the error' },
      },
    },
    createAthlete: {
      description: 'spec §2 Create athlete form (register step 3)',
      entry: { type: 'syncStep', params: { step: 3 } },
      initial: 'form',
      states: {
        form: {
          description: "spec §2 Create athlete form: 'Create Account' (or Enter) submits",
          initial: 'idle',
          states: {
            idle: { description: 'spec §2 Create athlete form, §5 Create athlete validation' },
            failed: { description: 'spec §8 general mapping' },
          },
          on: { CREATE_ATHLETE: { target: '#register.createAthlete.creating' } },
        },
        creating: {
          description: 'spec §7 POST /api/auth/register-athlete',
          tags: ['busy'],
          invoke: {
            id: 'registerAthlete',
            src: 'registerAthlete',
            input: ({ event }) => {
              assertEvent(event, 'CREATE_ATHLETE');
              return event.athlete;
            },
            onDone: {
              target: '#register.checkingMembership',
              actions: { type: 'chooseCreatedAthlete', params: ({ event }) => ({ athlete: event.output }) },
              description: 'spec §4: creating an athlete runs the membership check like choosing one',
            },
            onError: {
              target: 'form.failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: { BACK: { target: 'athleteList', description: 'spec §4: Back moves one step down and clears the error' } },
    },
    checkingMembership: {
      description: 'spec §4 Register wizard: after an athlete is chosen or created (athlete-membership.machine.ts)',
      tags: ['busy'],
      invoke: {
        id: 'membership',
        src: 'athleteMembership',
        input: ({ context }) => membershipInput(context),
        onDone: [
          {
            guard: { type: 'isMembershipBlocked', params: ({ event }) => event.output },
            target: 'athleteList',
            actions: { type: 'rememberMembershipOutcome', params: ({ event }) => event.output },
            description:
              'spec §4: an active membership (or a failed claim) blocks the choice; the list, loaded again with ' +
              'a created athlete in it, says why',
          },
          { target: 'toPayment', description: 'spec §4: continue to /payment (the wizard always has a licence)' },
        ],
      },
    },
    toContactCoach: {
      description: 'spec §4 Register wizard: no licence for the user: redirect to /contact-coach',
      type: 'final',
      output: { to: '/contact-coach' },
    },
    toLicence: {
      description: 'spec §2 Register wizard: Back on step 1 returns to /licenses/{license}',
      type: 'final',
      output: ({ context }) => ({ to: '/licenses/$license', params: { license: licenceOf(context) } }),
    },
    toLogin: {
      description: "spec §2/§8: 'That account already exists. Log in here.' → login at step 2",
      type: 'final',
      output: ({ context }) => ({
        to: '/login',
        search: {
          step: 2,
          license: licenceOf(context),
          is_team_license: true,
          preset_email: guardianOf(context).email,
        },
      }),
    },
    toPayment: {
      description: 'spec §4 Register wizard: after the membership check, continue to /payment with the licence',
      type: 'final',
      output: { to: '/payment' },
    },
    toCoachLicence: {
      type: 'final',
      description: 'spec §4 Coach claim: back to the coach licence, which claims it for the logged-in coach',
      output: ({ context }) => ({
        to: '/coach/$license',
        params: { license: licenceOf(context) },
        search: { claimed_login: true },
      }),
    },
  },
  output: ({ event }) => event.output as RegisterExit,
});

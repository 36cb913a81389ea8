/**
 * The login wizard of spec §2 Login and §4 Login wizard: welcome (step 1), guardian login (2), athlete list (3),
 * create athlete (4). Input is the validated query of /login (src/routes/login.route.ts) plus the user stored on
 * this device; leaving the wizard is a final state whose output is the destination (the route navigates).
 *
 * An explicit `step` in the URL wins over the licence and password_is_reset, which force step 2 only when no step
 * is asked for: the wizard mirrors its step into the URL, and other pages link to a step (payment's Back goes to
 * step 3 with the licence). Steps 3 and 4 need a stored user; without one they fall back to step 2 (§2).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  getAthletes,
  type LoginCredentials,
  login,
  registerAthlete,
  setLatestLicense,
  validateWebsiteToken,
} from '../api/auth';
import { errorText } from '../api/errors';
import type { Athlete, AthleteAccountPayload, CurrentUser, LatestLicense } from '../api/schemas';
import { setCurrentUser } from '../session/current-user';
import { silentLogout } from '../session/logout';
import {
  type AthleteMembershipInput,
  type AthleteMembershipOutput,
  type AthleteStepEvent,
  athleteMembershipMachine,
} from './athlete-membership.machine';

/** The query of /login (spec §2 Login) as the route validated it, plus the stored user. */
export interface LoginInput {
  license?: string | undefined;
  coach?: boolean | undefined;
  step?: number | undefined;
  preset_email?: string | undefined;
  password_is_reset?: boolean | undefined;
  returnUrl?: string | undefined;
  websiteToken?: string | undefined;
  userID?: string | undefined;
  /** The user stored on this device when the page opened (src/session), or null. */
  user: CurrentUser | null;
}

export type LoginStep = 1 | 2 | 3 | 4;

/** Where the wizard leads when it ends; src/routes/login.page.tsx navigates there. */
export type LoginExit =
  | { to: '/register'; search: { license: string; is_team_license: true; preset_email?: string } }
  | { to: '/contact-coach' }
  | { to: '/licenses/$license'; params: { license: string } }
  | { to: '/resetpwd/forgot' }
  | { to: '/coach/$license'; params: { license: string }; search: { claimed_login: true } }
  | { to: '/payment' }
  | { to: '/dashboard' }
  | { href: string };

export type LoginEvent =
  | { type: 'YES' }
  | { type: 'NO' }
  | { type: 'SUBMIT'; email: string; password: string }
  | { type: 'FORGOT_PASSWORD' }
  | AthleteStepEvent;

export interface LoginContext {
  license: string | null;
  coach: boolean;
  presetEmail: string | null;
  passwordIsReset: boolean;
  returnUrl: string | null;
  websiteToken: string | null;
  userId: string | null;
  requestedStep: number | null;
  /** Whether a user was stored when the page opened: only such a user may deep-link to steps 3 and 4. */
  openedWithUser: boolean;
  latestLicence: LatestLicense | null;
  athletes: Athlete[];
  chosenAthlete: Athlete | null;
  /** Why the last membership check blocked, shown once the athlete list has been loaded again. */
  membershipOutcome: AthleteMembershipOutput | null;
  /** The §8 text of the error state the wizard is in, if any. */
  error: string | null;
}

/** Final states that build a licence URL are reached only through `hasLicence`; this makes that invariant loud. */
function licenceOf(context: LoginContext): string {
  if (context.license === null) throw new Error('The login wizard reached a licence destination without a licence.');
  return context.license;
}

function membershipInput(context: LoginContext): AthleteMembershipInput {
  if (context.chosenAthlete === null) throw new Error('The membership check started without a chosen athlete.');
  return { athlete: context.chosenAthlete, license: context.license };
}

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginExit,
    emitted: {} as { type: 'step'; step: LoginStep },
  },
  actors: {
    login: fromPromise<CurrentUser, LoginCredentials>(({ input, signal }) => login(input, { signal })),
    validateWebsiteToken: fromPromise<CurrentUser, { user_id: number; token: string }>(({ input, signal }) =>
      validateWebsiteToken(input, { signal }),
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
    hasWebsiteToken: ({ context }) => context.websiteToken !== null && context.userId !== null,
    isAthleteListStep: ({ context }) => context.requestedStep === 3 && context.openedWithUser,
    isCreateAthleteStep: ({ context }) => context.requestedStep === 4 && context.openedWithUser,
    isWelcomeStep: ({ context }) => context.requestedStep === 1,
    hasLicence: ({ context }) => context.license !== null,
    isPasswordReset: ({ context }) => context.passwordIsReset,
    isGuardianLoginStep: ({ context }) => context.requestedStep !== null && context.requestedStep >= 2,
    isCoachLicence: ({ context }) => context.license !== null && context.coach,
    hasReturnUrl: ({ context }) => context.returnUrl !== null,
    hasChosenAthlete: ({ context }) => context.chosenAthlete !== null,
    isMembershipBlocked: (_, params: AthleteMembershipOutput) => params.result !== 'continue',
    wasAlreadyMember: ({ context }) => context.membershipOutcome?.result === 'alreadyMember',
    didClaimFail: ({ context }) => context.membershipOutcome?.result === 'claimFailed',
  },
  actions: {
    syncStep: emit((_, params: { step: LoginStep }) => ({ type: 'step' as const, step: params.step })),
    silentlyLogOut: () => silentLogout(),
    storeUser: (_, params: { user: CurrentUser }) => {
      setCurrentUser(params.user);
    },
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
    // The next login may be another guardian's.
    forgetAthletes: assign({ latestLicence: null, athletes: [], chosenAthlete: null, membershipOutcome: null }),
    chooseCreatedAthlete: assign({
      athletes: ({ context }, params: { athlete: Athlete }) => [
        ...context.athletes.filter((athlete) => athlete.user_id !== params.athlete.user_id),
        params.athlete,
      ],
      chosenAthlete: (_, params: { athlete: Athlete }) => params.athlete,
    }),
  },
}).createMachine({
  id: 'login',
  description: 'spec §2 Login, §4 Login wizard: steps 1 to 4, query parameters, token login and where login leads.',
  context: ({ input }) => ({
    license: input.license ?? null,
    coach: input.coach === true,
    presetEmail: input.preset_email ?? null,
    passwordIsReset: input.password_is_reset === true,
    returnUrl: input.returnUrl ?? null,
    websiteToken: input.websiteToken ?? null,
    userId: input.userID ?? null,
    requestedStep: input.step ?? null,
    openedWithUser: input.user !== null,
    latestLicence: null,
    athletes: [],
    chosenAthlete: null,
    membershipOutcome: null,
    error: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      description: 'spec §2 Login query: which step the wizard opens at',
      always: [
        {
          guard: 'hasWebsiteToken',
          target: 'tokenLogin',
          description: 'spec §2: websiteToken together with userID logs in by token',
        },
        {
          guard: 'isAthleteListStep',
          target: 'athleteList',
          description: 'spec §2: step deep-links; step 3 needs a stored user',
        },
        {
          guard: 'isCreateAthleteStep',
          target: 'createAthlete',
          description: 'spec §2: step deep-links; step 4 needs a stored user',
        },
        {
          guard: 'isWelcomeStep',
          target: 'welcome',
          description: 'spec §2: step=1 deep-links to the welcome step, even with a licence',
        },
        { guard: 'hasLicence', target: 'guardianLogin', description: 'spec §4: arriving with a licence forces step 2' },
        { guard: 'isPasswordReset', target: 'guardianLogin', description: 'spec §4: password_is_reset forces step 2' },
        {
          guard: 'isGuardianLoginStep',
          target: 'guardianLogin',
          description: 'spec §2: step 2, or a later step without a stored user, opens the login form',
        },
        { target: 'welcome' },
      ],
    },
    welcome: {
      description: "spec §2 Login step 1: 'Already have a {client name} App account?' Yes / No",
      entry: ['silentlyLogOut', { type: 'syncStep', params: { step: 1 } }],
      on: {
        YES: { target: 'guardianLogin', description: 'spec §2: Yes goes to step 2' },
        NO: [
          { guard: 'hasLicence', target: 'toRegister', description: 'spec §2: No goes to /register with a licence' },
          { target: 'toContactCoach', description: 'spec §2: No goes to /contact-coach without a licence' },
        ],
      },
    },
    tokenLogin: {
      description: 'spec §7 POST /api/website-token/validate',
      tags: ['busy'],
      entry: 'silentlyLogOut',
      invoke: {
        id: 'websiteToken',
        src: 'validateWebsiteToken',
        input: ({ context }) => ({ user_id: Number(context.userId), token: context.websiteToken ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'guardianLogin.form.tokenInvalid',
          description: "spec §2/§8: on failure the login form shows 'The authentication token was invalid.'",
        },
      },
    },
    guardianLogin: {
      description: "spec §2 Login step 2: 'Guardian Email', 'Password', 'Log In', 'Back', 'Forgot password'",
      entry: ['silentlyLogOut', 'forgetAthletes', { type: 'syncStep', params: { step: 2 } }],
      initial: 'form',
      states: {
        form: {
          description: "spec §2 Login step 2: the login form; 'Log In' submits e-mail and password",
          initial: 'idle',
          states: {
            idle: { description: "spec §2 Login step 2: 'Guardian Email' (preset_email pre-fills it) and 'Password'" },
            invalid: { description: "spec §8: 'Invalid login.' plus the server's messages" },
            tokenInvalid: { description: "spec §8: 'The authentication token was invalid.'" },
          },
          on: { SUBMIT: { target: '#login.guardianLogin.loggingIn' } },
        },
        loggingIn: {
          description: 'spec §7 POST /api/auth/login',
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'SUBMIT');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: '#login.loggedIn',
              actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'form.invalid',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: {
        BACK: [
          {
            guard: 'hasLicence',
            target: 'toLicence',
            description: 'spec §2: Back with a licence → /licenses/{license}',
          },
          { target: 'welcome', description: 'spec §2: otherwise one step back' },
        ],
        FORGOT_PASSWORD: { target: 'toForgotPassword' },
      },
    },
    loggedIn: {
      description: 'spec §4 Login wizard: where login leads',
      always: [
        {
          guard: 'isCoachLicence',
          target: 'toCoach',
          description: 'spec §4: licence plus coach → /coach/{license}?claimed_login=true',
        },
        {
          guard: 'hasLicence',
          target: 'athleteList',
          description: 'spec §4: a licence leads through the athlete step',
        },
        { guard: 'hasReturnUrl', target: 'toReturnUrl', description: 'spec §2: back to the protected page' },
        { target: 'toDashboard' },
      ],
    },
    athleteList: {
      description: "spec §2 Login step 3: season and team names, athletes, 'Add New Athlete', 'Next', 'Back'",
      entry: { type: 'syncStep', params: { step: 3 } },
      // A blocked membership is told once, on the list loaded right after it; leaving the list drops it.
      exit: 'forgetMembershipOutcome',
      initial: 'start',
      states: {
        start: {
          description: 'spec §4 Login wizard step 3: with a licence, record it before loading the athletes',
          always: [
            {
              guard: 'hasLicence',
              target: 'recordingLicence',
              description: 'the licence becomes the latest, whose season and team the list shows',
            },
            { target: 'loadingAthletes' },
          ],
        },
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
          on: { RETRY: { target: 'start' } },
        },
        choosing: {
          description: "spec §2 Login step 3: the athlete list; 'Next' once an athlete is chosen",
          initial: 'idle',
          states: {
            idle: { description: 'spec §2 Login step 3: list of athletes, one may be chosen' },
            alreadyMember: {
              description: "spec §4/§8: 'Sorry, this athlete already has a membership for the season.'",
            },
            claimFailed: { description: 'spec §8 Claim failure: the error response text' },
          },
          on: {
            CHOOSE_ATHLETE: { target: '.idle', actions: 'chooseAthlete' },
            NEXT: {
              guard: 'hasChosenAthlete',
              target: '#login.checkingMembership',
              description: "spec §4: 'Next' runs the membership check; enabled once an athlete is chosen",
            },
          },
        },
      },
      on: {
        ADD_ATHLETE: { target: 'createAthlete', description: "spec §4: 'Add New Athlete' goes to step 4" },
        BACK: { target: 'guardianLogin', description: 'spec §2: one step back' },
      },
    },
    createAthlete: {
      description: 'spec §2 Create athlete form (step 4)',
      entry: { type: 'syncStep', params: { step: 4 } },
      initial: 'form',
      states: {
        form: {
          description: "spec §2 Create athlete form: 'Create Account' (or Enter) submits",
          initial: 'idle',
          states: {
            idle: { description: 'spec §2 Create athlete form, §5 Create athlete validation' },
            failed: { description: 'spec §8 general mapping' },
          },
          on: { CREATE_ATHLETE: { target: '#login.createAthlete.creating' } },
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
              target: '#login.checkingMembership',
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
      on: { BACK: { target: 'athleteList', description: 'spec §2: one step back' } },
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
          { guard: 'hasLicence', target: 'toPayment', description: 'spec §4: with a licence, continue to /payment' },
          { target: 'toDashboard', description: 'spec §4: without a licence, continue to /dashboard' },
        ],
      },
    },
    toRegister: {
      description: 'spec §2 Login step 1: No with a licence → /register',
      type: 'final',
      output: ({ context }) => ({
        to: '/register',
        search: {
          license: licenceOf(context),
          is_team_license: true,
          ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
        },
      }),
    },
    toContactCoach: {
      description: 'spec §2 Login step 1: No without a licence → /contact-coach',
      type: 'final',
      output: { to: '/contact-coach' },
    },
    toLicence: {
      description: 'spec §2 Login step 2: Back with a licence → /licenses/{license}',
      type: 'final',
      output: ({ context }) => ({ to: '/licenses/$license', params: { license: licenceOf(context) } }),
    },
    toForgotPassword: {
      description: "spec §2 Login step 2: the 'Forgot password' link → /resetpwd/forgot",
      type: 'final',
      output: { to: '/resetpwd/forgot' },
    },
    toCoach: {
      description: 'spec §4 Login wizard: licence plus coach → /coach/{license}?claimed_login=true',
      type: 'final',
      output: ({ context }) => ({
        to: '/coach/$license',
        params: { license: licenceOf(context) },
        search: { claimed_login: true },
      }),
    },
    toPayment: {
      description: 'spec §4 Login wizard: with a licence, after the membership check → /payment',
      type: 'final',
      output: { to: '/payment' },
    },
    toReturnUrl: {
      description: 'spec §2 Route list: the protected-route guard sent the user here with returnUrl; back there',
      type: 'final',
      output: ({ context }) => ({ href: context.returnUrl ?? '/dashboard' }),
    },
    toDashboard: {
      description: 'spec §4 Login wizard: otherwise → /dashboard',
      type: 'final',
      output: { to: '/dashboard' },
    },
  },
  output: ({ event }) => event.output as LoginExit,
});

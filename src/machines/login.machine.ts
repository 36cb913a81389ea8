/**
 * The login wizard of spec §2 Login and §4 Login wizard: welcome (step 1), guardian login (2), then the athlete
 * steps shared with the register wizard (athlete-steps.machine.ts): athlete list (3) and create athlete (4). Input
 * is the validated query of /login (src/routes/login.route.ts) plus the user stored on this device; leaving the
 * wizard is a final state whose output is the destination (the route navigates).
 *
 * An explicit `step` in the URL wins over the licence and password_is_reset, which force step 2 only when no step
 * is asked for: the wizard mirrors its step into the URL, and other pages link to a step (payment's Back goes to
 * step 3 with the licence). Steps 3 and 4 need a stored user; without one they fall back to step 2 (§2).
 */
import { assign, emit, setup } from 'xstate';
import { type LoginCredentials, login, validateWebsiteToken } from '../api/auth';
import type { CurrentUser } from '../api/schemas';
import type { LoginFormValues } from '../domain/forms/login';
import { silentLogout } from '../session/logout';
import type { AthleteStep } from './athlete-steps.machine';
import {
  ATHLETE_PARENT_START,
  ATHLETE_STEPS_NOT_PROVIDED,
  afterAthleteSteps,
  followAthleteStep,
  isOtherAthleteStep,
  wentBack,
} from './athlete-steps-parent';
import { type CoachClaimExit, coachClaimExit, exitOf, leaveTo } from './flow-exit';
import { isValidLogin, loginCall, loginRefused } from './login-form';
import { answeredUser, errorTextOf, storeUser } from './session-actions';
import { apiCall } from './settle-unless-aborted';

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
  /** Issue 21 point 3: 'Join the waitlist' on the licence page: after login, /waitlist instead of the athletes. */
  waitlist?: boolean | undefined;
  /** The user stored on this device when the page opened (src/session), or null. */
  user: CurrentUser | null;
  /** Issue 21: the athlete a resumed registration had chosen (src/session/progress.ts), or null. */
  athleteId?: number | null;
}

export type LoginStep = 1 | 2 | 3 | 4;

/** spec §2 Login: the athlete list is step 3, create athlete step 4. */
const LOGIN_STEP_OF: Readonly<Record<AthleteStep, LoginStep>> = { athleteList: 3, createAthlete: 4 };

/** Where the wizard leads when it ends; src/routes/login.page.tsx navigates there. */
export type LoginExit =
  | { to: '/register'; search: { license: string; is_team_license: true; preset_email?: string } }
  | { to: '/contact-coach' }
  | { to: '/licenses/$license'; params: { license: string } }
  | { to: '/resetpwd/forgot' }
  | CoachClaimExit
  | { to: '/payment' }
  | { to: '/dashboard' }
  | { to: '/waitlist'; search: { license: string; join: true } }
  | { href: string };

export type LoginEvent =
  | { type: 'YES' }
  | { type: 'NO' }
  /** The login form as typed; refused unless both fields are filled (src/domain/forms/login.ts). */
  | { type: 'SUBMIT'; values: LoginFormValues }
  | { type: 'FORGOT_PASSWORD' }
  | { type: 'BACK' }
  /** 'Try again' after the athlete steps' code could not be fetched. */
  | { type: 'RETRY' };

export interface LoginContext {
  license: string | null;
  coach: boolean;
  presetEmail: string | null;
  passwordIsReset: boolean;
  returnUrl: string | null;
  websiteToken: string | null;
  userId: string | null;
  requestedStep: number | null;
  /** Issue 21 point 3: joining the licence's waitlist after login. */
  waitlist: boolean;
  /** Whether a user was stored when the page opened: only such a user may deep-link to steps 3 and 4. */
  openedWithUser: boolean;
  /** The athlete step the wizard opens at, then the one it is at (mirrored from the athlete steps into the URL). */
  athleteStep: AthleteStep;
  /** Issue 21: a resumed registration's athlete, chosen again on the athlete list. */
  resumedAthleteId: number | null;
  /** The §8 text of the error state the wizard is in, if any. */
  error: string | null;
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: LoginExit | null;
}

/** Final states that build a licence URL are reached only through `hasLicence`; this makes that invariant loud. */
function licenceOf(context: LoginContext): string {
  if (context.license === null) throw new Error('The login wizard reached a licence destination without a licence.');
  return context.license;
}

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as LoginExit,
    emitted: {} as { type: 'step'; step: LoginStep },
    // Invoke ids and the actor each runs: types `snapshot.children.athleteSteps` for the views.
    children: {} as {
      login: 'login';
      websiteToken: 'validateWebsiteToken';
      athleteStepsCode: 'athleteStepsCode';
      athleteSteps: 'athleteSteps';
    },
  },
  actors: {
    login: apiCall<CurrentUser, LoginCredentials>((input, signal) => login(input, { signal })),
    validateWebsiteToken: apiCall<CurrentUser, { user_id: number; token: string }>((input, signal) =>
      validateWebsiteToken(input, { signal }),
    ),
    // The page gives the athlete steps, loaded when the wizard reaches them (athlete-steps.lazy.ts).
    ...ATHLETE_STEPS_NOT_PROVIDED,
  },
  guards: {
    isValidLogin,
    hasWebsiteToken: ({ context }) => context.websiteToken !== null && context.userId !== null,
    isAthleteListStep: ({ context }) => context.requestedStep === 3 && context.openedWithUser,
    isCreateAthleteStep: ({ context }) => context.requestedStep === 4 && context.openedWithUser,
    isWelcomeStep: ({ context }) => context.requestedStep === 1,
    hasLicence: ({ context }) => context.license !== null,
    joinsWaitlist: ({ context }) => context.waitlist && context.license !== null,
    isPasswordReset: ({ context }) => context.passwordIsReset,
    isGuardianLoginStep: ({ context }) => context.requestedStep !== null && context.requestedStep >= 2,
    isCoachLicence: ({ context }) => context.license !== null && context.coach,
    hasReturnUrl: ({ context }) => context.returnUrl !== null,
    isOtherAthleteStep,
    wentBack,
  },
  actions: {
    leave: assign({ exit: (_, exit: LoginExit) => exit }),
    syncStep: emit((_, params: { step: LoginStep }) => ({ type: 'step' as const, step: params.step })),
    silentlyLogOut: () => silentLogout(),
    storeUser,
    rememberError: assign(errorTextOf),
    rememberAthleteStep: assign({ athleteStep: (_, params: { step: AthleteStep }) => params.step }),
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
    waitlist: input.waitlist === true,
    openedWithUser: input.user !== null,
    resumedAthleteId: input.athleteId ?? null,
    ...ATHLETE_PARENT_START,
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
          target: 'athleteSteps',
          description: 'spec §2: step deep-links; step 3 needs a stored user',
        },
        {
          guard: 'isCreateAthleteStep',
          target: 'athleteSteps',
          actions: { type: 'rememberAthleteStep', params: { step: 'createAthlete' } },
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
      entry: ['silentlyLogOut', { type: 'syncStep', params: { step: 2 } }],
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
          on: {
            SUBMIT: {
              guard: { type: 'isValidLogin', params: ({ event }) => event.values },
              target: '#login.guardianLogin.loggingIn',
            },
          },
        },
        loggingIn: {
          description: 'spec §7 POST /api/auth/login',
          tags: ['busy'],
          invoke: {
            ...loginCall,
            onDone: {
              target: '#login.loggedIn',
              actions: { type: 'storeUser', params: answeredUser },
            },
            onError: loginRefused,
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
        { guard: 'joinsWaitlist', target: 'toWaitlist' },
        {
          guard: 'hasLicence',
          target: 'athleteSteps',
          description: 'spec §4: a licence leads through the athlete step',
        },
        { guard: 'hasReturnUrl', target: 'toReturnUrl', description: 'spec §2: back to the protected page' },
        { target: 'toDashboard' },
      ],
    },
    athleteSteps: {
      description:
        'spec §2 Login steps 3 (athlete list) and 4 (create athlete), §4: the athlete steps and the membership ' +
        'check, shared with the register wizard (athlete-steps.machine.ts)',
      entry: { type: 'syncStep', params: ({ context }) => ({ step: LOGIN_STEP_OF[context.athleteStep] }) },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          description:
            "Spec §2, §4: the athlete steps' code loads now, unless the page already preloaded it (a first visit does not wait for it).",
          invoke: {
            id: 'athleteStepsCode',
            src: 'athleteStepsCode',
            onDone: { target: 'running' },
            onError: { target: 'failed' },
          },
        },
        failed: {
          description: "Spec §8: the athlete steps' code could not be fetched; 'Try again' loads it again.",
          on: { RETRY: { target: 'loading' } },
        },
        running: {
          description: 'spec §2 Login steps 3 and 4: the athlete steps themselves',
          invoke: {
            id: 'athleteSteps',
            src: 'athleteSteps',
            input: ({ context }) => ({
              license: context.license,
              opensAt: context.athleteStep,
              chosenAthleteId: context.resumedAthleteId,
            }),
            onDone: [
              {
                guard: { type: 'wentBack', params: ({ event }) => event.output },
                target: '#login.guardianLogin',
                description: 'spec §2: Back on the athlete list goes one step back',
              },
              {
                guard: 'hasLicence',
                target: '#login.toPayment',
                description: 'spec §4: with a licence, continue to /payment',
              },
              { target: '#login.toDashboard', description: 'spec §4: without a licence, continue to /dashboard' },
            ],
            onSnapshot: {
              ...followAthleteStep(LOGIN_STEP_OF),
              description: 'spec §2: the URL names the step a person is at, 3 or 4',
            },
          },
        },
      },
    },
    toRegister: {
      description: 'spec §2 Login step 1: No with a licence → /register',
      type: 'final',
      entry: {
        type: 'leave',
        params: ({ context }) => ({
          to: '/register',
          search: {
            license: licenceOf(context),
            is_team_license: true,
            ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
          },
        }),
      },
    },
    toContactCoach: {
      description: 'spec §2 Login step 1: No without a licence → /contact-coach',
      type: 'final',
      entry: { type: 'leave', params: { to: '/contact-coach' } },
    },
    toLicence: {
      description: 'spec §2 Login step 2: Back with a licence → /licenses/{license}',
      type: 'final',
      entry: {
        type: 'leave',
        params: ({ context }) => ({ to: '/licenses/$license', params: { license: licenceOf(context) } }),
      },
    },
    toForgotPassword: {
      description: "spec §2 Login step 2: the 'Forgot password' link → /resetpwd/forgot",
      type: 'final',
      entry: { type: 'leave', params: { to: '/resetpwd/forgot' } },
    },
    toCoach: {
      description: 'spec §4 Login wizard: licence plus coach → /coach/{license}?claimed_login=true',
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => coachClaimExit(licenceOf(context)) },
    },
    ...afterAthleteSteps('spec §4 Login wizard: with a licence, after the membership check → /payment'),
    toReturnUrl: leaveTo(
      'spec §2 Route list: the protected-route guard sent the user here with returnUrl; back there',
      ({ context }: { context: LoginContext }) => ({ href: context.returnUrl ?? '/dashboard' }),
    ),
    toDashboard: leaveTo('spec §4 Login wizard: otherwise → /dashboard', { to: '/dashboard' as const }),
  },
  output: ({ context }) => exitOf(context),
});

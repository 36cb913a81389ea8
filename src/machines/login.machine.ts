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
import * as athleteParent from './athlete-steps-parent';
import { type CoachClaimExit, coachClaimExit, exitOf, leaveTo } from './flow-exit';
import { isValidLogin, loginCall, loginRefused } from './login-form';
import { answeredUser, errorTextOf, storeUser } from './session-actions';
import { apiCall } from './settle-unless-aborted';

/** The query of /login (spec §2 Login) as the route validated it, plus the stored user. */
export interface LoginInput extends athleteParent.AthleteParentInput {
  coach?: boolean | undefined;
  step?: number | undefined;
  preset_email?: string | undefined;
  password_is_reset?: boolean | undefined;
  returnUrl?: string | undefined;
  websiteToken?: string | undefined;
  userID?: string | undefined;
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

export interface LoginContext extends athleteParent.AthleteParentContext<LoginExit> {
  coach: boolean;
  presetEmail: string | null;
  passwordIsReset: boolean;
  returnUrl: string | null;
  websiteToken: string | null;
  userId: string | null;
  requestedStep: number | null;
  /** Whether a user was stored when the page opened: only such a user may deep-link to steps 3 and 4. */
  openedWithUser: boolean;
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
    ...athleteParent.ATHLETE_STEPS_NOT_PROVIDED,
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
    isOtherAthleteStep: athleteParent.isOtherAthleteStep,
    wentBack: athleteParent.wentBack,
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
    ...athleteParent.athleteParentStart(input),
    coach: input.coach === true,
    presetEmail: input.preset_email ?? null,
    passwordIsReset: input.password_is_reset === true,
    returnUrl: input.returnUrl ?? null,
    websiteToken: input.websiteToken ?? null,
    userId: input.userID ?? null,
    requestedStep: input.step ?? null,
    openedWithUser: input.user !== null,
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
          ...athleteParent.ATHLETE_STEPS_CODE.loading,
          description:
            'Spec §2 Login steps 3 and 4, §4: their code loads now, unless the page already preloaded it (a first visit does not wait).',
        },
        failed: {
          ...athleteParent.ATHLETE_STEPS_CODE.failed,
          description: "Spec §8: the code of Login steps 3 and 4 could not be fetched; 'Try again' loads it again.",
        },
        running: {
          description: 'spec §2 Login steps 3 and 4: the athlete steps themselves',
          invoke: {
            ...athleteParent.ATHLETE_STEPS_CHILD,
            onDone: [
              {
                guard: athleteParent.WENT_BACK,
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
              ...athleteParent.followAthleteStep(LOGIN_STEP_OF),
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
            license: athleteParent.licenceOf(context),
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
      entry: athleteParent.LEAVE_TO_LICENCE,
    },
    toForgotPassword: {
      description: "spec §2 Login step 2: the 'Forgot password' link → /resetpwd/forgot",
      type: 'final',
      entry: { type: 'leave', params: { to: '/resetpwd/forgot' } },
    },
    toCoach: {
      description: 'spec §4 Login wizard: licence plus coach → /coach/{license}?claimed_login=true',
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => coachClaimExit(athleteParent.licenceOf(context)) },
    },
    ...athleteParent.afterAthleteSteps('spec §4 Login wizard: with a licence, after the membership check → /payment'),
    toReturnUrl: leaveTo(
      'spec §2 Route list: the protected-route guard sent the user here with returnUrl; back there',
      ({ context }: { context: LoginContext }) => ({ href: context.returnUrl ?? '/dashboard' }),
    ),
    toDashboard: leaveTo('spec §4 Login wizard: otherwise → /dashboard', { to: '/dashboard' as const }),
  },
  output: ({ context }) => exitOf(context),
});

/**
 * The licence pages of spec §2 ('Licence page') and §4 ('Licence page and claiming'): /licenses/{license} (team
 * variant), /coach/{license} and /coach-claimed (coach variant). One machine serves both variants: they share the
 * arrival rule, the load, the paused notice and the claimed checks, and differ after `routing`.
 *
 * The session at arrival comes in as input (the route reads it), so every guard reads the machine's own context and
 * the model tests can walk each branch from an input.
 */
import { assign, fromPromise, setup } from 'xstate';
import { getUser } from '../api/auth';
import { errorText } from '../api/errors';
import { claimLicence, getCoachLicence, getLicenceInfo } from '../api/licences';
import type { ClaimLicenseResponse, CurrentUser, LicenceInfo, User } from '../api/schemas';
import { SUBSCRIPTION_STATUS } from '../domain/subscription-status';
import { updateCurrentUser } from '../session/current-user';
import { silentLogout } from '../session/logout';
import { settleUnlessAborted } from './settle-unless-aborted';

export type LicenceVariant = 'team' | 'coach';

/** What the machine keeps of the stored user at arrival; null when nobody is logged in (or after a silent logout). */
export interface SessionUser {
  email: string;
  isCoach: boolean;
  licenceCode: string | null;
}

export interface LicenceInput {
  variant: LicenceVariant;
  /** The licence code (route parameter, else the `license` query, §2). */
  code: string;
  claimedRegistration?: boolean | undefined;
  claimedLogin?: boolean | undefined;
  apiSubdomain?: string | undefined;
  redirLogin?: boolean | undefined;
  redirRegister?: boolean | undefined;
  presetEmail?: string | undefined;
  /** The stored user when the page opened (src/session getCurrentUser). */
  user: Pick<CurrentUser, 'email' | 'is_coach' | 'license'> | null;
}

export interface LicenceContext {
  variant: LicenceVariant;
  code: string;
  claimedRegistration: boolean;
  claimedLogin: boolean;
  apiSubdomain: string | null;
  redirLogin: boolean;
  redirRegister: boolean;
  presetEmail: string | null;
  user: SessionUser | null;
  /**
   * The e-mail the team success screen asks the person to log in with: the stored user's, else preset_email (an
   * automatic claim logs out before it sends the person to the claimed page, and carries the address along).
   */
  accountEmail: string | null;
  licence: LicenceInfo | null;
  /** The §8 text of a failed claim or user refresh, shown in the page's error area. */
  errorText: string | null;
  /** Where the flow leaves to, set on entering a final state; the machine's output. */
  exit: LicenceExit | null;
}

export type LicenceEvent = { type: 'YES' } | { type: 'NO' } | { type: 'CLAIM' } | { type: 'RETRY' };

/** Where the flow leaves to; the route performs the navigation. Search keys are the target routes' (§2). */
export type LicenceExit =
  | {
      to: '/login';
      search: { license: string; step: 2; is_team_license?: true; coach?: true; preset_email?: string };
    }
  | {
      to: '/register';
      search: { license: string; is_team_license: true; coach?: true; preset_email?: string };
    }
  | {
      to: '/licenses/$license';
      params: { license: string };
      search: { claimed_registration: true; preset_email?: string; api_subdomain?: string };
    }
  | { to: '/coach-claimed'; search: { license: string; api_subdomain?: string } };

/** The flag that tells login and register the licence is a coach's (§4 coach claim), or a team's (§2 Register). */
const COACH_FLAG: { coach: true } = { coach: true };
const TEAM_FLAG: { is_team_license: true } = { is_team_license: true };

/** Yes on the welcome screen, or Claim for a visitor who asked for login (redirLogin): login at step 2 (§4). */
export function loginExit(context: LicenceContext): LicenceExit {
  return {
    to: '/login',
    search: {
      license: context.code,
      step: 2,
      ...(context.variant === 'coach' ? COACH_FLAG : TEAM_FLAG),
      ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
    },
  };
}

/**
 * No on the welcome screen, or Claim for a visitor: the register wizard. It works only with the team-licence flag
 * (§2 Register), so a coach's link carries it too, with `coach` telling the wizard it is a coach's registration.
 */
export function registerExit(context: LicenceContext): LicenceExit {
  return {
    to: '/register',
    search: {
      license: context.code,
      is_team_license: true,
      ...(context.variant === 'coach' ? COACH_FLAG : {}),
      ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
    },
  };
}

/** §4 automatic claim, status OK: the claimed page of the same licence, keeping the address for its third step. */
export function claimedPageExit(context: LicenceContext): LicenceExit {
  return {
    to: '/licenses/$license',
    params: { license: context.code },
    search: {
      claimed_registration: true,
      ...(context.accountEmail === null ? {} : { preset_email: context.accountEmail }),
      ...(context.apiSubdomain === null ? {} : { api_subdomain: context.apiSubdomain }),
    },
  };
}

/** A coach's claim went through: the claimed coach view, at an address that survives a reload after the logout. */
export function coachClaimedExit(context: LicenceContext): LicenceExit {
  return {
    to: '/coach-claimed',
    search: {
      license: context.code,
      ...(context.apiSubdomain === null ? {} : { api_subdomain: context.apiSubdomain }),
    },
  };
}

/**
 * The exit of the final state the flow enters, built from what it knows then. Final states name only the
 * destination (static params), so a structural walk of the machine (npm run paths:to) never runs this on a context
 * it did not fill in.
 */
function exitTo(context: LicenceContext, to: LicenceExit['to']): LicenceExit {
  switch (to) {
    case '/login':
      return loginExit(context);
    case '/register':
      return registerExit(context);
    case '/licenses/$license':
      return claimedPageExit(context);
    case '/coach-claimed':
      return coachClaimedExit(context);
  }
}

function sessionUser(user: LicenceInput['user']): SessionUser | null {
  if (user === null) return null;
  return { email: user.email, isCoach: user.is_coach, licenceCode: user.license?.license_code ?? null };
}

export const licenceMachine = setup({
  types: {
    input: {} as LicenceInput,
    context: {} as LicenceContext,
    events: {} as LicenceEvent,
    // Null only before a final state: the output is read from context, where each final state puts its exit.
    output: {} as LicenceExit | null,
    tags: {} as 'busy',
  },
  actors: {
    loadLicence: fromPromise<LicenceInfo, { code: string; variant: LicenceVariant }>(({ input, signal }) =>
      settleUnlessAborted(
        input.variant === 'coach' ? getCoachLicence(input.code, { signal }) : getLicenceInfo(input.code, { signal }),
        signal,
      ),
    ),
    claimLicence: fromPromise<ClaimLicenseResponse, { code: string }>(({ input, signal }) =>
      settleUnlessAborted(claimLicence(input.code, { signal }), signal),
    ),
    refreshUser: fromPromise<User>(({ signal }) => settleUnlessAborted(getUser({ signal }), signal)),
  },
  guards: {
    /** §4: a logged-in user arriving with neither claimed_registration nor claimed_login is logged out. */
    arrivesWithoutClaimedFlags: ({ context }) =>
      context.user !== null && !context.claimedRegistration && !context.claimedLogin,
    isCoachVariant: ({ context }) => context.variant === 'coach',
    isPaused: ({ context }) => context.licence?.paused === true,
    isUnavailable: ({ context }) => context.licence?.available !== true,
    /** §4: unclaimed until claimed_registration is present. */
    isClaimed: ({ context }) => context.claimedRegistration,
    /** §4: already claimed when the stored user's licence is this page's licence. */
    isAlreadyClaimed: ({ context }) =>
      context.user?.licenceCode != null && context.user.licenceCode === context.licence?.license_code,
    /** §4: an available licence with claimed_login is claimed at once (claiming needs the user's token). */
    shouldAutoClaim: ({ context }) =>
      context.claimedLogin && context.user !== null && context.licence?.available === true,
    isLoggedIn: ({ context }) => context.user !== null,
    /** §4 coach claim: redirLogin sends a visitor to login; otherwise (redirRegister, or neither) to register. */
    prefersLogin: ({ context }) => context.redirLogin && !context.redirRegister,
    isClaimOk: (_, claim: ClaimLicenseResponse) => claim.status === 'OK',
    /** §4: a coach refreshes the user after the claim; a non-coach counts as claimed directly. */
    isCoachUser: ({ context }) => context.user?.isCoach === true,
    isLicenceActive: (_, user: User) => user.subscription?.status_message === SUBSCRIPTION_STATUS.licenseActive,
  },
  actions: {
    silentLogout: () => silentLogout(),
    forgetUser: assign({ user: null }),
    storeLicence: assign({ licence: (_, licence: LicenceInfo) => licence }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
    /** §7 GET /api/user refreshes the stored user, whatever its status says. */
    storeRefreshedUser: (_, user: User) => updateCurrentUser(user),
    /** The refreshed user has no active licence: its status message (or the §8 fallback) explains why. */
    storeStatusError: assign({
      errorText: (_, user: User) => user.subscription?.status_message ?? 'Sorry, an error occurred.',
    }),
    leave: assign({ exit: ({ context }, params: { to: LicenceExit['to'] }) => exitTo(context, params.to) }),
  },
}).createMachine({
  id: 'licence',
  description: 'spec §2 Licence page, §4 Licence page and claiming: team and coach licence pages',
  context: ({ input }) => {
    const user = sessionUser(input.user);
    return {
      variant: input.variant,
      code: input.code,
      claimedRegistration: input.claimedRegistration === true,
      claimedLogin: input.claimedLogin === true,
      apiSubdomain: input.apiSubdomain ?? null,
      redirLogin: input.redirLogin === true,
      redirRegister: input.redirRegister === true,
      presetEmail: input.presetEmail ?? null,
      user,
      accountEmail: user?.email ?? input.presetEmail ?? null,
      licence: null,
      errorText: null,
      exit: null,
    };
  },
  output: ({ context }) => context.exit,
  initial: 'arriving',
  states: {
    arriving: {
      description: 'spec §4: a logged-in user arriving without both claimed flags is silently logged out',
      always: [
        { guard: 'arrivesWithoutClaimedFlags', target: 'loading', actions: ['silentLogout', 'forgetUser'] },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'spec §7: GET registration-link info (team) or the coach licence by code',
      tags: ['busy'],
      invoke: {
        id: 'licence',
        src: 'loadLicence',
        input: ({ context }) => ({ code: context.code, variant: context.variant }),
        onDone: { target: 'routing', actions: { type: 'storeLicence', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
    },
    failed: {
      description: "spec §8: licence load failure shows 'Sorry, an error occurred.'",
      on: { RETRY: { target: 'loading' } },
    },
    routing: {
      description: 'spec §2 Licence page: a paused licence shows the notice; otherwise the team or coach variant',
      always: [
        { guard: 'isPaused', target: 'paused' },
        { guard: 'isCoachVariant', target: 'coach' },
        { target: 'team' },
      ],
    },
    paused: {
      description:
        "spec §2: organization, season and team names and 'Registration has been paused by the organization.'",
    },
    team: {
      description: 'spec §2 Licence page, team licence',
      initial: 'routing',
      states: {
        routing: {
          description:
            'spec §4 Licence page and claiming: claimed, already claimed, automatic claim, unavailable or welcome',
          always: [
            { guard: 'isClaimed', target: 'success' },
            { guard: 'isAlreadyClaimed', target: 'success' },
            { guard: 'shouldAutoClaim', target: 'autoClaiming' },
            { guard: 'isUnavailable', target: 'unavailable' },
            { target: 'welcome' },
          ],
        },
        welcome: {
          description: "spec §2 Welcome screen: 'Already have a {client name} App account?' Yes → login, No → register",
          initial: 'ready',
          on: {
            YES: { target: '#licence.toLogin' },
            NO: { target: '#licence.toRegister' },
          },
          states: {
            ready: { description: "spec §2 Welcome screen: 'Welcome to {client name}' with Yes and No" },
            claimFailed: { description: 'spec §8: a claim failure shows the error response text' },
          },
        },
        unavailable: { description: "spec §2: 'Sorry, this license is not available.'" },
        autoClaiming: {
          description: 'spec §4: an available licence with claimed_login is claimed automatically',
          tags: ['busy'],
          invoke: {
            id: 'claim',
            src: 'claimLicence',
            input: ({ context }) => ({ code: context.code }),
            onDone: [
              {
                guard: { type: 'isClaimOk', params: ({ event }) => event.output },
                target: '#licence.toClaimedPage',
                actions: ['silentLogout', 'forgetUser'],
                description: 'spec §4: status OK logs out and goes to /licenses/{license}?claimed_registration=true',
              },
              { target: 'unavailable', description: 'spec §4: any other status marks the licence unavailable' },
            ],
            onError: {
              target: 'welcome.claimFailed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        success: {
          description:
            'spec §2 Team licence success screen: three steps (app store, download the app, log in as the e-mail)',
        },
      },
    },
    coach: {
      description: 'spec §2 Licence page, coach variant; §4 coach claim',
      initial: 'routing',
      states: {
        routing: {
          description:
            'spec §4 Licence page and claiming: claimed, already claimed, automatic claim, unavailable or licence',
          always: [
            { guard: 'isClaimed', target: 'claimed' },
            { guard: 'isAlreadyClaimed', target: 'claimed' },
            { guard: 'shouldAutoClaim', target: 'claiming' },
            { guard: 'isUnavailable', target: 'unavailable' },
            { target: 'licence' },
          ],
        },
        licence: {
          description: "spec §2: licence name, available count, 'Claim one' and the access-until date",
          initial: 'ready',
          on: {
            CLAIM: [
              { guard: 'isLoggedIn', target: 'claiming', actions: 'clearError' },
              { guard: 'prefersLogin', target: '#licence.toLogin' },
              { target: '#licence.toRegister' },
            ],
          },
          states: {
            ready: { description: "spec §2 Available coach licence: 'Claim one' waits for the user" },
            claimFailed: { description: 'spec §8: a claim failure shows the error response text' },
          },
        },
        unavailable: { description: "spec §2: 'Sorry, Coach licenses are no longer available.'" },
        claiming: {
          description: 'spec §4 coach claim: POST claim-license',
          tags: ['busy'],
          invoke: {
            id: 'claim',
            src: 'claimLicence',
            input: ({ context }) => ({ code: context.code }),
            onDone: [
              { guard: { type: 'isClaimOk', params: ({ event }) => event.output }, target: 'claimAccepted' },
              { target: 'unavailable', description: 'spec §4: a status other than OK marks the licence unavailable' },
            ],
            onError: {
              target: 'licence.claimFailed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        claimAccepted: {
          description: 'spec §4 coach claim, status OK: a coach refreshes the user, a non-coach counts as claimed',
          always: [
            { guard: 'isCoachUser', target: 'refreshingUser' },
            {
              target: '#licence.toCoachClaimed',
              actions: ['silentLogout', 'forgetUser'],
              description: 'spec §4: a non-coach counts as claimed directly; claimed leads to silent logout',
            },
          ],
        },
        refreshingUser: {
          description: "spec §4: a coach refreshes the user; claimed only when the status is 'License active.'",
          tags: ['busy'],
          invoke: {
            id: 'user',
            src: 'refreshUser',
            onDone: [
              {
                guard: { type: 'isLicenceActive', params: ({ event }) => event.output },
                target: '#licence.toCoachClaimed',
                actions: ['silentLogout', 'forgetUser'],
              },
              {
                target: 'licence.claimFailed',
                actions: [
                  { type: 'storeRefreshedUser', params: ({ event }) => event.output },
                  { type: 'storeStatusError', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: {
              target: 'licence.claimFailed',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        claimed: {
          description: "spec §2: 'You've already registered for {name}' with the access date and both app stores",
          entry: ['silentLogout', 'forgetUser'],
        },
      },
    },
    toLogin: {
      description: 'spec §2 Welcome screen Yes, §4 coach claim with redirLogin: /login at step 2 with the licence',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login' } },
    },
    toRegister: {
      description: 'spec §2 Welcome screen No, §4 coach claim when not logged in: /register with the licence',
      type: 'final',
      entry: { type: 'leave', params: { to: '/register' } },
    },
    toClaimedPage: {
      description: 'spec §4 automatic claim, status OK: /licenses/{license}?claimed_registration=true',
      type: 'final',
      entry: { type: 'leave', params: { to: '/licenses/$license' } },
    },
    toCoachClaimed: {
      description: 'spec §2 coach-claimed page, §4: a claimed coach licence after the silent logout',
      type: 'final',
      entry: { type: 'leave', params: { to: '/coach-claimed' } },
    },
  },
});

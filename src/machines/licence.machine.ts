/**
 * The licence pages of spec §2 ('Licence page') and §4 ('Licence page and claiming'): /licenses/{license} (team
 * variant), /coach/{license} and /coach-claimed (coach variant). One machine serves both variants: they share the
 * arrival rule, the load, the paused notice and the claimed checks, and differ after `routing`.
 *
 * The session at arrival comes in as input (the route reads it), so every guard reads the machine's own context and
 * the model tests can walk each branch from an input.
 */
import { assign, setup } from 'xstate';
import { getUser } from '../api/auth';
import { errorText } from '../api/errors';
import { claimLicence, getCoachLicence, getLicenceInfo } from '../api/licences';
import type { ClaimLicenseResponse, LicenceInfo, User } from '../api/schemas';
import type { WaitlistLookup } from '../api/waitlist.schemas';
import { SUBSCRIPTION_STATUS } from '../domain/subscription-status';
import { updateCurrentUser } from '../session/current-user';
import { silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import {
  exitTo,
  type LicenceContext,
  type LicenceEvent,
  type LicenceExit,
  type LicenceInput,
  type LicenceVariant,
  sessionUser,
} from './licence.context';
import type { ShownText } from './payment-texts';
import { apiCall } from './settle-unless-aborted';

export type { LicenceExit, LicenceInput, LicenceVariant, PaymentConfirmation } from './licence.context';

/** §4: POST claim-license for the page's licence, the same call in the team's automatic claim and the coach's claim. */
const claimCall = {
  id: 'claim',
  src: 'claimLicence',
  input: ({ context }: { context: LicenceContext }) => ({ code: context.code }),
} as const;

/** §4: the claim answered status OK (any other status marks the licence unavailable). */
const claimOk = {
  type: 'isClaimOk',
  params: ({ event }: { event: { output: ClaimLicenseResponse } }) => event.output,
} as const;

/** §8: a failed claim (or user refresh) shows the error response text in the variant's `claimFailed` screen. */
function claimFailedIn(target: 'welcome.claimFailed' | 'licence.claimFailed') {
  return {
    target,
    actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  } as const;
}

/** §8's text for a refreshed user without an active licence and without a status message of the server's. */
const LOAD_FAILED: ShownText = { key: 'licence.loadFailed' };

export const licenceMachine = setup({
  types: {
    input: {} as LicenceInput,
    context: {} as LicenceContext,
    events: {} as LicenceEvent,
    output: {} as LicenceExit,
    tags: {} as 'busy',
  },
  actors: {
    loadLicence: apiCall<LicenceInfo, { code: string; variant: LicenceVariant; offer: string | null }>(
      (input, signal) =>
        input.variant === 'coach'
          ? getCoachLicence(input.code, { signal })
          : getLicenceInfo(input.code, { signal }, input.offer ?? undefined),
    ),
    /**
     * Issue 21 point 3: the family's entry on this licence's waitlist (and issue 30 point 4: whether its held spot
     * was released); the call's module loads only when asked.
     */
    waitlistEntry: apiCall<WaitlistLookup, { code: string }>((input, signal) =>
      import('../api/waitlist').then(({ lookUpWaitlist }) => lookUpWaitlist(input.code, { signal })),
    ),
    claimLicence: apiCall<ClaimLicenseResponse, { code: string }>((input, signal) =>
      claimLicence(input.code, { signal }),
    ),
    refreshUser: apiCall<User>((_, signal) => getUser({ signal })),
  },
  guards: {
    /** §4: a logged-in user arriving with neither claimed_registration nor claimed_login is logged out. */
    arrivesWithoutClaimedFlags: ({ context }) =>
      context.user !== null && !context.claimedRegistration && !context.claimedLogin,
    /**
     * Issue 21 point 3: before that logout, a guardian opening a team licence (not from an offer's link) is looked up
     * on its waitlist, so a family already on it sees its place instead of the join action.
     */
    mayBeOnWaitlist: ({ context }) =>
      context.variant === 'team' &&
      context.user !== null &&
      !context.user.isCoach &&
      !context.claimedRegistration &&
      !context.claimedLogin &&
      context.offer === null,
    isOnWaitlist: (_, lookup: WaitlistLookup) => lookup.entry !== null,
    isCoachVariant: ({ context }) => context.variant === 'coach',
    isPaused: ({ context }) => context.licence?.paused === true,
    /** Issue 19.1: the family arrives from a payment just made: its confirmation shows even if the licence was paused since. */
    arrivesPaid: ({ context }) => context.confirmation !== null,
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
    startJoiningWaitlist: assign({ joiningWaitlist: true }),
    /** Issue 30 point 4: kept before the logout, shown on the welcome screen. */
    storeReleased: assign({ released: (_, lookup: WaitlistLookup) => lookup.released }),
    /** §7 GET /api/user refreshes the stored user, whatever its status says. */
    storeRefreshedUser: (_, user: User) => updateCurrentUser(user),
    /** The refreshed user has no active licence: its status message (or the §8 fallback) explains why. */
    storeStatusError: assign({
      errorText: (_, user: User): ShownText => user.subscription?.status_message ?? LOAD_FAILED,
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
      confirmation: input.confirmation ?? null,
      errorText: null,
      offer: input.offer ?? null,
      joiningWaitlist: false,
      released: null,
      exit: null,
    };
  },
  output: ({ context }) => exitOf(context),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'spec §4: a logged-in user arriving without both claimed flags is silently logged out',
      always: [
        { guard: 'mayBeOnWaitlist', target: 'checkingWaitlist' },
        { guard: 'arrivesWithoutClaimedFlags', target: 'loading', actions: ['silentLogout', 'forgetUser'] },
        { target: 'loading' },
      ],
    },
    checkingWaitlist: {
      description: 'issue 21.3 (§4): on the waitlist? (else the logout)',
      tags: ['busy'],
      invoke: {
        id: 'waitlistEntry',
        src: 'waitlistEntry',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: { type: 'isOnWaitlist', params: ({ event }) => event.output }, target: 'toWaitlist' },
          {
            target: 'loading',
            actions: [{ type: 'storeReleased', params: ({ event }) => event.output }, 'silentLogout', 'forgetUser'],
          },
        ],
        onError: { target: 'loading', actions: ['silentLogout', 'forgetUser'] },
      },
    },
    loading: {
      description: 'spec §7: GET registration-link info (team) or the coach licence by code',
      tags: ['busy'],
      invoke: {
        id: 'licence',
        src: 'loadLicence',
        input: ({ context }) => ({ code: context.code, variant: context.variant, offer: context.offer }),
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
        {
          guard: 'arrivesPaid',
          target: 'team',
          description:
            'Issue 19.1: after paying, the claimed page with the confirmation, even if the licence was paused since',
        },
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
        unavailable: {
          description: 'spec §2; issue 21.3: the waitlist',
          initial: 'notice',
          states: {
            notice: {
              description: 'spec §2; issue 21.3',
              on: {
                JOIN_WAITLIST: [
                  {
                    guard: 'isLoggedIn',
                    target: '#licence.toWaitlist',
                    actions: 'startJoiningWaitlist',
                  },
                  { target: 'joining', actions: 'startJoiningWaitlist' },
                ],
              },
            },
            joining: {
              description: 'issue 21.3 (§2 Welcome screen): Yes → login, No → register',
              on: {
                YES: { target: '#licence.toLogin' },
                NO: { target: '#licence.toRegister' },
              },
            },
          },
        },
        autoClaiming: {
          description: 'spec §4: an available licence with claimed_login is claimed automatically',
          tags: ['busy'],
          invoke: {
            ...claimCall,
            onDone: [
              {
                guard: claimOk,
                target: '#licence.toClaimedPage',
                actions: ['silentLogout', 'forgetUser'],
                description: 'spec §4: status OK logs out and goes to /licenses/{license}?claimed_registration=true',
              },
              { target: 'unavailable', description: 'spec §4: any other status marks the licence unavailable' },
            ],
            onError: claimFailedIn('welcome.claimFailed'),
          },
        },
        success: {
          description:
            'spec §2 Team licence success screen: three steps (app store, download the app, log in as the e-mail); ' +
            'after a payment (issue 19.1), its confirmation at the top',
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
            ...claimCall,
            onDone: [
              { guard: claimOk, target: 'claimAccepted' },
              { target: 'unavailable', description: 'spec §4: a status other than OK marks the licence unavailable' },
            ],
            onError: claimFailedIn('licence.claimFailed'),
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
            onError: claimFailedIn('licence.claimFailed'),
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
    toWaitlist: {
      description: 'issue 21.3 (§2): /waitlist',
      type: 'final',
      entry: { type: 'leave', params: { to: '/waitlist' } },
    },
    toCoachClaimed: {
      description: 'spec §2 coach-claimed page, §4: a claimed coach licence after the silent logout',
      type: 'final',
      entry: { type: 'leave', params: { to: '/coach-claimed' } },
    },
  },
});

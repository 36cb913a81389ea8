/**
 * A full team's waitlist (issue 21 point 3, /waitlist?license=CODE, login required): the family lands here after
 * 'Join the waitlist' on the licence page and the login or registration wizard (with the intent `join`), or when it
 * opens the licence page while already on the list (without it). Only a family that came to join joins on arrival
 * (POST, idempotent); the page then drops the intent from the address (the `joined` emit), so a reload, or a visit
 * after leaving, looks the entry up (GET) and offers 'Join the waitlist' to a family not on the list. It shows the
 * place or the seat an offer holds (with the way on to the usual claim and payment), and leaves the list after a
 * confirmation. Every call is a state; a session the server no longer accepts comes back here through login.
 */
import { assign, emit, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import { getLicenceInfo } from '../api/licences';
import { getWaitlistEntry, joinWaitlist, leaveWaitlist } from '../api/waitlist';
import type { WaitlistEntry } from '../api/waitlist.schemas';
import { silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export interface WaitlistInput {
  /** The licence code of the team's link (the `license` query). */
  license: string;
  /** The family came to join ('Join the waitlist', the `join` query): join on arrival; otherwise look the entry up. */
  join?: boolean | undefined;
}

/** What the lookup found: the family's entry, or none and the team's name for 'You are not on the waitlist'. */
export interface WaitlistLookup {
  entry: WaitlistEntry | null;
  team: string;
}

/** Emitted once the family joined: the page drops the `join` intent from the address (a reload must not rejoin). */
export type WaitlistEmitted = { type: 'joined' };

/** Where the page hands over: login (back here afterwards), or the login wizard's athlete list to take the offer. */
export type WaitlistExit =
  | { to: '/login'; search: { returnUrl: string } }
  | { to: '/login'; search: { license: string; step: 3; is_team_license: true } };

export interface WaitlistContext {
  license: string;
  /** Whether the family is joining (arrived with the intent, or chose 'Join the waitlist'): a login comes back to it. */
  join: boolean;
  /** The family's entry as the server last answered it; null until joined. */
  entry: WaitlistEntry | null;
  /** The team named by the entry or the licence, kept for the notices once the family left or is not on the list. */
  teamName: string | null;
  /** The §8 text of the failed join or leave, else null. */
  errorText: string | null;
  exit: WaitlistExit | null;
}

export type WaitlistEvent =
  | { type: 'RETRY' }
  /** 'Join the waitlist' to a family not (or no longer) on the list. */
  | { type: 'JOIN' }
  /** 'Leave the waitlist': asks first. */
  | { type: 'LEAVE' }
  /** 'Yes, leave' to the confirmation. */
  | { type: 'CONFIRM_LEAVE' }
  /** 'No, stay on it' to the confirmation. */
  | { type: 'KEEP' }
  /** An open offer: on to the athlete list, the claim and the payment. */
  | { type: 'CONTINUE' };

const unauthorized = {
  type: 'isUnauthorized',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

const storeError = {
  type: 'storeError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** An open offer: the athlete list of the login wizard, then the claim and the payment as usual. */
const takeOffer = { guard: 'isOffered', target: '#waitlist.toClaim' } as const;

export const waitlistMachine = setup({
  types: {
    input: {} as WaitlistInput,
    context: {} as WaitlistContext,
    events: {} as WaitlistEvent,
    output: {} as WaitlistExit,
    tags: {} as 'busy',
    emitted: {} as WaitlistEmitted,
  },
  actors: {
    lookUp: apiCall<WaitlistLookup, { license: string }>((input, signal) => lookUpEntry(input.license, signal)),
    join: apiCall<WaitlistEntry, { license: string }>((input, signal) => joinWaitlist(input.license, { signal })),
    leave: apiCall<void, { license: string }>((input, signal) => leaveWaitlist(input.license, { signal })),
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isOffered: ({ context }) => context.entry?.status === 'offered',
    comesToJoin: ({ context }) => context.join,
    isOnList: (_, lookup: WaitlistLookup) => lookup.entry !== null,
  },
  actions: {
    storeEntry: assign({
      entry: (_, entry: WaitlistEntry) => entry,
      teamName: (_, entry: WaitlistEntry) => entry.team.name,
      errorText: null,
    }),
    storeLookup: assign({
      entry: (_, lookup: WaitlistLookup) => lookup.entry,
      teamName: (_, lookup: WaitlistLookup) => lookup.entry?.team.name ?? lookup.team,
    }),
    startJoining: assign({ join: true }),
    /** Joined: the intent is spent (a later login for another call comes back without it) and leaves the address. */
    spendIntent: assign({ join: false }),
    announceJoined: emit({ type: 'joined' as const }),
    forgetEntry: assign({ entry: null }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
    silentLogout: () => {
      silentLogout();
    },
    leave: assign({
      exit: ({ context }, params: { to: 'login' | 'claim' }): WaitlistExit =>
        params.to === 'login'
          ? {
              to: '/login',
              search: {
                returnUrl: `/waitlist?license=${encodeURIComponent(context.license)}${context.join ? '&join=1' : ''}`,
              },
            }
          : { to: '/login', search: { license: context.license, step: 3, is_team_license: true } },
    }),
  },
}).createMachine({
  id: 'waitlist',
  description:
    "issue 21 point 3 (spec §2, §7): join a full team's waitlist, see the place or the held seat, leave the list",
  context: ({ input }) => ({
    license: input.license,
    join: input.join === true,
    entry: null,
    teamName: null,
    errorText: null,
    exit: null,
  }),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'issue 21 point 3 (spec §2 Route list): only a family that came to join (`join`) joins on arrival',
      always: [{ guard: 'comesToJoin', target: 'joining' }, { target: 'lookingUp' }],
    },
    lookingUp: {
      description:
        'issue 21 point 3 (spec §7): GET /api/waitlist?license=CODE; no entry: the licence info names the team',
      tags: ['busy'],
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => ({ license: context.license }),
        onDone: [
          {
            guard: { type: 'isOnList', params: ({ event }) => event.output },
            target: 'onList',
            actions: { type: 'storeLookup', params: ({ event }) => event.output },
          },
          { target: 'notOnList', actions: { type: 'storeLookup', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: unauthorized, target: 'toLogin', actions: 'silentLogout' },
          { target: 'lookUpFailed', actions: storeError },
        ],
      },
    },
    lookUpFailed: {
      description: 'The §8 text of the failed lookup, with a retry and the way back to the team',
      on: { RETRY: { target: 'lookingUp', actions: 'clearError' } },
    },
    notOnList: {
      description: "issue 21 point 3 (spec §2): 'You are not on the waitlist for {team}.' and 'Join the waitlist'",
      on: { JOIN: { target: 'joining', actions: 'startJoining' } },
    },
    joining: {
      description:
        'issue 21 point 3 (spec §2, §7): POST /api/waitlist { license } (201, or 200 with the entry when already on it)',
      tags: ['busy'],
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context }) => ({ license: context.license }),
        onDone: {
          target: 'onList',
          actions: [{ type: 'storeEntry', params: ({ event }) => event.output }, 'spendIntent', 'announceJoined'],
        },
        onError: [
          { guard: unauthorized, target: 'toLogin', actions: 'silentLogout' },
          { target: 'failed', actions: storeError },
        ],
      },
    },
    failed: {
      description:
        "The server's refusal (e.g. 'This team still has spots: register now.') or §8 text, with the way back to the team",
      on: { RETRY: { target: 'joining', actions: 'clearError' } },
    },
    onList: {
      description:
        'issue 21 point 3 (spec §2): "You\'re on the waitlist for {team}." with the place, or the held seat and its date',
      initial: 'idle',
      states: {
        idle: {
          description: "Issue 21 point 3 (spec §2): 'Leave the waitlist', and with an open offer the way on",
          on: { LEAVE: { target: 'confirmingLeave' }, CONTINUE: takeOffer },
        },
        confirmingLeave: {
          description: "Issue 21 point 3 (spec §2): 'Leave the waitlist?' Yes or No; nothing else is taken meanwhile",
          on: { CONFIRM_LEAVE: { target: 'leaving', actions: 'clearError' }, KEEP: { target: 'idle' } },
        },
        leaving: {
          description:
            'issue 21 point 3 (spec §2, §7): DELETE /api/waitlist?license=CODE (an open offer is declined and passes on)',
          tags: ['busy'],
          invoke: {
            id: 'leave',
            src: 'leave',
            input: ({ context }) => ({ license: context.license }),
            onDone: { target: '#waitlist.left', actions: 'forgetEntry' },
            onError: [
              { guard: unauthorized, target: '#waitlist.toLogin', actions: 'silentLogout' },
              { target: 'leaveFailed', actions: storeError },
            ],
          },
        },
        leaveFailed: {
          description: 'The §8 text of the failed leave; still on the list',
          on: { LEAVE: { target: 'confirmingLeave' }, CONTINUE: takeOffer },
        },
      },
    },
    left: {
      description: "issue 21 point 3 (spec §2, §7): 'You have left the waitlist for {team}.' and 'Join the waitlist'",
      on: { JOIN: { target: 'joining', actions: 'startJoining' } },
    },
    toLogin: {
      description: 'spec §2: a session the server refuses logs out silently; login brings the family back here',
      type: 'final',
      entry: { type: 'leave', params: { to: 'login' } },
    },
    toClaim: {
      description:
        'The offer is taken the usual way (spec §4 Login wizard): /login step 3 (the athlete list), claim, payment',
      type: 'final',
      entry: { type: 'leave', params: { to: 'claim' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

/** The family's entry; when it is not on the list, the team's name from the licence info (for the notice). */
async function lookUpEntry(license: string, signal: AbortSignal): Promise<WaitlistLookup> {
  const entry = await getWaitlistEntry(license, { signal });
  if (entry !== null) return { entry, team: entry.team.name };
  const info = await getLicenceInfo(license, { signal });
  return { entry: null, team: info.team_name ?? info.name };
}

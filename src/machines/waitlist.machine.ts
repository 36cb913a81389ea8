/**
 * A full team's waitlist (issue 21 point 3, /waitlist?license=CODE, login required): the family lands here after
 * 'Join the waitlist' on the licence page and the login or registration wizard (or when it opens the licence page
 * while already on the list). The page joins (POST, idempotent: a family on the list gets its entry back), shows
 * its place or the seat an offer holds for it (with the way on to the usual claim and payment), and leaves the list
 * after a confirmation. Every call is a state; a session the server no longer accepts comes back here through login.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import { joinWaitlist, leaveWaitlist } from '../api/waitlist';
import type { WaitlistEntry } from '../api/waitlist.schemas';
import { silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import { settleUnlessAborted } from './settle-unless-aborted';

export interface WaitlistInput {
  /** The licence code of the team's link (the `license` query). */
  license: string;
}

/** Where the page hands over: login (back here afterwards), or the login wizard's athlete list to take the offer. */
export type WaitlistExit =
  | { to: '/login'; search: { returnUrl: string } }
  | { to: '/login'; search: { license: string; step: 3; is_team_license: true } };

export interface WaitlistContext {
  license: string;
  /** The family's entry as the server last answered it; null until joined. */
  entry: WaitlistEntry | null;
  /** The team named by the entry, kept for the notice once the family left. */
  teamName: string | null;
  /** The §8 text of the failed join or leave, else null. */
  errorText: string | null;
  exit: WaitlistExit | null;
}

export type WaitlistEvent =
  | { type: 'RETRY' }
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
  },
  actors: {
    join: fromPromise<WaitlistEntry, { license: string }>(({ input, signal }) =>
      settleUnlessAborted(joinWaitlist(input.license, { signal }), signal),
    ),
    leave: fromPromise<void, { license: string }>(({ input, signal }) =>
      settleUnlessAborted(leaveWaitlist(input.license, { signal }), signal),
    ),
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isOffered: ({ context }) => context.entry?.status === 'offered',
  },
  actions: {
    storeEntry: assign({
      entry: (_, entry: WaitlistEntry) => entry,
      teamName: (_, entry: WaitlistEntry) => entry.team.name,
      errorText: null,
    }),
    forgetEntry: assign({ entry: null }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
    silentLogout: () => {
      silentLogout();
    },
    leave: assign({
      exit: ({ context }, params: { to: 'login' | 'claim' }): WaitlistExit =>
        params.to === 'login'
          ? { to: '/login', search: { returnUrl: `/waitlist?license=${encodeURIComponent(context.license)}` } }
          : { to: '/login', search: { license: context.license, step: 3, is_team_license: true } },
    }),
  },
}).createMachine({
  id: 'waitlist',
  description:
    "issue 21 point 3 (spec §2, §7): join a full team's waitlist, see the place or the held seat, leave the list",
  context: ({ input }) => ({ license: input.license, entry: null, teamName: null, errorText: null, exit: null }),
  initial: 'joining',
  states: {
    joining: {
      description:
        'issue 21 point 3 (spec §2, §7): POST /api/waitlist { license } (201, or 200 with the entry when already on it)',
      tags: ['busy'],
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context }) => ({ license: context.license }),
        onDone: { target: 'onList', actions: { type: 'storeEntry', params: ({ event }) => event.output } },
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
      description: "issue 21 point 3 (spec §2, §7): 'You have left the waitlist for {team}.'",
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

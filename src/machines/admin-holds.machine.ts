/**
 * The held seats of a team's roster in the club console (issue 30 point 4): the claims with nothing paid, each with
 * 'Held until {date}', and for owners and registrars (the server's `can_release`) 'Release', which gives the seat back
 * at once (the waitlist's first family gets the offer; the server audits it). A load or release failure is a state
 * with its text.
 */
import { assign, setup } from 'xstate';
import { getTeamHolds, releaseTeamHold, type TeamHolds } from '../api/admin-holds';
import { errorText } from '../api/errors';
import { apiCall } from './settle-unless-aborted';

export interface AdminHoldsInput {
  teamId: number;
}

export type AdminHoldsEvent = { type: 'RETRY' } | { type: 'RELEASE'; athleteId: number };

export interface AdminHoldsContext {
  teamId: number;
  holds: TeamHolds | null;
  /** The athlete whose seat is being released (or was last). */
  releasing: number | null;
  error: string | null;
}

export const adminHoldsMachine = setup({
  types: {
    input: {} as AdminHoldsInput,
    context: {} as AdminHoldsContext,
    events: {} as AdminHoldsEvent,
  },
  actors: {
    load: apiCall<TeamHolds, { teamId: number }>((input, signal) => getTeamHolds(input.teamId, { signal })),
    // A release is never aborted (no signal reaches the request): once sent, its answer is what the server did.
    release: apiCall<TeamHolds, { teamId: number; athleteId: number }>((input) =>
      releaseTeamHold(input.teamId, input.athleteId),
    ),
  },
  guards: {
    /** Owners and registrars (the server's flag), for a seat the list shows. */
    mayRelease: ({ context }, params: { athleteId: number }) =>
      context.holds?.can_release === true && context.holds.holds.some((hold) => hold.athlete.id === params.athleteId),
  },
  actions: {
    storeHolds: assign({ holds: (_, holds: TeamHolds) => holds, error: null }),
    chooseRelease: assign({ releasing: (_, params: { athleteId: number }) => params.athleteId, error: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'adminHolds',
  description:
    "§1 club console, issue 30 point 4: a team's held seats on the roster; owners and registrars release one",
  context: ({ input }) => ({ teamId: input.teamId, holds: null, releasing: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "§1 club console, issue 30 point 4: GET the team's held seats",
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'loaded', actions: { type: 'storeHolds', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: "§8 general mapping: the held seats did not load: the text and 'Try again'",
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    loaded: {
      description:
        "§1 club console, issue 30 point 4: each held seat with 'Held until {date}' (and 'Release' for owners, registrars)",
      initial: 'ready',
      on: {
        RELEASE: {
          guard: { type: 'mayRelease', params: ({ event }) => ({ athleteId: event.athleteId }) },
          target: 'releasing',
          actions: { type: 'chooseRelease', params: ({ event }) => ({ athleteId: event.athleteId }) },
        },
      },
      states: {
        ready: { description: '§1 club console, issue 30 point 4: the held seats as loaded' },
        releaseFailed: { description: '§8 general mapping: the release was refused: its text' },
      },
    },
    releasing: {
      description:
        '§1 club console, issue 30 point 4: DELETE the held seat (audited); the answer is the held seats left',
      tags: ['busy'],
      invoke: {
        id: 'release',
        src: 'release',
        input: ({ context }) => ({ teamId: context.teamId, athleteId: context.releasing ?? 0 }),
        onDone: { target: 'loaded.ready', actions: { type: 'storeHolds', params: ({ event }) => event.output } },
        onError: {
          target: 'loaded.releaseFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

/**
 * The season's picture on the console's home (issue 33 point 4), one per organization whose owner or registrar reads
 * money: per team and for the club, who registered and where each stands, the money collected, refunded and still
 * due, collected and due by month, and what waits for staff. The latest season first; another from the picker. A
 * load failure is a state with its text and 'Try again'.
 */
import { assign, setup } from 'xstate';
import { getSeasonSummary, type SeasonSummary } from '../api/admin-season';
import { errorText } from '../api/errors';
import { apiCall } from './settle-unless-aborted';

export interface AdminSeasonInput {
  organizationId: number;
}

export type AdminSeasonEvent = { type: 'RETRY' } | { type: 'CHOOSE_SEASON'; seasonId: number };

export interface AdminSeasonContext {
  organizationId: number;
  /** The season asked for; null: the organization's latest. */
  seasonId: number | null;
  summary: SeasonSummary | null;
  error: string | null;
}

export const adminSeasonMachine = setup({
  types: {
    input: {} as AdminSeasonInput,
    context: {} as AdminSeasonContext,
    events: {} as AdminSeasonEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: apiCall<SeasonSummary, { organizationId: number; seasonId: number | null }>((input, signal) =>
      getSeasonSummary(input.organizationId, input.seasonId, { signal }),
    ),
  },
  guards: {
    /** A season of the picker other than the one shown. */
    isOtherSeason: ({ context }, params: { seasonId: number }) =>
      context.summary !== null &&
      context.summary.season?.id !== params.seasonId &&
      context.summary.seasons.some((season) => season.id === params.seasonId),
  },
  actions: {
    storeSummary: assign({ summary: (_, summary: SeasonSummary) => summary, error: null }),
    chooseSeason: assign({ seasonId: (_, params: { seasonId: number }) => params.seasonId }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
  },
}).createMachine({
  id: 'adminSeason',
  description: "§1 club console, issue 33 point 4: the season's picture on the console's home (owners, registrars)",
  context: ({ input }) => ({ organizationId: input.organizationId, seasonId: null, summary: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console, issue 33 point 4: GET /api/admin/organizations/{id}/season-summary',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId, seasonId: context.seasonId }),
        onDone: { target: 'loaded', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: "§8 general mapping: the picture did not load: its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description:
        '§1 club console, issue 33 point 4: per team and for the club, standings and money; by month; failed payments and documents',
      on: {
        CHOOSE_SEASON: {
          guard: { type: 'isOtherSeason', params: ({ event }) => ({ seasonId: event.seasonId }) },
          target: 'loading',
          actions: { type: 'chooseSeason', params: ({ event }) => ({ seasonId: event.seasonId }) },
          description: '§1 club console, issue 33 point 4: another season of the organization, from the picker',
        },
      },
    },
  },
});

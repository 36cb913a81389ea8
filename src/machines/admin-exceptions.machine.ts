/**
 * Issue 32 point 1: the exceptions to a team's age rule in the console (owners and registrars: the permission table's
 * `grant_eligibility_exception`), behind an 'Exceptions granted' disclosure on the set-up page's team
 * (GET /api/admin/teams/{team_id}/eligibility): each athlete let through, the reason, who granted it and when. Closed
 * until opened, so the set-up page asks for nothing it does not show; opened again, it reads them again.
 */
import { assign, setup } from 'xstate';
import { getTeamEligibility } from '../api/admin-eligibility';
import type { TeamEligibility } from '../api/eligibility.schemas';
import { errorText } from '../api/errors';
import { apiCall } from './settle-unless-aborted';

export interface AdminExceptionsContext {
  teamId: number;
  eligibility: TeamEligibility | null;
  errorText: string | null;
}

export type AdminExceptionsEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' };

export const adminExceptionsMachine = setup({
  types: {
    context: {} as AdminExceptionsContext,
    events: {} as AdminExceptionsEvent,
    input: {} as { teamId: number },
    tags: {} as 'busy',
    children: {} as { loadExceptions: 'loadExceptions' },
  },
  actors: {
    loadExceptions: apiCall<TeamEligibility, { teamId: number }>(({ teamId }, signal) =>
      getTeamEligibility(teamId, { signal }),
    ),
  },
  actions: {
    store: assign({ eligibility: (_, eligibility: TeamEligibility) => eligibility }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
  },
}).createMachine({
  id: 'adminExceptions',
  description: "§1 club console, issue 32 point 1: the exceptions granted to a team's age rule, shown on demand",
  context: ({ input }) => ({ teamId: input.teamId, eligibility: null, errorText: null }),
  initial: 'closed',
  states: {
    closed: {
      description: "§1 club console (issue 32): the 'Exceptions granted' disclosure, closed",
      on: { OPEN: 'loading' },
    },
    loading: {
      description: '§1 club console (issue 32): GET /api/admin/teams/{team_id}/eligibility',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadExceptions',
        src: 'loadExceptions',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'shown', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      description: '§1 club console (issue 32): each exception: athlete, reason, who granted it and when',
      on: { CLOSE: 'closed' },
    },
    failed: {
      description: '§8 general mapping of the failed load, with a retry',
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
  },
});

/**
 * Issue 32 point 4: a membership's answers to its team's own questions in the console, behind an 'Answers' disclosure
 * on the roster's rows and on the membership page (GET /api/admin/memberships/{id}/answers: owners, registrars and the
 * team's coaches). Closed until opened, so a roster page asks for nothing it does not show.
 */
import { assign, setup } from 'xstate';
import { getStaffMembershipAnswers, type StaffMembershipAnswers } from '../api/admin-questions';
import { errorText } from '../api/errors';
import { apiCall } from './settle-unless-aborted';

export interface AdminAnswersContext {
  membershipId: number;
  answers: StaffMembershipAnswers | null;
  errorText: string | null;
}

export type AdminAnswersEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' };

export const adminAnswersMachine = setup({
  types: {
    context: {} as AdminAnswersContext,
    events: {} as AdminAnswersEvent,
    input: {} as { membershipId: number },
    tags: {} as 'busy',
  },
  actors: {
    loadAnswers: apiCall<StaffMembershipAnswers, { membershipId: number }>(({ membershipId }, signal) =>
      getStaffMembershipAnswers(membershipId, { signal }),
    ),
  },
  actions: {
    store: assign({ answers: (_, answers: StaffMembershipAnswers) => answers }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
  },
}).createMachine({
  id: 'adminAnswers',
  description: "§1 club console, issue 32 point 4: a membership's answers to its team's questions, shown on demand",
  context: ({ input }) => ({ membershipId: input.membershipId, answers: null, errorText: null }),
  initial: 'closed',
  states: {
    closed: { description: "§1 club console (issue 32): the 'Answers' disclosure, closed", on: { OPEN: 'loading' } },
    loading: {
      description: '§1 club console (issue 32): GET /api/admin/memberships/{id}/answers',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadAnswers',
        src: 'loadAnswers',
        input: ({ context }) => ({ membershipId: context.membershipId }),
        onDone: { target: 'shown', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: { description: '§1 club console (issue 32): each question with its answer', on: { CLOSE: 'closed' } },
    failed: {
      description: '§8 general mapping of the failed load, with a retry',
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
  },
});

/**
 * "My payments" (issue 15 point 3, /payments): the memberships the logged-in user pays for, each with what was paid,
 * what is due next and the schedule. A load failure is a state with a retry; a session the server no longer accepts
 * logs out silently and comes back here through login (spec §2 protected routes).
 */
import { assign, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import { getMemberships } from '../api/payments';
import type { MembershipList, MembershipSummary } from '../api/schemas';
import { silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';
import { type TeamQuestionsOutput, teamQuestionsMachine } from './team-questions.machine';

export const PAYMENTS_RETURN_URL = '/payments';

/** Where the page hands over: login, with the way back here. */
export interface PaymentsExit {
  to: '/login';
  search: { returnUrl: string };
}

export interface PaymentsContext {
  memberships: readonly MembershipSummary[];
  /** The §8 text of the failed load, else null. */
  errorText: string | null;
  /** Where the flow leaves to, set on entering a final state; the machine's output. */
  exit: PaymentsExit | null;
  /** Issue 32 point 4: the membership whose answers are being changed, or were just saved ('Answers saved.'). */
  answersFor: number | null;
  answersSaved: boolean;
}

export type PaymentsEvent = { type: 'RETRY' } | { type: 'CHANGE_ANSWERS'; membershipId: number };

export const paymentsMachine = setup({
  types: {
    context: {} as PaymentsContext,
    events: {} as PaymentsEvent,
    output: {} as PaymentsExit,
    tags: {} as 'busy',
    children: {} as { memberships: 'memberships'; teamQuestions: 'teamQuestions' },
  },
  actors: {
    memberships: apiCall<MembershipList, void>((_, signal) => getMemberships({ signal })),
    teamQuestions: teamQuestionsMachine,
  },
  guards: {
    hasNoMemberships: (_, params: MembershipList) => params.memberships.length === 0,
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    asksQuestions: ({ context }, params: { membershipId: number }) =>
      context.memberships.some(
        (membership) => membership.id === params.membershipId && membership.has_questions === true,
      ),
    savedAnswers: (_, params: TeamQuestionsOutput) => params.result === 'done',
  },
  actions: {
    storeMemberships: assign({ memberships: (_, params: MembershipList) => params.memberships }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
    silentLogout: () => {
      silentLogout();
    },
    leave: assign({ exit: (_, exit: PaymentsExit) => exit }),
    openAnswers: assign({
      answersFor: (_, params: { membershipId: number }) => params.membershipId,
      answersSaved: false,
    }),
    noteSaved: assign({ answersSaved: true }),
  },
}).createMachine({
  id: 'payments',
  description:
    'Spec §9 payment plans (issue 15 point 3): /payments lists what the family paid, what is due next and each schedule.',
  context: { memberships: [], errorText: null, exit: null, answersFor: null, answersSaved: false },
  output: ({ context }) => exitOf(context),
  initial: 'loading',
  states: {
    loading: {
      description: 'Spec §9 payment plans: GET /api/memberships, the memberships the caller pays for, newest first.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'memberships',
        src: 'memberships',
        onDone: [
          {
            guard: { type: 'hasNoMemberships', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'storeMemberships', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'storeMemberships', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'silentLogout',
          },
          { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loaded: {
      description:
        'Spec §9 payment plans, per membership: team, season, athlete, plan, paid so far, remaining, the next payment, the schedule, the ' +
        "saved card, and an 'Update card' notice when a phase failed or is overdue.",
      on: {
        CHANGE_ANSWERS: {
          guard: { type: 'asksQuestions', params: ({ event }) => event },
          target: 'answers',
          actions: { type: 'openAnswers', params: ({ event }) => event },
        },
      },
    },
    answers: {
      description:
        "Spec §9, issue 32 point 4: 'Change answers' of a membership whose team asks its own questions (the questions step, " +
        'a child machine), until the season starts.',
      invoke: {
        id: 'teamQuestions',
        src: 'teamQuestions',
        input: ({ context }) => {
          const membership = context.memberships.find((candidate) => candidate.id === context.answersFor);
          return {
            athleteName: membership?.athlete_name ?? '',
            teamName: membership?.team_name ?? '',
            membershipId: context.answersFor,
          };
        },
        onDone: [
          {
            guard: { type: 'savedAnswers', params: ({ event }) => event.output },
            target: 'loaded',
            actions: 'noteSaved',
          },
          { target: 'loaded' },
        ],
      },
    },
    empty: { description: 'Spec §9 payment plans: nothing paid yet, no membership to show.' },
    error: {
      description: 'Spec §8 general mapping of the failed load, with a retry.',
      on: { RETRY: { target: 'loading' } },
    },
    toLogin: {
      description: 'Spec §2: the session is no longer accepted; log in again and come back to /payments.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login', search: { returnUrl: PAYMENTS_RETURN_URL } } },
    },
  },
});

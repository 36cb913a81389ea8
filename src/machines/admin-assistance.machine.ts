/**
 * The console's 'Financial assistance' page (issue 34 point 2), for owners and registrars (the `can` flags of GET
 * /api/admin/me decide: `read_assistance`): one season's requests, pending first, each with the family's reason
 * (shown only here), 'Approve' (the share asked), 'Approve another amount' or 'Decline' with a message; the season's
 * budget, what is approved and what is left, which the owner sets (`can_edit_budget`). The server refuses an approval
 * beyond the budget ('This would exceed the season's assistance budget ($1,775.00 left).'), shown by the request.
 * A load, a decision and a budget are each a state; a refusal is a state with its text.
 */
import { assign, setup } from 'xstate';
import {
  type AssistanceBudget,
  type AssistanceDecision,
  type AssistanceQueue,
  approveAssistance,
  declineAssistance,
  getAssistanceQueue,
  setAssistanceBudget,
} from '../api/admin-assistance';
import { errorText, type FieldMessages } from '../api/errors';
import { isValidForm } from '../domain/form-schema';
import {
  type ApproveAmountValues,
  approveAmountCents,
  approveAmountFormSchema,
  type BudgetValues,
  budgetCents,
  budgetFormSchema,
  type DeclineValues,
  declineFormSchema,
  declineMessage,
} from '../domain/forms/assistance-decision';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';

export interface AdminAssistanceInput {
  /** The organization whose requests the staff member reads (null: none; the page says so). */
  organizationId: number | null;
}

export type AdminAssistanceEvent =
  | { type: 'RETRY' }
  | { type: 'CHOOSE_SEASON'; seasonId: number }
  | { type: 'APPROVE'; requestId: number }
  | { type: 'APPROVE_AMOUNT'; requestId: number; values: ApproveAmountValues }
  | { type: 'DECLINE'; requestId: number; values: DeclineValues }
  | { type: 'SET_BUDGET'; values: BudgetValues };

/** The decision being sent: approve (the share asked, or `amountCents`) or decline with `message`. */
export type AssistanceDecisionCall =
  | { kind: 'approve'; requestId: number; amountCents: number | null }
  | { kind: 'decline'; requestId: number; message: string };

export interface AdminAssistanceContext {
  organizationId: number | null;
  /** The season asked for; null: the latest (the server's default). */
  seasonId: number | null;
  queue: AssistanceQueue | null;
  decision: AssistanceDecisionCall | null;
  /** The budget being saved, cents. */
  budgetCents: number | null;
  /** A load failure, a refused decision (by `decision.requestId`) or a refused budget: its text. */
  error: string | null;
  fieldErrors: FieldMessages;
}

function isPending(context: AdminAssistanceContext, requestId: number): boolean {
  return context.queue?.requests.some((request) => request.id === requestId && request.status === 'pending') ?? false;
}

const emptyDecision = (requestId: number): AssistanceDecisionCall => ({
  kind: 'approve',
  requestId,
  amountCents: null,
});

export const adminAssistanceMachine = setup({
  types: {
    input: {} as AdminAssistanceInput,
    context: {} as AdminAssistanceContext,
    events: {} as AdminAssistanceEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: apiCall<AssistanceQueue, { organizationId: number; seasonId: number | null }>((input, signal) =>
      getAssistanceQueue(input.organizationId, input.seasonId, { signal }),
    ),
    decide: apiCall<AssistanceDecision, AssistanceDecisionCall>((input, signal) =>
      input.kind === 'approve'
        ? approveAssistance(input.requestId, input.amountCents, { signal })
        : declineAssistance(input.requestId, input.message, { signal }),
    ),
    saveBudget: apiCall<AssistanceBudget, { seasonId: number; budgetCents: number }>((input, signal) =>
      setAssistanceBudget(input.seasonId, input.budgetCents, { signal }),
    ),
  },
  guards: {
    hasOrganization: ({ context }) => context.organizationId !== null,
    isOtherSeason: ({ context }, params: { seasonId: number }) =>
      params.seasonId !== context.queue?.season?.id &&
      (context.queue?.seasons.some((season) => season.id === params.seasonId) ?? false),
    /** Only a request still waiting is decided (the server says 409 otherwise). */
    isPending: ({ context }, params: { requestId: number }) => isPending(context, params.requestId),
    /** A request still waiting and an amount the form's schema takes. */
    canApproveAmount: ({ context }, params: { requestId: number; values: ApproveAmountValues }) =>
      isPending(context, params.requestId) && isValidForm(approveAmountFormSchema, params.values),
    /** A request still waiting and a message to the family. */
    canDecline: ({ context }, params: { requestId: number; values: DeclineValues }) =>
      isPending(context, params.requestId) && isValidForm(declineFormSchema, params.values),
    /** The owner (`can_edit_budget`), with a season shown, a valid amount. */
    canSetBudget: ({ context }, params: { values: BudgetValues }) =>
      context.queue?.can_edit_budget === true &&
      context.queue.season !== null &&
      isValidForm(budgetFormSchema, params.values),
  },
  actions: {
    storeQueue: assign({
      queue: (_, queue: AssistanceQueue) => queue,
      seasonId: (_, queue: AssistanceQueue) => queue.season?.id ?? null,
      error: null,
      fieldErrors: {},
    }),
    chooseSeason: assign({ seasonId: (_, params: { seasonId: number }) => params.seasonId, error: null }),
    approve: assign({
      decision: (_, params: { requestId: number }) => emptyDecision(params.requestId),
      error: null,
      fieldErrors: {},
    }),
    approveAmount: assign({
      decision: (_, params: { requestId: number; values: ApproveAmountValues }): AssistanceDecisionCall => ({
        kind: 'approve',
        requestId: params.requestId,
        amountCents: approveAmountCents(params.values),
      }),
      error: null,
      fieldErrors: {},
    }),
    decline: assign({
      decision: (_, params: { requestId: number; values: DeclineValues }): AssistanceDecisionCall => ({
        kind: 'decline',
        requestId: params.requestId,
        message: declineMessage(params.values) ?? '',
      }),
      error: null,
      fieldErrors: {},
    }),
    /** The decided request and the season's budget as the server answered them. */
    storeDecision: assign({
      queue: ({ context }, decided: AssistanceDecision) =>
        context.queue === null
          ? null
          : {
              ...context.queue,
              budget: decided.budget,
              requests: context.queue.requests.map((request) =>
                request.id === decided.request.id ? decided.request : request,
              ),
            },
      error: null,
      fieldErrors: {},
    }),
    startBudget: assign({
      budgetCents: (_, params: { values: BudgetValues }) => budgetCents(params.values),
      decision: null,
      error: null,
      fieldErrors: {},
    }),
    storeBudget: assign({
      queue: ({ context }, budget: AssistanceBudget) => (context.queue === null ? null : { ...context.queue, budget }),
      error: null,
      fieldErrors: {},
    }),
    rememberError: assign({
      error: (_, params: { error: unknown }) => errorText(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldMessagesOf(params.error),
    }),
  },
}).createMachine({
  id: 'adminAssistance',
  description:
    "§1 club console, issue 34 point 2: 'Financial assistance': a season's requests, the decisions, the budget",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    seasonId: null,
    queue: null,
    decision: null,
    budgetCents: null,
    error: null,
    fieldErrors: {},
  }),
  initial: 'start',
  states: {
    start: {
      description:
        '§1 club console, issue 34 point 2: an organization where the staff member reads assistance, or none',
      always: [{ guard: 'hasOrganization', target: 'loading' }, { target: 'noOrganization' }],
    },
    noOrganization: {
      description:
        '§1 club console, issue 34 point 2: no organization whose assistance requests the staff member reads',
      type: 'final',
    },
    loading: {
      description: '§1 club console, issue 34 point 2: GET /api/admin/organizations/{id}/assistance?season_id=',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId ?? 0, seasonId: context.seasonId }),
        onDone: { target: 'loaded', actions: { type: 'storeQueue', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: "§8 general mapping: the requests did not load: the text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description: "§1 club console, issue 34 point 2: the season's budget and requests",
      initial: 'ready',
      states: {
        ready: {
          description: '§1 club console, issue 34 point 2: the requests; each pending one may be decided',
          initial: 'idle',
          on: {
            CHOOSE_SEASON: {
              guard: { type: 'isOtherSeason', params: ({ event }) => ({ seasonId: event.seasonId }) },
              target: '#adminAssistance.loading',
              actions: { type: 'chooseSeason', params: ({ event }) => ({ seasonId: event.seasonId }) },
              description: '§1 club console, issue 34 point 2: another season, from the season list',
            },
            APPROVE: {
              guard: { type: 'isPending', params: ({ event }) => event },
              target: 'deciding',
              actions: { type: 'approve', params: ({ event }) => event },
              description: "§1 club console, issue 34 point 2: 'Approve': the share the family asked for",
            },
            APPROVE_AMOUNT: {
              guard: { type: 'canApproveAmount', params: ({ event }) => event },
              target: 'deciding',
              actions: { type: 'approveAmount', params: ({ event }) => event },
              description:
                "§1 club console, issue 34 point 2: 'Approve another amount' (a valid amount: the view shows why not)",
            },
            DECLINE: {
              guard: { type: 'canDecline', params: ({ event }) => event },
              target: 'deciding',
              actions: { type: 'decline', params: ({ event }) => event },
              description: "§1 club console, issue 34 point 2: 'Decline' with a message to the family",
            },
            SET_BUDGET: {
              guard: { type: 'canSetBudget', params: ({ event }) => event },
              target: 'savingBudget',
              actions: { type: 'startBudget', params: ({ event }) => event },
              description: "§1 club console, issue 34 point 2: the owner's budget for the season",
            },
          },
          states: {
            idle: { description: '§1 club console, issue 34 point 2: nothing refused' },
            decisionRefused: {
              description:
                "§8: the decision was refused, its text by the request ('This would exceed the season's assistance " +
                "budget ({amount} left).', 'This request has already been decided.')",
            },
            budgetRefused: {
              description:
                "§8: the budget was refused ('The budget cannot be less than what is already approved ({amount}).')",
            },
          },
        },
        deciding: {
          description:
            '§1 club console, issue 34 point 2: POST /api/admin/assistance-requests/{id}/approve or …/decline',
          tags: ['busy'],
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context }) => context.decision ?? emptyDecision(0),
            onDone: {
              target: 'ready.idle',
              actions: { type: 'storeDecision', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready.decisionRefused',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        savingBudget: {
          description: '§1 club console, issue 34 point 2: PUT /api/admin/seasons/{id}/assistance-budget',
          tags: ['busy'],
          invoke: {
            id: 'saveBudget',
            src: 'saveBudget',
            input: ({ context }) => ({
              seasonId: context.queue?.season?.id ?? 0,
              budgetCents: context.budgetCents ?? 0,
            }),
            onDone: { target: 'ready.idle', actions: { type: 'storeBudget', params: ({ event }) => event.output } },
            onError: {
              target: 'ready.budgetRefused',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

/**
 * 'Request financial assistance' (issue 34 point 1), the child of the payment flow (payment.assistance.ts) that 'Need
 * help paying?' starts on step 1 where the organization offers assistance. Its code loads only then
 * (payment.children.ts: a first visit to /payment neither fetches nor evaluates it). The form: the share of the dues
 * asked for, the optional school meals box and a short reason, checked by the form's schema
 * (src/domain/forms/assistance-request.ts) before 'Send request' is taken; POST /api/memberships/assistance-requests
 * then sends it. A refusal comes back to the form with the server's text (on its field when it names one: 'You have
 * already asked for help for this athlete this season.' has none). Its output: the request sent, or Back.
 */
import { assign, setup } from 'xstate';
import { errorText, type FieldMessages } from '../api/errors';
import { sendAssistanceRequest } from '../api/help-paying';
import type { AssistanceRequest } from '../api/help-paying.schemas';
import { isValidForm } from '../domain/form-schema';
import {
  type AssistanceAnswers,
  type AssistanceRequestValues,
  assistanceRequestFormSchema,
  EMPTY_ASSISTANCE_REQUEST,
  toAssistanceAnswers,
} from '../domain/forms/assistance-request';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';

export interface AssistanceRequestInput {
  /** The team whose dues the request is about (the payment page's). */
  teamId: number;
  /** The organization asked, named in the form and in 'We sent your request to {organization}.'. */
  organization: string;
}

export type AssistanceRequestOutput = { exit: 'sent'; request: AssistanceRequest } | { exit: 'back' };

export type AssistanceRequestEvent = { type: 'SEND'; values: AssistanceRequestValues } | { type: 'BACK' };

export interface AssistanceRequestContext extends AssistanceRequestInput {
  /** The last values sent (the form shows them again after a refusal). */
  values: AssistanceRequestValues;
  answers: AssistanceAnswers | null;
  /** The server's refusal (or the connection's failure), null before any. */
  error: string | null;
  fieldErrors: FieldMessages;
  sent: AssistanceRequest | null;
}

interface SendCall {
  teamId: number;
  answers: AssistanceAnswers;
}

export const assistanceRequestMachine = setup({
  types: {
    input: {} as AssistanceRequestInput,
    context: {} as AssistanceRequestContext,
    events: {} as AssistanceRequestEvent,
    output: {} as AssistanceRequestOutput,
    children: {} as { sendRequest: 'sendRequest' },
    tags: {} as 'busy',
  },
  actors: {
    sendRequest: apiCall<AssistanceRequest, SendCall>((input, signal) =>
      sendAssistanceRequest(input.teamId, input.answers, { signal }),
    ),
  },
  guards: {
    /** Spec-style §5: 'Send request' is taken only with a share chosen and a reason of at most 500 characters. */
    isValidRequest: (_, values: AssistanceRequestValues) => isValidForm(assistanceRequestFormSchema, values),
  },
  actions: {
    prepare: assign((_, values: AssistanceRequestValues) => ({
      values,
      answers: toAssistanceAnswers(values),
      error: null,
      fieldErrors: {},
    })),
    rememberError: assign({
      error: (_, params: { error: unknown }) => errorText(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldMessagesOf(params.error),
    }),
    storeSent: assign({ sent: (_, request: AssistanceRequest) => request }),
  },
}).createMachine({
  id: 'assistanceRequest',
  description:
    "§4 Payment flow, issue 34 point 1: 'Request financial assistance': the share of the dues, the school meals, a short reason, 'Send request'",
  context: ({ input }) => ({
    ...input,
    values: EMPTY_ASSISTANCE_REQUEST,
    answers: null,
    error: null,
    fieldErrors: {},
    sent: null,
  }),
  output: ({ context }) =>
    context.sent === null ? { exit: 'back' as const } : { exit: 'sent' as const, request: context.sent },
  initial: 'editing',
  states: {
    editing: {
      description:
        "§4 Payment flow, issue 34 point 1: the form: 'Share of the dues' (25, 50, 75 or 100 %), 'Our children receive free or " +
        "reduced-price school meals', 'Reason'; 'Send request' waits for a share and a reason",
      initial: 'idle',
      states: {
        idle: { description: '§4 Payment flow, issue 34 point 1: the form, no refusal' },
        refused: {
          description:
            "§8 general mapping: the server's refusal ('You have already asked for help…', a field's text) or the " +
            'connection failure, shown above the form (on its field when it names one); the family may send again',
        },
      },
      on: {
        SEND: {
          guard: { type: 'isValidRequest', params: ({ event }) => event.values },
          target: 'sending',
          actions: { type: 'prepare', params: ({ event }) => event.values },
          description:
            '§4 Payment flow, issue 34 point 1: a valid form is sent; an invalid one shows its field errors (the view).',
        },
        BACK: {
          target: 'back',
          description: '§4 Payment flow, issue 34 point 1: back to the payment options, nothing sent',
        },
      },
    },
    sending: {
      description: '§4 Payment flow, issue 34 point 1: POST /api/memberships/assistance-requests',
      tags: ['busy'],
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({
          teamId: context.teamId,
          answers: context.answers ?? { share_percent: 25, free_or_reduced_meals: false, reason: '' },
        }),
        onDone: { target: 'sent', actions: { type: 'storeSent', params: ({ event }) => event.output } },
        onError: {
          target: 'editing.refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description:
        '§4 Payment flow, issue 34 point 1: the request is sent and waits for the club; the payment flow says so',
      type: 'final',
    },
    back: { description: "§4 Payment flow, issue 34 point 1: 'Back': nothing sent", type: 'final' },
  },
});

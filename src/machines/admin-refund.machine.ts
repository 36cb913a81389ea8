/**
 * A refund on the console's membership page (issue 22 point 4), the child of admin-membership.machine.ts: the form
 * (the amount in dollars, first the amount left to refund on the charge, and a reason), a confirm step ('Refund
 * $52.50 to Priya Patel (Visa ending 4242)?'), then POST /api/admin/memberships/{id}/refunds. Each attempt carries
 * one Idempotency-Key, made when the form is submitted: sending the same amount and reason again (after a network
 * failure, a second click) reuses it, so the server refunds once; a changed amount or reason is a new attempt.
 * A refusal comes back to the form with the server's message on its field ('This is more than is left to refund.'
 * on the amount).
 */
import { assign, setup } from 'xstate';
import { type RefundAnswer, type RefundPayload, refundMembership } from '../api/admin';
import { errorText, type FieldMessages } from '../api/errors';
import { isValidForm } from '../domain/form-schema';
import {
  type AdminRefundBody,
  type AdminRefundValues,
  adminRefundFormSchema,
  initialRefundValues,
  toAdminRefundBody,
} from '../domain/forms/admin-refund';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';

export interface RefundRecipient {
  guardian: string;
  card: { brand: string; last4: string } | null;
}

export interface AdminRefundInput {
  membershipId: number;
  /** The charge to refund (the provider's payment id). */
  paymentId: string;
  /** The phase the charge paid, e.g. 'Deposit'. */
  phaseLabel: string;
  /** What is left to refund on that charge: the amount field's first value. */
  leftCents: number;
  /**
   * Who gets the money back: the guardian and the card on file (null: none), which the confirm question names
   * ('Priya Patel (Visa ending 4242)').
   */
  recipient: RefundRecipient;
}

export interface AdminRefundOutput {
  refunded: boolean;
}

export type AdminRefundEvent =
  | { type: 'SUBMIT'; values: AdminRefundValues }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'CANCEL' };

export interface AdminRefundContext extends AdminRefundInput {
  /** The form's values: the first ones, then the last submitted (the form shows them again after Back). */
  values: AdminRefundValues;
  /** The body of the attempt being confirmed or sent. */
  body: AdminRefundBody | null;
  /** The attempt's Idempotency-Key; null before the first submit. */
  idempotencyKey: string | null;
  error: string | null;
  fieldErrors: FieldMessages;
  refunded: boolean;
}

interface RefundCall {
  membershipId: number;
  body: RefundPayload;
  idempotencyKey: string;
}

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The same amount and reason as the attempt before: the same attempt, the same key. */
function sameAttempt(before: AdminRefundBody | null, next: AdminRefundBody | null): boolean {
  return before !== null && next !== null && before.amount_cents === next.amount_cents && before.reason === next.reason;
}

export const adminRefundMachine = setup({
  types: {
    input: {} as AdminRefundInput,
    context: {} as AdminRefundContext,
    events: {} as AdminRefundEvent,
    output: {} as AdminRefundOutput,
    children: {} as { sendRefund: 'sendRefund' },
  },
  actors: {
    sendRefund: apiCall<RefundAnswer, RefundCall>((input, signal) =>
      refundMembership(input.membershipId, input.body, input.idempotencyKey, { signal }),
    ),
  },
  guards: {
    isValidRefund: (_, values: AdminRefundValues) => isValidForm(adminRefundFormSchema, values),
  },
  actions: {
    prepareAttempt: assign(({ context }, values: AdminRefundValues) => {
      const body = toAdminRefundBody(values);
      const key = sameAttempt(context.body, body) ? context.idempotencyKey : null;
      return { values, body, idempotencyKey: key ?? newIdempotencyKey() };
    }),
    rememberError: assign({
      error: (_, params: { error: unknown }) => errorText(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldMessagesOf(params.error),
    }),
    forgetError: assign({ error: null, fieldErrors: {} }),
    markRefunded: assign({ refunded: true }),
  },
}).createMachine({
  id: 'adminRefund',
  description:
    '§1 club console, issue 22 point 4: refund a card payment fully or partly, with a reason and a confirm step',
  context: ({ input }) => ({
    ...input,
    values: initialRefundValues(input.leftCents),
    body: null,
    idempotencyKey: null,
    error: null,
    fieldErrors: {},
    refunded: false,
  }),
  initial: 'form',
  states: {
    form: {
      description:
        "§1 club console, issue 22 point 4: 'Amount to refund (dollars)', first what is left on the charge, and 'Reason'",
      initial: 'idle',
      states: {
        idle: { description: '§1 club console, issue 22 point 4: the form, no refusal' },
        invalid: {
          description:
            "§1 club console, issue 22 point 4: the server's refusal, on its field ('This is more than is left to refund.' on the amount)",
        },
      },
      on: {
        SUBMIT: {
          guard: { type: 'isValidRefund', params: ({ event }) => event.values },
          target: 'confirming',
          actions: [{ type: 'prepareAttempt', params: ({ event }) => event.values }, 'forgetError'],
        },
        CANCEL: { target: 'cancelled' },
      },
    },
    confirming: {
      description:
        "§1 club console, issue 22 point 4: 'Refund $52.50 to Priya Patel (Visa ending 4242)?' with 'Refund' and 'Back'",
      on: { CONFIRM: { target: 'refunding' }, BACK: { target: 'form.idle' } },
    },
    refunding: {
      description:
        '§1 club console, issue 22 point 4: POST /api/admin/memberships/{id}/refunds with the attempt’s Idempotency-Key',
      tags: ['busy'],
      invoke: {
        id: 'sendRefund',
        src: 'sendRefund',
        input: ({ context }) => ({
          membershipId: context.membershipId,
          body: {
            amount_cents: context.body?.amount_cents ?? 0,
            reason: context.body?.reason ?? '',
            payment_id: context.paymentId,
          },
          idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        }),
        onDone: { target: 'refunded', actions: 'markRefunded' },
        onError: {
          target: 'form.invalid',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refunded: {
      description:
        '§1 club console, issue 22 point 4: the refund is done: the page reloads the membership (the refund and its audit row)',
      type: 'final',
    },
    cancelled: { description: "§1 club console, issue 22 point 4: 'Cancel': no refund", type: 'final' },
  },
  output: ({ context }) => ({ refunded: context.refunded }),
});

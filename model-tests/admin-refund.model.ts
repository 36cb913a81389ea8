/**
 * The refund child's model (admin-refund.machine.ts): its input, the stub API's answers and per-state checks. Its own
 * model test runs it alone; admin-membership.model.test.tsx runs it as the membership page's child `refund`.
 */
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import { adminRefundMachine } from '../src/machines/admin-refund.machine';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';

export const refundInput = {
  membershipId: 12,
  paymentId: 'pi_deposit',
  phaseLabel: 'Deposit',
  leftCents: 10_500,
  recipient: { guardian: 'Priya Patel', card: { brand: 'visa', last4: '4242' } },
};

export const refundValues = { amount_cents: '52.50', reason: 'Half the deposit back' };

export const tooMuch = new ApiError({
  kind: 'http',
  status: 422,
  message: 'This is more than is left to refund.',
  messages: { amount_cents: ['This is more than is left to refund.'] },
});

export const refundModel = defineModel({
  machine: adminRefundMachine,
  input: refundInput,
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: refundValues }],
    CONFIRM: [{ type: 'CONFIRM' }],
    BACK: [{ type: 'BACK' }],
    CANCEL: [{ type: 'CANCEL' }],
    'xstate.done.actor.sendRefund': [doneEvent('sendRefund', { refund: { id: 1, amount_cents: 5250, reason: 'x' } })],
    'xstate.error.actor.sendRefund': [errorEvent('sendRefund', tooMuch)],
  },
  context: ['error', 'body'],
  states: {
    confirming: (snapshot) => {
      expect(snapshot.context.body).toEqual({ amount_cents: 5250, reason: 'Half the deposit back' });
      expect(snapshot.context.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    },
    // One key per attempt: the same amount and reason sent again (after a refusal) carry the key of the first send.
    refunding: (snapshot, { invocations }) => {
      const sends = invocations.filter((invocation) => invocation.src === 'sendRefund');
      expect(sends.at(-1)?.input).toEqual({
        membershipId: 12,
        body: { amount_cents: 5250, reason: 'Half the deposit back', payment_id: 'pi_deposit' },
        idempotencyKey: snapshot.context.idempotencyKey,
      });
      const keys = new Set(sends.map((send) => (send.input as { idempotencyKey: string }).idempotencyKey));
      expect(keys.size).toBe(1);
    },
    refunded: (snapshot) => expect(snapshot.output).toEqual({ refunded: true }),
    cancelled: (snapshot) => expect(snapshot.output).toEqual({ refunded: false }),
  },
});

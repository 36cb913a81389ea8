/**
 * Issue 34 (docs/api.md "Help paying"): a family asks the club for financial assistance from the payment page. With
 * the payment calls' token (`auth: 'payer'`: the athlete's own session in a guardian's registration, or the payer's).
 */
import type { AssistanceAnswers } from '../domain/forms/assistance-request';
import { type CallOptions, requestJson } from './client';
import {
  type AssistanceRequest,
  type AwaitingPayment,
  checkOrCashCheckoutSchema,
  sentAssistanceRequestSchema,
} from './help-paying.schemas';
import type { CheckoutRequest } from './memberships';

/** POST /api/memberships/assistance-requests → the request, pending (201). */
export async function sendAssistanceRequest(
  teamId: number,
  answers: AssistanceAnswers,
  options?: CallOptions,
): Promise<AssistanceRequest> {
  const answer = await requestJson('/api/memberships/assistance-requests', sentAssistanceRequestSchema, {
    method: 'post',
    json: {
      team_id: teamId,
      share_percent: answers.share_percent,
      free_or_reduced_meals: answers.free_or_reduced_meals,
      reason: answers.reason,
    },
    auth: 'payer',
    ...options,
  });
  return answer.request;
}

/**
 * Issue 34 point 4: POST /api/memberships/checkout with `payment_method: 'check_or_cash'` (the waiver agreed as for a
 * card): no card, the membership recorded 'Awaiting payment' with its plan, the seat held the club's days.
 */
export async function checkoutByCheckOrCash(body: CheckoutRequest, options?: CallOptions): Promise<AwaitingPayment> {
  const answer = await requestJson('/api/memberships/checkout', checkOrCashCheckoutSchema, {
    method: 'post',
    json: { ...body, payment_method: 'check_or_cash' },
    auth: 'payer',
    ...options,
  });
  return answer.awaiting_payment;
}

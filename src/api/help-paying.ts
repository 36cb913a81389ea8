/**
 * Issue 34 (docs/api.md "Help paying"): a family asks the club for financial assistance from the payment page. With
 * the payment calls' token (`auth: 'payer'`: the athlete's own session in a guardian's registration, or the payer's).
 */
import type { AssistanceAnswers } from '../domain/forms/assistance-request';
import { type CallOptions, requestJson } from './client';
import { type AssistanceRequest, sentAssistanceRequestSchema } from './help-paying.schemas';

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

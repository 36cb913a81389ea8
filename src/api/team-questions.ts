/**
 * Issue 32 point 4, the club's own questions (docs/api.md "The club's own questions"): the family's answers of a
 * membership (GET/PUT /api/memberships/{id}/answers, the session's token); the console's calls are in
 * ./admin-questions.ts. Every answer is validated here.
 */
import { z } from 'zod/mini';
import { type TeamAnswers, teamQuestionSchema } from '../domain/team-questions';
import { type CallOptions, requestJson } from './client';

export const answersSchema = z.record(z.string(), z.string());

export const membershipAnswersSchema = z.object({
  questions: z.array(teamQuestionSchema),
  answers: answersSchema,
  changeable: z.boolean(),
});
export type MembershipAnswers = z.infer<typeof membershipAnswersSchema>;

/** GET /api/memberships/{id}/answers → the team's questions, the answers, whether they can still be changed. */
export function getMembershipAnswers(membershipId: number, options?: CallOptions): Promise<MembershipAnswers> {
  return requestJson(`/api/memberships/${membershipId}/answers`, membershipAnswersSchema, { auth: 'user', ...options });
}

/** PUT /api/memberships/{id}/answers (422 with `answers.<id>` messages, or on `answers` once the season started). */
export function putMembershipAnswers(
  membershipId: number,
  answers: TeamAnswers,
  options?: CallOptions,
): Promise<MembershipAnswers> {
  return requestJson(`/api/memberships/${membershipId}/answers`, membershipAnswersSchema, {
    method: 'put',
    json: { answers },
    auth: 'user',
    ...options,
  });
}

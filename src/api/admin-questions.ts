/**
 * Issue 32 point 4: the console's calls about a team's own questions (docs/api.md "The club's own questions"), with
 * the staff token: the owner's list, the roster's and the membership page's answers.
 */
import { z } from 'zod/mini';
import { type TeamQuestion, teamQuestionSchema } from '../domain/team-questions';
import { adminRequest } from './admin';
import { answersSchema } from './team-questions';

const questionsAnswerSchema = z.object({ questions: z.array(teamQuestionSchema) });

export const teamAnswersSchema = z.object({
  questions: z.array(teamQuestionSchema),
  memberships: z.array(z.object({ membership_id: z.number(), answers: answersSchema })),
});
export type TeamAnswersList = z.infer<typeof teamAnswersSchema>;

const staffAnswersSchema = z.object({ questions: z.array(teamQuestionSchema), answers: answersSchema });
export type StaffMembershipAnswers = z.infer<typeof staffAnswersSchema>;

/** GET /api/admin/teams/{id}/questions (owners, registrars). */
export async function getTeamQuestions(
  teamId: number,
  options: { signal?: AbortSignal } = {},
): Promise<TeamQuestion[]> {
  return (await adminRequest(`/api/admin/teams/${teamId}/questions`, questionsAnswerSchema, { signal: options.signal }))
    .questions;
}

/** PUT /api/admin/teams/{id}/questions (owners): the whole list in order. */
export async function putTeamQuestions(
  teamId: number,
  questions: readonly { id: number | null; kind: string; prompt: string; options: string[]; required: boolean }[],
  options: { signal?: AbortSignal } = {},
): Promise<TeamQuestion[]> {
  const answer = await adminRequest(`/api/admin/teams/${teamId}/questions`, questionsAnswerSchema, {
    method: 'put',
    json: { questions },
    signal: options.signal,
  });
  return answer.questions;
}

/** GET /api/admin/teams/{id}/answers: the roster's answers (a coach: their own teams). */
export function getTeamAnswers(teamId: number, options: { signal?: AbortSignal } = {}): Promise<TeamAnswersList> {
  return adminRequest(`/api/admin/teams/${teamId}/answers`, teamAnswersSchema, { signal: options.signal });
}

/** GET /api/admin/memberships/{id}/answers: the membership page's answers. */
export function getStaffMembershipAnswers(
  membershipId: number,
  options: { signal?: AbortSignal } = {},
): Promise<StaffMembershipAnswers> {
  return adminRequest(`/api/admin/memberships/${membershipId}/answers`, staffAnswersSchema, { signal: options.signal });
}

/**
 * Issue 32 point 4, the club's own questions (docs/api.md "The club's own questions"): the family's answers of a
 * membership (GET/PUT /api/memberships/{id}/answers, the session's token) and of an athlete in the athlete steps
 * (GET/PUT /api/team-questions/athletes/{id}); the console's calls are in ./admin-questions.ts. Every answer is
 * validated here. Out of the app shell (vite.config.ts): only the questions step and the console load it.
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

/** The athlete steps' answer: the team's questions and the athlete's answers on record (pre-filled). */
export const athleteAnswersSchema = z.object({
  team_name: z.string(),
  questions: z.array(teamQuestionSchema),
  answers: answersSchema,
});
export type AthleteAnswers = z.infer<typeof athleteAnswersSchema>;

/** GET /api/team-questions/athletes/{athlete_id}?license_code= (the athlete steps, a household athlete). */
export function getAthleteAnswers(
  athleteId: number,
  licenseCode: string,
  options?: CallOptions,
): Promise<AthleteAnswers> {
  return requestJson(
    `/api/team-questions/athletes/${athleteId}?license_code=${encodeURIComponent(licenseCode)}`,
    athleteAnswersSchema,
    { auth: 'user', ...options },
  );
}

/** PUT /api/team-questions/athletes/{athlete_id}/answers: kept on the athlete, where the checkout finds them. */
export function putAthleteAnswers(
  athleteId: number,
  body: { license_code: string; answers: TeamAnswers },
  options?: CallOptions,
): Promise<AthleteAnswers> {
  return requestJson(`/api/team-questions/athletes/${athleteId}/answers`, athleteAnswersSchema, {
    method: 'put',
    json: body,
    auth: 'user',
    ...options,
  });
}

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

/**
 * The household's athletes' dates of birth (issue 32; docs/api.md "Eligibility"): GET /api/eligibility/athletes and
 * PUT /api/eligibility/athletes/{id}, the correction the family may make until a proof of age is approved (then the
 * server answers 409 with the text of the refusal on `birth_date`).
 */
import { z } from 'zod/mini';
import { type CallOptions, requestJson } from './client';

export const athleteBirthDateSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  birth_date: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  birth_date_locked: z.boolean(),
});
export type AthleteBirthDate = z.infer<typeof athleteBirthDateSchema>;

const listSchema = z.object({ athletes: z.array(athleteBirthDateSchema) });
const answerSchema = z.object({ athlete: athleteBirthDateSchema });

export async function getBirthDates(options?: CallOptions): Promise<AthleteBirthDate[]> {
  return (await requestJson('/api/eligibility/athletes', listSchema, { auth: 'user', ...options })).athletes;
}

export async function correctBirthDate(
  athleteId: number,
  birthDate: string,
  options?: CallOptions,
): Promise<AthleteBirthDate> {
  const answer = await requestJson(`/api/eligibility/athletes/${athleteId}`, answerSchema, {
    auth: 'user',
    method: 'put',
    json: { birth_date: birthDate },
    ...options,
  });
  return answer.athlete;
}

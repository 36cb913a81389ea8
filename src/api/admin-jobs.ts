/**
 * The job engine's dead letters for the console (issue 33 points 1 and 4; docs/api.md "Club console"): background
 * jobs whose retries are spent, and 'Try again', which sends one to its queue again.
 */
import { z } from 'zod/mini';
import { type AdminCallOptions, adminRequest } from './admin';

export const deadLetterSchema = z.object({
  id: z.string(),
  queue: z.string(),
  as_of: z.nullable(z.string()),
  error: z.string(),
  retries: z.number().check(z.int()),
  created_at: z.string(),
  failed_at: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

const deadLettersSchema = z.object({ jobs: z.array(deadLetterSchema) });
const retriedSchema = z.object({ job: z.object({ id: z.string(), queue: z.string() }) });

/** GET /api/admin/jobs/dead-letters */
export async function getDeadLetters(options: AdminCallOptions = {}): Promise<DeadLetter[]> {
  return (await adminRequest('/api/admin/jobs/dead-letters', deadLettersSchema, { signal: options.signal })).jobs;
}

/** POST /api/admin/jobs/dead-letters/{job}/retry */
export async function retryDeadLetter(id: string): Promise<void> {
  await adminRequest(`/api/admin/jobs/dead-letters/${encodeURIComponent(id)}/retry`, retriedSchema, {
    method: 'post',
  });
}

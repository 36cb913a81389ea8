/**
 * Wire schemas of the saved registration progress (issue 21 points 1 and 2; docs/api.md "Registration progress"):
 * what the server keeps of an unfinished register, login-athlete or payment flow for one account and licence. The
 * athlete's and the team's names come from the server's rows, never from the saved snapshot.
 */
import { z } from 'zod/mini';
import { id, nonEmptyString, plainObject } from '../domain/wire';
import type { ProgressFlow, ProgressSave } from '../session/progress';

export type { ProgressFlow, ProgressSave };

/** The three flows of one registration; they replace each other's row (one per account and licence). */
export const PROGRESS_FLOWS = ['register', 'login', 'payment'] as const satisfies readonly ProgressFlow[];
export const progressFlowSchema = z.enum(PROGRESS_FLOWS);

export const registrationProgressSchema = z.object({
  license: nonEmptyString,
  flow: progressFlowSchema,
  machine_version: z.string(),
  step: z.string(),
  athlete: z.nullable(z.object({ id, name: z.string() })),
  team: z.nullable(z.object({ name: z.string(), season: z.nullable(z.string()) })),
  snapshot: plainObject,
  updated_at: z.string(),
  /** Issue 30 point 4: 'Your held spot on {team} was released.' once the family's held seat was given back. */
  released: z.optional(z.string()),
});
export type RegistrationProgress = z.infer<typeof registrationProgressSchema>;

export const savedProgressSchema = z.object({ progress: registrationProgressSchema });
export const progressAnswerSchema = z.object({ progress: z.nullable(registrationProgressSchema) });

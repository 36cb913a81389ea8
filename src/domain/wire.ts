/**
 * Building blocks of the wire schemas (src/api/schemas.ts, src/domain/user.ts): the conventions every parsed answer
 * follows (ids are non-negative integers; `X | null` fields normalised to null when absent).
 */
import { z } from 'zod/mini';

export const id = z.int().check(z.gte(0));
export const nonEmptyString = z.string().check(z.minLength(1));

/** Accepts the value, null or a missing key, and always yields `T | null`. */
export function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.optional(z.nullable(schema)),
    z.transform((value): z.output<T> | null => value ?? null),
  );
}

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

/**
 * A JSON object (not an array, not null), kept as it is: a saved flow snapshot (issue 21). A custom check rather
 * than `z.record(z.string(), z.unknown())`, which would bring zod's record schema into every page's app shell
 * (~0.7 KB brotli) for the one lazily loaded resume code that needs it.
 */
export const plainObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);

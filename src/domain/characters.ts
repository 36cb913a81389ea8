/**
 * How long a text is as a person counts it: in characters (Unicode code points), so an emoji counts one, not the two
 * UTF-16 units JavaScript's `length` and zod's `maxLength` count. The site's forms and the server judge the limits
 * of the texts written to someone (the assistance reason, the decline message) with it alike.
 */
import { z } from 'zod/mini';

export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** A zod/mini check: at most `max` characters (after the schema's own trim, when it trims first). */
export function maxCharacters(max: number, error: string) {
  return z.refine<string>((text) => characterCount(text) <= max, { error });
}

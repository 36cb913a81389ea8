import { z } from 'zod/mini';

/**
 * Building blocks of the routes' search schemas. TanStack Router JSON-parses query values, so `?license=123`
 * arrives as a number and `?is_team_license=true` as a boolean: each helper accepts the forms a person or an
 * e-mail link can produce, and an unreadable value is dropped (undefined) instead of breaking the page.
 */

/**
 * An optional parameter whose value `read` turns into the parameter, or undefined when it cannot (TInput: the forms
 * a link may give it). What `z.catch(z.optional(…), undefined)` does, without z.catch, whose code would go into the
 * app shell every page loads for these route definitions alone.
 */
export function lenient<TInput, TOutput>(read: (value: unknown) => TOutput | undefined) {
  // No check before `read`: it is given whatever the URL held (hence `unknown`), TInput only types the links.
  return z.optional(
    z.pipe(
      z.custom<TInput>(),
      z.transform((value: TInput) => read(value)),
    ),
  );
}

/** A text parameter: strings and numbers become a trimmed string; empty becomes undefined. */
export const text = lenient<string | number, string>((v) => {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
});

/** A flag parameter: present as true/1/'true'/'1'/'' means true; false/0 means false; anything else undefined. */
export const flag = lenient<boolean | number | string, boolean>((v) => {
  if (v === true || v === 1 || v === 'true' || v === '1' || v === '') return true;
  if (v === false || v === 0 || v === 'false' || v === '0') return false;
  return undefined;
});

/** A whole-number parameter within [min, max]; anything else undefined. */
export const wholeNumber = (min: number, max: number) =>
  lenient<number | string, number>((v) => {
    if (typeof v !== 'number' && typeof v !== 'string') return undefined;
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  });

/** A same-site path to return to after login; absolute URLs to other sites are refused (open-redirect guard). */
export const returnPath = lenient<string, string>((v) =>
  typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') ? v : undefined,
);

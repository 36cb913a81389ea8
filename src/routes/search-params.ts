import { z } from 'zod/mini';

/**
 * Building blocks of the routes' search schemas. TanStack Router JSON-parses query values, so `?license=123`
 * arrives as a number and `?is_team_license=true` as a boolean: each helper accepts the forms a person or an
 * e-mail link can produce, and an unreadable value is dropped (undefined) instead of breaking the page.
 */

/** A text parameter: strings and numbers become a trimmed string; empty becomes undefined. */
export const text = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((v) => {
        const s = String(v).trim();
        return s === '' ? undefined : s;
      }),
    ),
  ),
  undefined,
);

/** A flag parameter: present as true/1/'true'/'1'/'' means true; false/0 means false; anything else undefined. */
export const flag = z.catch(
  z.optional(
    z.pipe(
      z.union([z.boolean(), z.number(), z.string()]),
      z.transform((v): boolean | undefined => {
        if (v === true || v === 1 || v === 'true' || v === '1' || v === '') return true;
        if (v === false || v === 0 || v === 'false' || v === '0') return false;
        return undefined;
      }),
    ),
  ),
  undefined,
);

/** A whole-number parameter within [min, max]; anything else undefined. */
export const wholeNumber = (min: number, max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.number(), z.string()]),
        z.transform((v) => {
          const n = typeof v === 'number' ? v : Number(v);
          return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
        }),
      ),
    ),
    undefined,
  );

/** A same-site path to return to after login; absolute URLs to other sites are refused (open-redirect guard). */
export const returnPath = z.catch(
  z.optional(
    z.pipe(
      z.string(),
      z.transform((v) => (v.startsWith('/') && !v.startsWith('//') ? v : undefined)),
    ),
  ),
  undefined,
);

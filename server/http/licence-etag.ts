/**
 * A licence's version on the wire (issue 30 point 4): the `ETag` the licence routes answer with `GET` and `PUT` is a
 * strong validator, `"7"`; a seat change's `If-Match` names the version(s) it was made against. A seat change
 * carries one: without `If-Match` it answers 428 (RFC 6585) and changes nothing; `*` (whatever the licence's version
 * is) is a client's explicit choice.
 */
import { z } from '@hono/zod-openapi';
import type { LicencePrecondition } from '../services/staff-licences.ts';

/** The seat-change routes' headers: the licence's `ETag` as read (optional to the schema, so its absence is a 428). */
export const IfMatchHeaders = z.object({
  'if-match': z
    .string()
    .max(256)
    .optional()
    .openapi({ description: "The licence's `ETag` as read (required: 428 without it, 412 if stale)" }),
});

/** The licence routes' answer header: its version (`"7"`), to send back as `If-Match`. */
export const EtagHeaders = z.object({
  ETag: z.string().openapi({ description: 'The licence\'s version as a strong entity tag, e.g. "7"' }),
});

/** An entity tag as If-Match may list it: strong `"7"` or weak `W/"7"` (RFC 9110 8.8.3). */
const ENTITY_TAG = /^(W\/)?"[^"]*"$/;

export function licenceEtag(version: number): string {
  return `"${version}"`;
}

/**
 * What a seat change's `If-Match` asks (the service decides: services/staff-licences.ts): 'none' when it names no
 * version (absent, empty, or nothing shaped like an entity tag), 'any' for `*`, else the strong entity tags (`"7"`)
 * read as versions. If-Match compares strongly (RFC 9110 13.1.1): a weak tag (`W/"7"`) matches no version, and
 * neither does anything unreadable, so such a list may be empty (412: no version matches).
 */
export function ifMatchPrecondition(ifMatch: string | undefined): LicencePrecondition {
  if (ifMatch === undefined) return { kind: 'none' };
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return { kind: 'any' };
  if (!tags.some((tag) => ENTITY_TAG.test(tag))) return { kind: 'none' };
  const versions = tags.flatMap((tag) => {
    const match = /^"(\d{1,9})"$/.exec(tag);
    return match?.[1] === undefined ? [] : [Number(match[1])];
  });
  return { kind: 'versions', versions };
}

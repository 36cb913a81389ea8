/**
 * A licence's version on the wire (issue 30 point 4): the `ETag` the licence routes answer with `GET` and `PUT` is a
 * strong validator, `"7"`; a seat change's `If-Match` names the version(s) it was made against.
 */
export function licenceEtag(version: number): string {
  return `"${version}"`;
}

/**
 * The versions an `If-Match` header names: null when there is no precondition (absent, or `*`); otherwise the
 * comma-separated strong entity tags (`"7"`) read as versions. If-Match compares strongly (RFC 9110 13.1.1): a weak
 * tag (`W/"7"`) matches no version, and neither does anything unreadable.
 */
export function ifMatchVersions(ifMatch: string | undefined): readonly number[] | null {
  if (ifMatch === undefined) return null;
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return null;
  return tags.flatMap((tag) => {
    const match = /^"(\d{1,9})"$/.exec(tag);
    return match?.[1] === undefined ? [] : [Number(match[1])];
  });
}

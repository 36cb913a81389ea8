import DOMPurify from 'dompurify';

/**
 * An organization's waiver markup (English or Spanish, issue 31 point 4) keeps its structure but no inline style: the Content-Security-Policy allows no
 * inline style attribute (issue 19 point 8), so a `style=""` would only be blocked and reported as a violation.
 */
const WAIVER_PURIFY = { FORBID_ATTR: ['style'] };

/**
 * A waiver the organization pasted as markup, sanitized with DOMPurify (design.md §7). Its own chunk, loaded by
 * ./waiver-section.tsx only when such a waiver is shown (checkout, the waiver-only page): DOMPurify is ~9 KB brotli
 * that a plain-text waiver, and every step before checkout, never needs (npm run bench: AT_CHECKOUT).
 */
export default function WaiverMarkup({ waiver, lang }: { waiver: string; lang?: string | undefined }) {
  // `lang`: the text's language where it is not the page's (an English waiver on a Spanish page, issue 31 point 4).
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify (design.md §7)
  return <div lang={lang} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(waiver, WAIVER_PURIFY) }} />;
}

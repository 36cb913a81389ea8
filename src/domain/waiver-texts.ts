/**
 * Which waiver text a family reads and agrees to (issue 31 point 4). An organization writes its waiver in English
 * (`waiver`) and may add a Spanish text beside it (`waiver_es`); the Spanish text counts only with an English one (the
 * console refuses it alone). A family using the site in Spanish reads the Spanish text when there is one, else the
 * English one under 'Este texto solo está disponible en inglés.'; in English the English text, always. The server
 * records which of them was agreed to (`memberships.waiver_language`) by the same rule, so the two never differ.
 */
import { hasWaiverText } from './payment-rules.ts';

/** The languages a waiver is written in: the organization's own (English) and its Spanish translation. */
export type WaiverLanguage = 'en' | 'es';

/** What an organization (or a draft) wrote: the waiver and its Spanish text, each possibly null or empty. */
export interface WaiverTexts {
  readonly waiver: string | null | undefined;
  readonly waiverEs: string | null | undefined;
}

/** The text shown to (and agreed by) a family using the site in `locale`, and its language; null: no waiver. */
export function waiverTextFor(
  texts: WaiverTexts,
  locale: string,
): { readonly text: string; readonly language: WaiverLanguage } | null {
  if (!hasWaiverText(texts.waiver)) return null;
  if (locale === 'es' && hasWaiverText(texts.waiverEs)) return { text: texts.waiverEs, language: 'es' };
  return { text: texts.waiver, language: 'en' };
}

/** The language of the waiver text a family agreed to in `locale` (null: no waiver to agree to). */
export function agreedWaiverLanguage(texts: WaiverTexts, locale: string): WaiverLanguage | null {
  return waiverTextFor(texts, locale)?.language ?? null;
}

/**
 * The `waiver_es` field of an API answer (additive, issue 31 point 4): present only when the organization (or the
 * draft) has a Spanish text, so every answer without one stays exactly as docs/api.md gives it.
 */
export function waiverEsField(waiverEs: string | null | undefined): { waiver_es?: string } {
  return hasWaiverText(waiverEs) ? { waiver_es: waiverEs } : {};
}

/**
 * How a save changes a stored Spanish text (`waiverEs`), from the fields a console or staff call sent: none once the
 * English waiver is removed (a translation is never a waiver of its own), as sent otherwise, unchanged when not sent.
 */
export function spanishWaiverChange(sent: {
  readonly waiver?: string | null | undefined;
  readonly waiver_es?: string | null | undefined;
}): { waiverEs?: string | null } {
  if (sent.waiver !== undefined && !hasWaiverText(sent.waiver)) return { waiverEs: null };
  if (sent.waiver_es === undefined) return {};
  return { waiverEs: hasWaiverText(sent.waiver_es) ? sent.waiver_es : null };
}

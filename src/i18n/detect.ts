import { isLocale, LOCALES, type Locale } from './runtime';

/**
 * Which language a page opens in (issue 31 point 1), in this order: a `lang=es` or `lang=en` search parameter on any
 * link (clubs send Spanish links; the choice is then remembered on this device), the logged-in person's saved
 * preference, the visitor's earlier choice on this device, the browser's languages (what it sends as
 * Accept-Language); English otherwise.
 */
export interface LanguageSources {
  /** The page address's search (`?lang=es&…`). */
  search: string;
  /** The logged-in person's saved preference, when someone is logged in. */
  account: string | null | undefined;
  /** The choice remembered on this device. */
  device: string | null;
  /** navigator.languages. */
  browser: readonly string[];
}

/** The language a search parameter asks for, if it names one of ours. */
export function linkedLocale(search: string): Locale | null {
  const asked = new URLSearchParams(search).get('lang');
  return isLocale(asked) ? asked : null;
}

/** The first of the browser's languages we have ('es-MX' is Spanish), or null. */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LOCALES.find((locale) => locale === base);
    if (found) return found;
  }
  return null;
}

export function detectLocale(sources: LanguageSources): Locale {
  const linked = linkedLocale(sources.search);
  if (linked) return linked;
  if (isLocale(sources.account)) return sources.account;
  if (isLocale(sources.device)) return sources.device;
  return browserLocale(sources.browser) ?? 'en';
}

import { LOCALES, type Locale } from './messages.gen.ts';

/**
 * Which language a page opens in (issue 31 point 1), in this order: a `lang=es` or `lang=en` search parameter on any
 * link (clubs send Spanish links; the choice is then remembered on this device), the logged-in person's saved
 * preference, the visitor's earlier choice on this device, the browser's languages (what it sends as
 * Accept-Language); English otherwise.
 *
 * The server answers an entry page with the HTML prerendered in the language the site will open in
 * (server/http/static-site.ts, scripts/prerender.ts), so the first frame never switches: it knows the `lang=`
 * parameter and Accept-Language, and the remembered choice from a cookie (LANGUAGE_COOKIE) the site keeps equal to
 * it (src/routes/language.ts rememberLanguage). This module has no dependency on the browser or the runtime, so the
 * server uses the same rules.
 */
export interface LanguageSources {
  /** The page address's search (`?lang=es&…`). */
  search: string;
  /** The logged-in person's saved preference, when someone is logged in. */
  account: string | null | undefined;
  /** The choice remembered on this device. */
  device: string | null;
  /** The remembered choice as the cookie holds it (what the server prerendered by), when the device has none. */
  cookie?: string | null;
  /** navigator.languages. */
  browser: readonly string[];
}

/** English: the reference language, and the fallback. */
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie holding the remembered language, for the server's choice of the prerendered page. */
export const LANGUAGE_COOKIE = 'diamond-language';

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
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
    if (isLocale(base)) return base;
  }
  return null;
}

/** The remembered language: a link's, the account's, the device's, the cookie's; null when none is. */
export function rememberedLocale(sources: LanguageSources): Locale | null {
  return linkedLocale(sources.search) ?? [sources.account, sources.device, sources.cookie].find(isLocale) ?? null;
}

export function detectLocale(sources: LanguageSources): Locale {
  return rememberedLocale(sources) ?? browserLocale(sources.browser) ?? DEFAULT_LOCALE;
}

/** The language a `Cookie` header (or document.cookie) remembers, if it names one of ours. */
export function cookieLocale(cookies: string | null | undefined): Locale | null {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/**
 * An Accept-Language header as the browser's list of languages (navigator.languages), most wanted first: by q-value,
 * in the header's order among equals, without `*` and the ones refused (q=0).
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .slice(0, 1000)
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

import { LANGUAGE_COOKIE } from '../i18n/detect';
import { readItem, STORAGE_PREFIX, writeItem } from './storage';

/** Issue 31 point 1: the language chosen on this device (the switch, or a link's `lang=`), for the next visit. */
export const LANGUAGE_KEY = `${STORAGE_PREFIX}language`;

export function readDeviceLanguage(): string | null {
  return readItem(LANGUAGE_KEY);
}

export function rememberDeviceLanguage(language: string): void {
  writeItem(LANGUAGE_KEY, language);
}

/** A year, like the device's choice in localStorage, which does not expire. */
const COOKIE_MAX_AGE = 31_536_000;

/**
 * Remembers a language on this device: in localStorage, which the site reads when it starts, and in a cookie, which
 * the server reads to send the entry pages prerendered in that language (server/http/static-site.ts), so the first
 * frame and the site agree.
 */
export function rememberLanguage(locale: string): void {
  rememberDeviceLanguage(locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from older Safari and Firefox.
  document.cookie = `${LANGUAGE_COOKIE}=${locale};path=/;max-age=${COOKIE_MAX_AGE};samesite=lax${location.protocol === 'https:' ? ';secure' : ''}`;
}

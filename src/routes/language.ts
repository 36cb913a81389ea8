import { saveLanguage } from '../api/auth';
import { cookieLocale, detectLocale, linkedLocale, rememberedLocale } from '../i18n/detect';
import { initLocale, isLocale, type Locale, setLocale } from '../i18n/runtime';
import { getCurrentUser, updateCurrentUser } from '../session/current-user';
import { readDeviceLanguage, rememberLanguage } from '../session/language';

export { rememberLanguage };

/**
 * The language the site opens in (src/i18n/detect.ts), set before anything loads or renders. A club's `lang=` link
 * is remembered (and saved on the account of whoever is logged in). Otherwise a remembered choice (the account's,
 * the device's) is written where the device or the cookie lacks it or says another language, so the next page the
 * server prerenders is in it: the cookie came after the device's choice, and the account's preference may have been
 * changed on another device.
 */
export function startLanguage(): void {
  const search = window.location.search;
  const sources = {
    search,
    account: getCurrentUser()?.language,
    device: readDeviceLanguage(),
    cookie: cookieLocale(document.cookie),
    browser: navigator.languages,
  };
  const locale = detectLocale(sources);
  initLocale(locale);
  const remembered = rememberedLocale(sources);
  if (linkedLocale(search)) void chooseLanguage(locale);
  else if (remembered && (sources.device !== remembered || sources.cookie !== remembered)) rememberLanguage(remembered);
}

/**
 * A language chosen (the switch, or a club's `lang=` link; issue 31 point 1): remembered on this device and, for a
 * logged-in person, saved on their account (the stored user follows at once, so the account's preference never
 * switches the page back; a failed save leaves the device's choice). Then every text switches.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  rememberLanguage(locale);
  const user = getCurrentUser();
  if (user && user.language !== locale) {
    updateCurrentUser({ language: locale });
    saveLanguage(locale).catch((error: unknown) => console.error('Could not save the language preference', error));
  }
  await setLocale(locale);
}

/**
 * The account's saved language, once a login or a refreshed user brings one: the page switches to it if it is in
 * another, and the device remembers it (the account's preference comes first while logged in, so the cookie the
 * server prerenders by must say the same).
 */
export function followAccountLanguage(language: string | undefined, current: Locale): void {
  if (!isLocale(language)) return;
  if (readDeviceLanguage() !== language || cookieLocale(document.cookie) !== language) rememberLanguage(language);
  if (language !== current) void setLocale(language);
}

import { saveLanguage } from '../api/auth';
import { isLocale, type Locale, setLocale } from '../i18n/runtime';
import { getCurrentUser, updateCurrentUser } from '../session/current-user';
import { rememberDeviceLanguage } from '../session/language';

/**
 * A language chosen (the switch, or a club's `lang=` link; issue 31 point 1): remembered on this device and, for a
 * logged-in person, saved on their account (the stored user follows at once, so the account's preference never
 * switches the page back; a failed save leaves the device's choice). Then every text switches.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  rememberDeviceLanguage(locale);
  const user = getCurrentUser();
  if (user && user.language !== locale) {
    updateCurrentUser({ language: locale });
    saveLanguage(locale).catch((error: unknown) => console.error('Could not save the language preference', error));
  }
  await setLocale(locale);
}

/** The account's saved language, once a login or a refreshed user brings one the page is not in. */
export function followAccountLanguage(language: string | undefined, current: Locale): void {
  if (isLocale(language) && language !== current) void setLocale(language);
}

import { saveAdminLanguage } from '../api/admin';
import { detectLocale, linkedLocale } from '../i18n/detect';
import { initLocale, isLocale, type Locale, setLocale } from '../i18n/runtime';
import { readDeviceLanguage, rememberLanguage } from '../session/language';
import { getStaffSession, setStaffSession } from '../session/staff';

/**
 * The console's language (issue 31 points 1 and 4), as the family site's (./language.ts) but on the staff session
 * (src/session/staff.ts): a staff account is not a family account.
 *
 * A language chosen (the console's switch, or a `lang=` link) is remembered on this device and, for a logged-in staff
 * member, saved on their account (PUT /api/admin/me/language); the stored session follows at once, so the saved
 * preference never switches the page back, and a failed save leaves the device's choice. Then every text switches.
 */
export async function chooseConsoleLanguage(locale: Locale): Promise<void> {
  rememberLanguage(locale);
  const session = getStaffSession();
  if (session && session.staff.language !== locale) {
    setStaffSession({ ...session, staff: { ...session.staff, language: locale } });
    saveAdminLanguage(locale).catch((error: unknown) =>
      console.error('Could not save the staff member’s language preference', error),
    );
  }
  await setLocale(locale);
}

/**
 * The language the console opens in (src/admin-main.tsx), in the site's order (src/i18n/detect.ts): a `lang=` link
 * (then remembered, and saved on the account of the staff member logged in), the logged-in staff member's saved
 * preference, this device's earlier choice, the browser's languages; English otherwise.
 */
export function startConsoleLanguage(search: string, browser: readonly string[]): Locale {
  const locale = detectLocale({
    search,
    account: getStaffSession()?.staff.language,
    device: readDeviceLanguage(),
    browser,
  });
  initLocale(locale);
  if (linkedLocale(search)) void chooseConsoleLanguage(locale);
  return locale;
}

/** The staff member's saved language, once a login (or another tab's) brings one the page is not in. */
export function followStaffLanguage(language: string | undefined, current: Locale): void {
  if (isLocale(language) && language !== current) void setLocale(language);
}

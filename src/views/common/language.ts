import { createContext, useContext } from 'react';
import { type Locale, setLocale } from '../../i18n/runtime';

/**
 * What the language switch does (issue 31 point 1): the route layer (src/routes/root.route.tsx) provides it, so the
 * choice is also remembered on this device and saved on a logged-in person's account without a view calling the API.
 * Outside the site's root route (a test) it only switches.
 */
export interface SiteLanguage {
  choose: (locale: Locale) => Promise<void>;
}

export const SiteLanguageContext = createContext<SiteLanguage>({ choose: setLocale });

export function useSiteLanguage(): SiteLanguage {
  return useContext(SiteLanguageContext);
}

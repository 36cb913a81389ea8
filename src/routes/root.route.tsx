import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { logoutRequest } from '../api/auth';
import { getLoadingSnapshot, subscribeLoading } from '../api/loading';
import { currentLocale } from '../i18n/runtime';
import { useT } from '../i18n/use-t';
import { logout } from '../session/logout';
import { useCurrentUser } from '../session/use-session';
import { type SiteAccount, SiteAccountContext } from '../views/common/account';
import { type SiteLanguage, SiteLanguageContext } from '../views/common/language';
import { LoadingOverlay } from '../views/common/loading-overlay';
import { NotFoundPage } from '../views/common/not-found-page';
import { chooseLanguage, followAccountLanguage } from './language';

/**
 * The shell every page renders in: skip link, the page, and the global loading overlay (spec §2 Loading). It gives
 * the page frame the logged-in person (the header's account menu, issue 19 point 2) from the stored user, which
 * follows login, logout and other tabs.
 */
export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

const SITE_LANGUAGE: SiteLanguage = { choose: chooseLanguage };

function RootLayout() {
  const t = useT();
  const user = useCurrentUser();
  const email = user?.email ?? null;
  const account = useMemo<SiteAccount | null>(
    () => (email === null ? null : { email, logOut: () => logout(logoutRequest) }),
    [email],
  );
  // Issue 31 point 1: a login (or another tab's) brings the person's saved language.
  const accountLanguage = user?.language;
  useEffect(() => followAccountLanguage(accountLanguage, currentLocale()), [accountLanguage]);
  return (
    <SiteLanguageContext value={SITE_LANGUAGE}>
      <SiteAccountContext value={account}>
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <Outlet />
        <SiteLoadingOverlay />
      </SiteAccountContext>
    </SiteLanguageContext>
  );
}

/** The overlay, following the API's in-flight counter; on its own so a request re-renders it alone, not the page. */
export function SiteLoadingOverlay() {
  const inFlight = useSyncExternalStore(subscribeLoading, getLoadingSnapshot, () => 0);
  return <LoadingOverlay inFlight={inFlight} />;
}

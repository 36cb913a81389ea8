import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { getLoadingSnapshot, subscribeLoading } from '../api/loading';
import { currentLocale } from '../i18n/runtime';
import { useT } from '../i18n/use-t';
import { getStaffSession, subscribeStaffSession } from '../session/staff';
import { type SiteLanguage, SiteLanguageContext } from '../views/common/language';
import { LoadingOverlay } from '../views/common/loading-overlay';
import { NotFoundPage } from '../views/common/not-found-page';
import { chooseConsoleLanguage, followStaffLanguage } from './admin-language';

/**
 * The club console's root (admin.html, src/admin-main.tsx): skip link, the page and the loading overlay, as the
 * family site's root has them, without the family's account (a staff session is not a family session).
 */
export const adminRootRoute = createRootRoute({
  component: AdminRootLayout,
  notFoundComponent: NotFoundPage,
});

/** Issue 31: the console's language switch remembers the choice on this device and on the staff member's account. */
const CONSOLE_LANGUAGE: SiteLanguage = { choose: chooseConsoleLanguage };

function AdminRootLayout() {
  const t = useT();
  // Issue 31: a login (or another tab's) brings the staff member's saved language.
  const staffLanguage = useSyncExternalStore(subscribeStaffSession, getStaffSession, () => null)?.staff.language;
  useEffect(() => followStaffLanguage(staffLanguage, currentLocale()), [staffLanguage]);
  return (
    <SiteLanguageContext value={CONSOLE_LANGUAGE}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Outlet />
      <AdminLoadingOverlay />
    </SiteLanguageContext>
  );
}

function AdminLoadingOverlay() {
  const inFlight = useSyncExternalStore(subscribeLoading, getLoadingSnapshot, () => 0);
  return <LoadingOverlay inFlight={inFlight} />;
}

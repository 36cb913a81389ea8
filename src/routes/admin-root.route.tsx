import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { getLoadingSnapshot, subscribeLoading } from '../api/loading';
import { type Locale, setLocale } from '../i18n/runtime';
import { useT } from '../i18n/use-t';
import { rememberDeviceLanguage } from '../session/language';
import { type SiteLanguage, SiteLanguageContext } from '../views/common/language';
import { LoadingOverlay } from '../views/common/loading-overlay';
import { NotFoundPage } from '../views/common/not-found-page';

/**
 * The club console's root (admin.html, src/admin-main.tsx): skip link, the page and the loading overlay, as the
 * family site's root has them, without the family's account (a staff session is not a family session).
 */
export const adminRootRoute = createRootRoute({
  component: AdminRootLayout,
  notFoundComponent: NotFoundPage,
});

/** Issue 31: the console's language switch remembers the choice on this device (a staff account keeps none). */
const CONSOLE_LANGUAGE: SiteLanguage = {
  choose: (locale: Locale) => {
    rememberDeviceLanguage(locale);
    return setLocale(locale);
  },
};

function AdminRootLayout() {
  const t = useT();
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

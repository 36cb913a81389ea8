import { lazy, type ReactNode, Suspense } from 'react';
import { config, copyrightYear } from '../../config';
import { useT } from '../../i18n/use-t';
import { useSiteAccount } from './account';
import { LanguageSwitch } from './language-switch';

/**
 * The account menu is its own chunk, loaded only when someone is logged in: the entry pages (/login, /register) are
 * mostly visited logged out and keep within their first-visit budget (issue 19 point 6). Until it arrives, a
 * placeholder of the button's height holds its place. Its width cannot be known before its texts load, so on a narrow
 * screen a header with the menu (`page-header--account`) puts the menu and the language switch on a row of their own,
 * aligned right, from the first frame: the menu then appears left of the switch and moves nothing (issue 30 point 6:
 * the header used to wrap only when the menu arrived, a layout shift of the whole page, CLS 0.16 on /payment).
 */
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

/**
 * The frame of every screen: brand header, one <main id="main"> (the skip link's target) and the footer.
 * `wide` lets multi-column screens (payment plans, subscription tiles) use more of a desktop.
 * The header shows the account menu whenever someone is logged in (issue 19 point 2), except on a screen that brings
 * its own account controls as `header` (the dashboard's top menu, the player's LOG OUT).
 */
export function Page({ children, wide = false, header }: { children: ReactNode; wide?: boolean; header?: ReactNode }) {
  const t = useT();
  const account = useSiteAccount();
  const lazyMenu = !header && account !== null;
  return (
    <div className="page">
      <header className={lazyMenu ? 'page-header page-header--account' : 'page-header'}>
        <span className="brand">{config.clientName}</span>
        <span className="page-header__end">
          {header ??
            (lazyMenu && (
              <Suspense fallback={<span className="site-account-placeholder" aria-hidden="true" />}>
                <AccountMenu account={account} />
              </Suspense>
            ))}
          <LanguageSwitch />
        </span>
      </header>
      <main id="main" tabIndex={-1} className={wide ? 'page-main page-main--wide' : 'page-main'}>
        {children}
      </main>
      <footer className="page-footer">
        <p>{t('common.rightsReserved', { year: copyrightYear, client_name: config.clientName })}</p>
      </footer>
    </div>
  );
}

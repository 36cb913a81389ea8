import type { ReactNode } from 'react';
import { config, copyrightYear } from '../../config';
import { useSiteAccount } from './account';
import { AccountMenu } from './account-menu';

/**
 * The frame of every screen: brand header, one <main id="main"> (the skip link's target) and the footer.
 * `wide` lets multi-column screens (payment plans, subscription tiles) use more of a desktop.
 * The header shows the account menu whenever someone is logged in (issue 19 point 2), except on a screen that brings
 * its own account controls as `header` (the dashboard's top menu, the player's LOG OUT).
 */
export function Page({ children, wide = false, header }: { children: ReactNode; wide?: boolean; header?: ReactNode }) {
  const account = useSiteAccount();
  return (
    <div className="page">
      <header className="page-header">
        <span className="brand">{config.clientName}</span>
        {header ?? (account && <AccountMenu account={account} />)}
      </header>
      <main id="main" tabIndex={-1} className={wide ? 'page-main page-main--wide' : 'page-main'}>
        {children}
      </main>
      <footer className="page-footer">
        <p>
          © {copyrightYear} {config.clientName}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}

import type { ReactNode } from 'react';
import { config } from '../../config';

/**
 * The frame of every screen: brand header, one <main id="main"> (the skip link's target) and the footer.
 * `wide` lets multi-column screens (payment plans, subscription tiles) use more of a desktop.
 */
export function Page({ children, wide = false, header }: { children: ReactNode; wide?: boolean; header?: ReactNode }) {
  return (
    <div className="page">
      <header className="page-header">
        <span className="brand">{config.clientName}</span>
        {header}
      </header>
      <main id="main" tabIndex={-1} className={wide ? 'page-main page-main--wide' : 'page-main'}>
        {children}
      </main>
      <footer className="page-footer">
        <p>
          © {new Date().getFullYear()} {config.clientName}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}

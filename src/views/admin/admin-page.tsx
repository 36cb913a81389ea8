import type { ReactNode } from 'react';
import './admin.css';

/**
 * The frame of every console page (/admin/*): the console's header (with 'Log out' once someone is logged in and the
 * page's flow offers it), one <main id="main"> and no family account menu: staff sessions are not family sessions.
 */
export function AdminPage({ children, onLogOut }: { children: ReactNode; onLogOut?: (() => void) | undefined }) {
  return (
    <div className="page admin-page">
      <header className="page-header">
        <span className="brand">Club console</span>
        {onLogOut && (
          <button type="button" className="button button--secondary admin-page__logout" onClick={onLogOut}>
            Log out
          </button>
        )}
      </header>
      <main id="main" tabIndex={-1} className="page-main page-main--wide">
        {children}
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { LanguageSwitch } from '../common/language-switch';
import './admin.css';

/**
 * The frame of every console page (/admin/*): the console's header (the language switch, and 'Log out' once someone
 * is logged in and the page's flow offers it), one <main id="main"> and no family account menu: staff sessions are
 * not family sessions.
 */
export function AdminPage({ children, onLogOut }: { children: ReactNode; onLogOut?: (() => void) | undefined }) {
  const t = useT();
  return (
    <div className="page admin-page">
      <header className="page-header">
        <span className="brand">{t('admin.brand')}</span>
        <LanguageSwitch />
        {onLogOut && (
          <button type="button" className="button button--secondary admin-page__logout" onClick={onLogOut}>
            {t('admin.logOut')}
          </button>
        )}
      </header>
      <main id="main" tabIndex={-1} className="page-main page-main--wide">
        {children}
      </main>
    </div>
  );
}

import './account-menu.css';
import { Link } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, use, useEffect, useId, useRef, useState } from 'react';
import { loadGroups } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import type { SiteAccount } from './account';

/**
 * The menu's texts, the `account` catalogue group (issue 31; §2 Dashboard names the e-mail and LOG OUT, issue 15 'My
 * payments', issue 20 point 4 'Invite a guardian'). The menu shows on every page whose route does not name the group,
 * so its own chunk loads it, in the language in use, when it first loads (page.tsx holds the menu's place meanwhile);
 * a language switch then loads it in the new language with the page's groups. If it cannot load, the menu still
 * shows (the keys, as any group that did not load), never a broken header.
 */
const ACCOUNT_TEXTS: Promise<void> = loadGroups(['account']).catch(() => undefined);

/**
 * The header's account menu (issue 19 point 2), the disclosure pattern: a button with aria-expanded and
 * aria-controls shows the panel (the e-mail, 'My payments', 'Invite a guardian', LOG OUT), whose links and button follow it in the Tab
 * order. Escape closes it and returns focus to the button; so do a click outside and focus leaving the menu (without
 * moving focus). LOG OUT runs the site's logout, which reloads the page whatever the server answered.
 */
export function AccountMenu({ account }: { account: SiteAccount }) {
  use(ACCOUNT_TEXTS);
  const t = useT();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    // relatedTarget is null when focus goes nowhere (e.g. a click on a button in Safari): the click handles that.
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  const logOut = () => {
    setLoggingOut(true);
    void account.logOut();
  };

  return (
    <nav ref={rootRef} className="site-account" aria-label={t('account.label')} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggleRef}
        type="button"
        className="site-account__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {t('account.toggle')}
      </button>
      <div id={panelId} className="site-account__panel" hidden={!open}>
        <p className="site-account__email">{account.email}</p>
        <ul className="site-account__items">
          <li>
            <Link to="/payments" className="site-account__item" onClick={() => setOpen(false)}>
              {t('account.payments')}
            </Link>
          </li>
          <li>
            <Link to="/household" className="site-account__item" onClick={() => setOpen(false)}>
              {t('account.household')}
            </Link>
          </li>
          <li>
            <button type="button" className="site-account__item" disabled={loggingOut} onClick={logOut}>
              {loggingOut ? t('account.loggingOut') : t('account.logOut')}
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}

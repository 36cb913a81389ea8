import './account-menu.css';
import { Link } from '@tanstack/react-router';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { SiteAccount } from './account';

/** The texts of the header's account menu (§2 Dashboard names the e-mail and LOG OUT; issue 15 'My payments'). */
export const ACCOUNT_MENU_TEXTS = {
  toggle: 'My account',
  label: 'Account menu',
  payments: 'My payments',
  /** Issue 20 point 4: the household's page, where a second guardian is invited. */
  household: 'Invite a guardian',
  logOut: 'LOG OUT',
  loggingOut: 'Logging out…',
} as const;

/**
 * The header's account menu (issue 19 point 2), the disclosure pattern: a button with aria-expanded and
 * aria-controls shows the panel (the e-mail, 'My payments', 'Invite a guardian', LOG OUT), whose links and button follow it in the Tab
 * order. Escape closes it and returns focus to the button; so do a click outside and focus leaving the menu (without
 * moving focus). LOG OUT runs the site's logout, which reloads the page whatever the server answered.
 */
export function AccountMenu({ account }: { account: SiteAccount }) {
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
    <nav
      ref={rootRef}
      className="site-account"
      aria-label={ACCOUNT_MENU_TEXTS.label}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={toggleRef}
        type="button"
        className="site-account__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {ACCOUNT_MENU_TEXTS.toggle}
      </button>
      <div id={panelId} className="site-account__panel" hidden={!open}>
        <p className="site-account__email">{account.email}</p>
        <ul className="site-account__items">
          <li>
            <Link to="/payments" className="site-account__item" onClick={() => setOpen(false)}>
              {ACCOUNT_MENU_TEXTS.payments}
            </Link>
          </li>
          <li>
            <Link to="/household" className="site-account__item" onClick={() => setOpen(false)}>
              {ACCOUNT_MENU_TEXTS.household}
            </Link>
          </li>
          <li>
            <button type="button" className="site-account__item" disabled={loggingOut} onClick={logOut}>
              {loggingOut ? ACCOUNT_MENU_TEXTS.loggingOut : ACCOUNT_MENU_TEXTS.logOut}
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}

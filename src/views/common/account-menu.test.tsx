import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../i18n/runtime';
import { type SiteAccount, SiteAccountContext } from './account';
import { Page } from './page';

async function renderPage(account: SiteAccount | null, page?: ReactNode) {
  // The menu links to /payments, so it renders inside a router, as on the site.
  const rootRoute = createRootRoute({
    component: () => <SiteAccountContext value={account}>{page ?? <Page>content</Page>}</SiteAccountContext>,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/payment'] }) });
  await router.load();
  const view = render(<RouterProvider router={router} />);
  await screen.findByText('content');
  // The menu is its own chunk (page.tsx loads it lazily): it shows once that has arrived.
  if (account !== null && page === undefined) await screen.findByRole('button', { name: 'My account' });
  return view;
}

function family(logOut: SiteAccount['logOut'] = vi.fn(async () => {})): SiteAccount {
  return { email: 'parent@example.com', logOut };
}

const toggle = () => screen.getByRole('button', { name: 'My account' });

describe('the header account menu', () => {
  it('is a closed disclosure: a button that controls a hidden panel', async () => {
    await renderPage(family());
    const menu = screen.getByRole('navigation', { name: 'Account menu' });
    expect(menu.closest('header')).not.toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    expect(screen.queryByRole('link', { name: 'My payments' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'LOG OUT' })).toBeNull();
  });

  it('opens from the keyboard; Tab reaches the e-mail’s links; Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    await renderPage(family());
    await user.tab();
    expect(document.activeElement).toBe(toggle());
    await user.keyboard('{Enter}');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('parent@example.com')).toBeTruthy();
    await user.tab();
    const payments = screen.getByRole('link', { name: 'My payments' });
    expect(document.activeElement).toBe(payments);
    expect(payments.getAttribute('href')).toBe('/payments');
    await user.tab();
    // Issue 20 point 4: the household's page, where a second guardian is invited.
    const household = screen.getByRole('link', { name: 'Invite a guardian' });
    expect(document.activeElement).toBe(household);
    expect(household.getAttribute('href')).toBe('/household');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'LOG OUT' }));
    await user.keyboard('{Escape}');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
    expect(screen.queryByRole('link', { name: 'My payments' })).toBeNull();
  });

  it('closes on a click outside it and when focus leaves it', async () => {
    const user = userEvent.setup();
    await renderPage(
      family(),
      <Page>
        <p>content</p>
        <button type="button">elsewhere</button>
      </Page>,
    );
    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('content'));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle());
    // My payments, Invite a guardian, LOG OUT, then out of the menu: the header's language switch (issue 31).
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Language' }));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('LOG OUT runs the logout once and stays disabled while the page reloads', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const logOut = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await renderPage(family(logOut));
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'LOG OUT' }));
    const busy = screen.getByRole('button', { name: 'Logging out…' });
    expect(busy).toHaveProperty('disabled', true);
    await user.click(busy);
    expect(logOut).toHaveBeenCalledOnce();
    await act(async () => finish());
  });

  it('is absent when nobody is logged in', async () => {
    await renderPage(null);
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).toBeNull();
  });

  it('gives way to a screen that brings its own account controls', async () => {
    await renderPage(family(), <Page header={<button type="button">LOG OUT</button>}>content</Page>);
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'LOG OUT' })).toBeTruthy();
  });

  it('speaks Spanish: Mi cuenta, Mis pagos, Invitar a un tutor, CERRAR SESIÓN (issue 31)', async () => {
    const user = userEvent.setup();
    await setLocale('es');
    const rootRoute = createRootRoute({
      component: () => (
        <SiteAccountContext value={family()}>
          <Page>content</Page>
        </SiteAccountContext>
      ),
    });
    const router = createRouter({
      routeTree: rootRoute,
      history: createMemoryHistory({ initialEntries: ['/payment'] }),
    });
    await router.load();
    render(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: 'Mi cuenta' }));
    expect(screen.getByRole('navigation', { name: 'Menú de la cuenta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mis pagos' }).getAttribute('href')).toBe('/payments');
    expect(screen.getByRole('link', { name: 'Invitar a un tutor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CERRAR SESIÓN' })).toBeTruthy();
  });
});

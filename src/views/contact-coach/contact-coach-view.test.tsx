import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { config } from '../../config';
import { setLocale } from '../../i18n/runtime';
import { PrivacyPolicyPage, TermsOfUsePage } from '../legal/legal-pages';
import { ContactCoachView } from './contact-coach-view';

/** A page as the site renders it: inside a router (its links go to other routes). */
async function renderPage(Page: ComponentType) {
  const rootRoute = createRootRoute({ component: () => <Page /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  render(<RouterProvider router={router} />);
}

describe('/contact-coach and the legal pages (issue 31)', () => {
  it('shows /contact-coach in English word for word', async () => {
    await renderPage(ContactCoachView);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact your coach');
    expect(
      screen.getByText(`To register with ${config.clientName}, you need the license link for your team.`),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?step=2');
  });

  it('shows /contact-coach in Spanish', async () => {
    await setLocale('es');
    await renderPage(ContactCoachView);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contacta a tu entrenador');
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toBeTruthy();
  });

  it('shows the privacy policy and the terms in Spanish, the support address linked', async () => {
    await setLocale('es');
    await renderPage(PrivacyPolicyPage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Política de privacidad');
    expect(screen.getByRole('link', { name: config.supportEmail }).getAttribute('href')).toBe(
      `mailto:${config.supportEmail}`,
    );
  });

  it('keeps the English terms word for word, the address linked inside its sentence', async () => {
    await renderPage(TermsOfUsePage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Use');
    const link = screen.getByRole('link', { name: config.supportEmail });
    expect(link.parentElement?.textContent).toBe(`Questions: ${config.supportEmail}.`);
  });
});

import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type CurrentUser, currentUserSchema, type SubscriptionStatus, type User } from '../../api/schemas';
import { organization, currentUser as wireUser } from '../../api/wire-samples';
import { setLocale } from '../../i18n/runtime';
import { dashboardMachine } from '../../machines/dashboard.machine';
import { DashboardFlow } from './dashboard-flow';

/** A coach with the coach licence stays on the dashboard, paid through March 1, 2030. */
const coach: CurrentUser = currentUserSchema.parse({
  ...wireUser,
  email: 'pat@example.com',
  is_coach: true,
  license: { license_code: 'COACH-2027', organization },
  subscription: { status_message: 'License active.', paid_through: '2030-03-01T12:00:00.000Z' },
});

async function renderDashboard() {
  const { token: _token, ...fresh } = coach;
  const machine = dashboardMachine.provide({
    actors: {
      refreshUser: fromPromise<User, void>(async () => fresh),
      subscriptionStatus: fromPromise<SubscriptionStatus, void>(async () => ({ payment_complete: 1 })),
      logout: fromPromise<void, void>(async () => {}),
    },
  });
  const actor = createActor(machine, {
    input: { user: coach, servers: [{ id: 'default', label: 'Main', url: '' }], selectedServerId: 'default' },
  }).start();
  // The views link to other routes (/payments, /household), so they render inside a router, as on the site.
  const rootRoute = createRootRoute({ component: () => <DashboardFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });
  await router.load();
  render(<RouterProvider router={router} />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('the dashboard in Spanish (issue 31)', () => {
  it('shows the account, its paid-through date and the menu in Spanish', async () => {
    await setLocale('es');
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tu cuenta');
    expect(screen.getByText('Tienes acceso completo a la app de entrenador hasta el:').textContent).toContain(
      '1 de marzo de 2030',
    );
    expect(screen.getByRole('link', { name: 'Mis pagos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CERRAR SESIÓN' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Ayuda');
  });

  it('shows the same in English word for word', async () => {
    await renderDashboard();
    expect(screen.getByText('You have full access to the Coach app until:').textContent).toBe(
      'You have full access to the Coach app until: March 1, 2030',
    );
    expect(screen.getByRole('button', { name: 'LOG OUT' })).toBeTruthy();
  });
});

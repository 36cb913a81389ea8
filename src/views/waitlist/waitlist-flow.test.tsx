import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { WaitlistEntry } from '../../api/waitlist.schemas';
import { formatHoldUntil } from '../../domain/dates';
import { setLocale } from '../../i18n/runtime';
import { type WaitlistLookup, waitlistMachine } from '../../machines/waitlist.machine';
import { WaitlistFlow } from './waitlist-flow';

const offered: WaitlistEntry = {
  license: 'FULL-2027',
  team: { name: '12U Tigers' },
  position: 0,
  status: 'offered',
  offer: { expires_at: '2026-11-28T18:00:00.000Z' },
  joined_at: '2026-11-26T18:00:00.000Z',
};

async function renderOffered() {
  const machine = waitlistMachine.provide({
    actors: {
      lookUp: fromPromise<WaitlistLookup, { license: string }>(async () => ({ entry: offered, team: '12U Tigers' })),
    },
  });
  const actor = createActor(machine, { input: { license: 'FULL-2027' } }).start();
  // The page links back to the team's licence page, so it renders inside a router, as on the site.
  const rootRoute = createRootRoute({ component: () => <WaitlistFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/waitlist'] }),
  });
  await router.load();
  render(<RouterProvider router={router} />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('/waitlist in Spanish (issue 31)', () => {
  it('names the team and holds the spot until a date written in Spanish', async () => {
    await setLocale('es');
    await renderOffered();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Estás en la lista de espera de 12U Tigers.');
    const until = formatHoldUntil(offered.offer?.expires_at ?? '', 'es-US');
    expect(screen.getByRole('status').textContent).toBe(`Te guardamos un lugar hasta el ${until}.`);
    expect(screen.getByRole('button', { name: 'Continuar con la inscripción' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salir de la lista de espera' })).toBeTruthy();
  });

  it('switches the hold’s date with the language', async () => {
    await renderOffered();
    const english = `A spot is being held for you until ${formatHoldUntil('2026-11-28T18:00:00.000Z')}.`;
    expect(screen.getByRole('status').textContent).toBe(english);
    await act(() => setLocale('es'));
    expect(screen.getByRole('status').textContent).not.toBe(english);
    expect(screen.getByRole('status').textContent).toContain('Te guardamos un lugar hasta el');
  });
});

import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TeamHolds } from '../../api/admin-holds';
import { setLocale } from '../../i18n/runtime';
import { adminHoldsMachine } from '../../machines/admin-holds.machine';
import { adminLoginMachine } from '../../machines/admin-login.machine';
import { AdminLoginForm } from './admin-login-form';
import { HeldSeatsView } from './held-seats-view';

/** Issue 31: the club console in Spanish (the 'admin' group), switched in place. */

afterEach(async () => {
  await setLocale('en');
});

describe('the club console in Spanish', () => {
  it('shows the staff login in Spanish, and in English again after a switch back', async () => {
    const actor = createActor(adminLoginMachine, { input: { returnUrl: undefined } }).start();
    render(<AdminLoginForm actorRef={actor} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Staff log in' })).toBeTruthy();
    await act(() => setLocale('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Inicio de sesión del personal' })).toBeTruthy();
    expect(screen.getByText('Consola del club')).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect((screen.getByLabelText('Idioma') as HTMLSelectElement).value).toBe('es');
    await act(() => setLocale('en'));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it("writes a held seat's end and 'Release' in Spanish", async () => {
    const holds: TeamHolds = {
      holds: [{ athlete: { id: 11, name: 'Sam Rivera' }, license: 'TIGERS-2027', held_until: '2026-12-09T10:00:00Z' }],
      can_release: true,
    };
    const machine = adminHoldsMachine.provide({ actors: { load: fromPromise(async () => holds) } });
    const actor = createActor(machine, { input: { teamId: 4 } }).start();
    await setLocale('es');
    render(<HeldSeatsView actorRef={actor} />);
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 2, name: 'Plazas reservadas' })).toBeTruthy();
    expect(within(table).getByText('Atleta')).toBeTruthy();
    expect(within(table).getByText(/^Reservado hasta el 9 dic 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Liberar la plaza reservada de Sam Rivera' })).toBeTruthy();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { HouseholdAnswer, Invitation } from '../../api/household-invites.schemas';
import type { CurrentUser } from '../../api/schemas';
import { setLocale } from '../../i18n/runtime';
import { householdJoinMachine } from '../../machines/household-join.machine';
import { HouseholdJoinFlow } from './household-join-flow';

const invite: Invitation = {
  name: 'Casey Rivera',
  email: 'casey@example.com',
  relationship: 'Grandmother',
  invited_by_name: 'Pat Rivera',
  expires_at: '2027-03-09T12:00:00Z',
};

function start() {
  const machine = householdJoinMachine.provide({
    actors: {
      lookup: fromPromise(async () => ({ invite })),
      login: fromPromise(() => new Promise<CurrentUser>(() => {})),
      register: fromPromise(() => new Promise<CurrentUser>(() => {})),
      accept: fromPromise(() => new Promise<HouseholdAnswer>(() => {})),
    },
  });
  const actor = createActor(machine, { input: { token: 'tok', user: null } }).start();
  render(<HouseholdJoinFlow actorRef={actor} />);
  return actor;
}

describe('joining a household (issue 20 point 4)', () => {
  it('offers logging in or creating an account, naming who invited', async () => {
    start();
    expect(await screen.findByText('Pat Rivera invited you to share their household.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join a household');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeTruthy();
  });

  it('speaks Spanish (issue 31)', async () => {
    await setLocale('es');
    start();
    expect(await screen.findByText('Pat Rivera te invitó a compartir su familia.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unirse a una familia');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear una cuenta' })).toBeTruthy();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { StaffSession } from '../src/domain/staff';
import { t } from '../src/i18n/runtime';
import { adminJoinMachine } from '../src/machines/admin-join.machine';
import { getStaffSession } from '../src/session/staff';
import { AdminJoinForm } from '../src/views/admin/admin-join-form';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

const session: StaffSession = {
  token: 'staff-token-9',
  staff: staffFixture({
    id: 9,
    name: 'Jo Park',
    email: 'jo.park@example.com',
    organizations: [{ id: 1, name: 'Northside', role: 'registrar', teams: null }],
  }),
};

const USED = 'This invitation has already been used.';
const refused = new ApiError({ kind: 'http', status: 410, message: USED, messages: {} });
const PASSWORD = 'Password1!';

const model = defineModel({
  machine: adminJoinMachine,
  inputs: { withToken: { token: 'invite-token' }, withoutToken: {} },
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: { name: ' Jo Park ', password: PASSWORD, confirmPassword: PASSWORD } }],
    'xstate.done.actor.accept': [doneEvent('accept', session)],
    'xstate.error.actor.accept': [errorEvent('accept', refused)],
  },
  context: ['token', 'error'],
  states: {
    joining: (_snapshot, { invocations }) =>
      // The name trimmed, the password and its confirmation as typed, the link's token.
      expect(invocations.at(-1)).toMatchObject({
        id: 'accept',
        input: { token: 'invite-token', name: 'Jo Park', password: PASSWORD, password_confirmation: PASSWORD },
      }),
    joined: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin' });
      expect(getStaffSession()).toEqual(session);
    },
    'form.failed': (snapshot) => expect(snapshot.context.error).toBe(USED),
  },
});

const driver: Driver<typeof adminJoinMachine> = {
  SUBMIT: async (event, { user }) => {
    const name = screen.getByLabelText('Your name');
    await user.clear(name);
    await user.type(name, event.values.name);
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    await user.type(password, event.values.password);
    const confirm = screen.getByLabelText('Confirm Password');
    await user.clear(confirm);
    await user.type(confirm, `${event.values.confirmPassword}{Enter}`);
  },
};

runPaths({
  model,
  uiRun: {
    name: 'admin join driver',
    render: ({ actor }) => render(<AdminJoinForm actorRef={actor} />),
    driver,
    states: {
      form: () => expect(screen.getByRole('heading', { level: 1, name: 'Join your club’s console' })).toBeTruthy(),
      'form.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
      'form.failed': () => expect(screen.getByRole('alert').textContent).toBe(USED),
      noToken: () => {
        expect(screen.getByRole('alert').textContent).toBe(t('admin.noToken'));
        expect(screen.queryByLabelText('Password')).toBeNull();
      },
      joining: () => expect(screen.getByRole('button', { name: 'Join' }).hasAttribute('disabled')).toBe(true),
    },
  },
});

describe('admin join machine', () => {
  it("refuses a form without a name, with a short password or a confirmation that doesn't match", () => {
    const form = snapshotAt(model, 'form.idle');
    const ok = { name: 'Jo Park', password: PASSWORD, confirmPassword: PASSWORD };
    expect(isRefused(form, { type: 'SUBMIT', values: ok })).toBe(false);
    expect(isRefused(form, { type: 'SUBMIT', values: { ...ok, name: '  ' } })).toBe(true);
    expect(isRefused(form, { type: 'SUBMIT', values: { ...ok, password: 'short', confirmPassword: 'short' } })).toBe(
      true,
    );
    expect(isRefused(form, { type: 'SUBMIT', values: { ...ok, confirmPassword: 'Password2!' } })).toBe(true);
  });
});

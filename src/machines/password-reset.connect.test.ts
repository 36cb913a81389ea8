import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  canResetPassword,
  loginAfterResetHref,
  passwordResetView,
  requestFormView,
  resetFormStart,
  resetFormView,
} from './password-reset.connect';
import { passwordResetMachine } from './password-reset.machine';

function start(input: { token?: string; email?: string }, answer: { message: string; token: string | null }) {
  const machine = passwordResetMachine.provide({
    actors: {
      forgotPassword: fromPromise(() => new Promise<{ message: string }>(() => {})),
      resetPassword: fromPromise(async () => answer),
    },
  });
  return createActor(machine, { input }).start();
}

const values = { email: ' pat@example.com ', password: 'NewPassword1!', passwordConfirmation: 'NewPassword1!' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loginAfterResetHref', () => {
  it('links the login step with the address filled, or without one', () => {
    expect(loginAfterResetHref(' pat@example.com ')).toBe(
      '/login?password_is_reset=true&preset_email=pat%40example.com',
    );
    expect(loginAfterResetHref('  ')).toBe('/login?password_is_reset=true');
  });
});

describe('password reset view models', () => {
  it('keeps the request form on screen while it is sent, busy', () => {
    const actor = start({}, { message: '', token: null });
    expect(passwordResetView(actor.getSnapshot()).screen).toBe('request');
    actor.send({ type: 'SUBMIT', values: { email: 'pat@example.com' } });
    expect(passwordResetView(actor.getSnapshot()).screen).toBe('request');
    expect(requestFormView(actor.getSnapshot())).toEqual({ error: null, busy: true });
  });

  it('starts the reset form from the link, and takes it only when the passwords match', () => {
    const actor = start({ token: 't', email: 'pat@example.com' }, { message: '', token: null });
    const snapshot = actor.getSnapshot();
    expect(passwordResetView(snapshot).screen).toBe('reset');
    expect(resetFormStart(snapshot)).toEqual({ email: 'pat@example.com', password: '', passwordConfirmation: '' });
    expect(canResetPassword(snapshot, values)).toBe(true);
    expect(canResetPassword(snapshot, { ...values, passwordConfirmation: 'other' })).toBe(false);
  });

  it("shows the answer's message when the reset answers without a token (§8)", async () => {
    const actor = start({ token: 't', email: 'pat@example.com' }, { message: 'Link expired.', token: null });
    actor.send({ type: 'RESET_PASSWORD', values });
    await settle();
    expect(resetFormView(actor.getSnapshot())).toEqual({ error: 'Link expired.', busy: false });
  });

  it('shows the success with the log-in link for the address used, also once the flow hands over', async () => {
    const actor = start({ token: 't', email: 'old@example.com' }, { message: 'Reset.', token: 'session' });
    actor.send({ type: 'RESET_PASSWORD', values });
    await settle();
    expect(passwordResetView(actor.getSnapshot())).toEqual({
      screen: 'done',
      logInHref: '/login?password_is_reset=true&preset_email=pat%40example.com',
    });
    actor.send({ type: 'LOG_IN' });
    expect(passwordResetView(actor.getSnapshot()).screen).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      to: '/login',
      search: { password_is_reset: true, preset_email: 'pat@example.com' },
    });
  });
});

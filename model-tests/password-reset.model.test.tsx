import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { currentUserSchema } from '../src/api/schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import { passwordResetMachine } from '../src/machines/password-reset.machine';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { PasswordResetFlow } from '../src/views/password-reset/password-reset-flow';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

const EMAIL = 'pat@example.com';
const NEW_PASSWORD = 'NewPassword1!';
const TOKEN = 'reset-token-1';

const INSTRUCTIONS_SENT =
  'We have sent instructions on how to reset your password to the email address you provided. Check your inbox.';
const PASSWORD_UPDATED = 'SUCCESS! Your password has been successfully updated.';

const requestRefused = new ApiError({
  kind: 'http',
  status: 429,
  message: 'Too many password reset requests. Try again in a minute.',
});
const resetRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { password: ['The password must be at least 8 characters.'], email: [] },
});
const INVALID_TOKEN = 'This password reset link is invalid or has expired.';

// A user stored in this browser: §8 removes it only after a thrown reset error.
beforeEach(() => {
  setCurrentUser(currentUserSchema.parse(wireUser));
});

const model = defineModel({
  machine: passwordResetMachine,
  inputs: { request: {}, withToken: { token: TOKEN, email: EMAIL } },
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: { email: EMAIL } }],
    RESET_PASSWORD: [
      {
        type: 'RESET_PASSWORD',
        values: { email: EMAIL, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      },
    ],
    'xstate.done.actor.forgotPassword': [doneEvent('forgotPassword', { message: 'Reset link sent.' })],
    'xstate.error.actor.forgotPassword': [errorEvent('forgotPassword', requestRefused)],
    'xstate.done.actor.resetPassword': [
      doneEvent('resetPassword', { message: 'Your password has been reset.', token: 'session-token' }),
      doneEvent('resetPassword', { message: INVALID_TOKEN, token: null }),
    ],
    'xstate.error.actor.resetPassword': [errorEvent('resetPassword', resetRefused)],
  },
  // Two failure texts on the reset form are two situations a person can see.
  context: ['errorText'],
  states: {
    requesting: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'forgotPassword', input: EMAIL }),
    resetting: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'resetPassword',
        input: { email: EMAIL, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, token: TOKEN },
      }),
    'request.failed': (snapshot) =>
      expect(snapshot.context.errorText).toBe('Too many password reset requests. Try again in a minute.'),
    'reset.failed': (snapshot, { invocations }) => {
      const thrown = invocations.some((call) => call.id === 'resetPassword' && call.status === 'rejected');
      expect(getCurrentUser() === null).toBe(thrown);
      expect([INVALID_TOKEN, 'The password must be at least 8 characters.']).toContain(snapshot.context.errorText);
    },
    passwordReset: () => expect(getCurrentUser()).not.toBeNull(),
    toLogin: (snapshot) =>
      expect(snapshot.output).toEqual({ to: '/login', search: { password_is_reset: true, preset_email: EMAIL } }),
  },
});

const driver: Driver<typeof passwordResetMachine> = {
  SUBMIT: async (event, { user }) => {
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, event.values.email);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  },
  RESET_PASSWORD: async (event, { user }) => {
    // After a failure the form keeps what was typed; a person retyping starts from empty fields.
    for (const label of ['Email', 'Password', 'Confirm Password']) await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText('Email'), event.values.email);
    await user.type(screen.getByLabelText('Password'), event.values.password);
    // Enter submits (§2 forms).
    await user.type(screen.getByLabelText('Confirm Password'), `${event.values.passwordConfirmation}{Enter}`);
  },
  LOG_IN: async (_event, { user }) => {
    await user.click(screen.getByRole('link', { name: 'Log in with your new password' }));
  },
};

runPaths({
  model,
  uiRun: {
    name: 'password reset driver',
    render: ({ actor }) => render(<PasswordResetFlow actorRef={actor} />),
    driver,
    states: {
      'request.idle': () => {
        expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
        expect(screen.getByLabelText('Email')).toBeTruthy();
        expect(screen.queryByLabelText('Password')).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
      },
      'request.failed': () =>
        expect(screen.getByRole('alert').textContent).toBe('Too many password reset requests. Try again in a minute.'),
      requesting: () =>
        expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true),
      submitted: () => {
        expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
        expect(screen.getByRole('status').textContent).toBe(INSTRUCTIONS_SENT);
      },
      'reset.idle': () => {
        expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
        expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
        expect(screen.getByLabelText('Password')).toBeTruthy();
        expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Reset Password' })).toBeTruthy();
      },
      'reset.failed': ({ snapshot }) => expect(screen.getByRole('alert').textContent).toBe(snapshot.context.errorText),
      resetting: () =>
        expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(true),
      passwordReset: () => {
        expect(screen.getByRole('status').textContent).toBe(PASSWORD_UPDATED);
        expect(screen.getByRole('link', { name: 'Log in with your new password' }).getAttribute('href')).toBe(
          '/login?password_is_reset=true&preset_email=pat%40example.com',
        );
      },
    },
  },
});

// Issue 13 point 4: the forms' schemas (src/domain/forms/password-reset.ts) guard SUBMIT and RESET_PASSWORD.
describe('password reset machine refuses invalid forms', () => {
  it('refuses a request without an e-mail', () => {
    const request = snapshotAt(model, 'request.idle', { input: 'request' });
    expect(request.can({ type: 'SUBMIT', values: { email: EMAIL } })).toBe(true);
    expect(isRefused(request, { type: 'SUBMIT', values: { email: ' ' } })).toBe(true);
  });

  it('refuses a reset whose passwords differ or are missing', () => {
    const reset = snapshotAt(model, 'reset.idle', { input: 'withToken' });
    const values = { email: EMAIL, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };
    expect(reset.can({ type: 'RESET_PASSWORD', values })).toBe(true);
    expect(isRefused(reset, { type: 'RESET_PASSWORD', values: { ...values, passwordConfirmation: 'other' } })).toBe(
      true,
    );
    expect(isRefused(reset, { type: 'RESET_PASSWORD', values: { ...values, password: '' } })).toBe(true);
  });
});

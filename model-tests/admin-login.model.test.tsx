import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { StaffSession } from '../src/domain/staff';
import { adminLoginMachine } from '../src/machines/admin-login.machine';
import { getStaffSession } from '../src/session/staff';
import { AdminLoginForm } from '../src/views/admin/admin-login-form';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

const session: StaffSession = {
  token: 'staff-token-1',
  staff: staffFixture({
    id: 3,
    name: 'Ray Ortiz',
    email: 'ray@example.com',
    organizations: [{ id: 1, name: 'Northside', role: 'registrar', teams: null }],
  }),
};

const NO_MATCH = 'These credentials do not match our records.';
const refused = new ApiError({ kind: 'http', status: 422, message: NO_MATCH, messages: { email: [NO_MATCH] } });
const PASSWORD = 'Password1!';
// Issue 30 point 2: a second factor is on: the server asks for the code, then refuses a wrong one, both on `code`.
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
const CODE_WRONG = 'That code is not right. Check your authenticator app and try again.';
const codeAsked = new ApiError({ kind: 'http', status: 422, message: CODE_NEEDED, messages: { code: [CODE_NEEDED] } });
const codeRefused = new ApiError({ kind: 'http', status: 422, message: CODE_WRONG, messages: { code: [CODE_WRONG] } });

const model = defineModel({
  machine: adminLoginMachine,
  inputs: { plain: {}, withReturnUrl: { returnUrl: '/admin?from=guard' } },
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: { email: ' ray@example.com ', password: PASSWORD } }],
    SUBMIT_CODE: [{ type: 'SUBMIT_CODE', code: ' 123456 ' }],
    'xstate.done.actor.login': [doneEvent('login', session)],
    'xstate.error.actor.login': [
      errorEvent('login', refused),
      errorEvent('login', codeAsked),
      errorEvent('login', codeRefused),
    ],
  },
  context: ['returnUrl', 'error'],
  states: {
    loggingIn: (_snapshot, { invocations }) =>
      // The e-mail trimmed, the password as typed.
      expect(invocations.at(-1)).toMatchObject({
        id: 'login',
        input: { email: 'ray@example.com', password: PASSWORD },
      }),
    toHome: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin' });
      expect(getStaffSession()).toEqual(session);
    },
    toReturnUrl: (snapshot) => {
      expect(snapshot.output).toEqual({ href: '/admin?from=guard' });
      expect(getStaffSession()).toEqual(session);
    },
    'form.invalid': (snapshot) => expect(snapshot.context.fieldErrors).toEqual({ email: [NO_MATCH] }),
    // The code is sent with the same credentials, trimmed.
    verifying: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'login',
        input: { email: 'ray@example.com', password: PASSWORD, code: '123456' },
      }),
  },
});

const driver: Driver<typeof adminLoginMachine> = {
  SUBMIT: async (event, { user }) => {
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, event.values.email);
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    await user.type(password, `${event.values.password}{Enter}`);
  },
  SUBMIT_CODE: async (event, { user }) => {
    const code = screen.getByLabelText('Code');
    await user.clear(code);
    await user.type(code, `${event.code}{Enter}`);
  },
};

runPaths({
  model,
  uiRun: {
    name: 'admin login driver',
    render: ({ actor }) => render(<AdminLoginForm actorRef={actor} />),
    driver,
    states: {
      form: () => expect(screen.getByRole('heading', { level: 1, name: 'Staff log in' })).toBeTruthy(),
      'form.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
      'form.invalid': () => {
        expect(screen.getByRole('alert').textContent).toBe(NO_MATCH);
        // The refusal is tied to its field.
        const email = screen.getByLabelText('Email');
        expect(email.getAttribute('aria-invalid')).toBe('true');
        const describedBy = email.getAttribute('aria-describedby') ?? '';
        expect(document.getElementById(describedBy)?.textContent).toBe(NO_MATCH);
      },
      loggingIn: () => expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(true),
      'code.asked': () => {
        expect(screen.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBeNull();
      },
      'code.invalid': ({ snapshot }) => {
        const code = screen.getByLabelText('Code');
        const onCode = snapshot.context.fieldErrors.code?.[0];
        if (onCode === undefined) {
          // Another refusal (the credentials, a 429's wait) is announced above the field.
          expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error);
          return;
        }
        // The code's refusal is tied to its field.
        expect(code.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (code.getAttribute('aria-describedby') ?? '').split(' ');
        expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(onCode);
      },
      verifying: () => expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true),
    },
  },
});

describe('admin login machine', () => {
  it('refuses a form without a password or an e-mail', () => {
    const form = snapshotAt(model, 'form.idle');
    expect(isRefused(form, { type: 'SUBMIT', values: { email: 'ray@example.com', password: '' } })).toBe(true);
    expect(isRefused(form, { type: 'SUBMIT', values: { email: '  ', password: PASSWORD } })).toBe(true);
  });

  it('refuses an empty code', () => {
    const code = snapshotAt(model, 'code.asked');
    expect(isRefused(code, { type: 'SUBMIT_CODE', code: '  ' })).toBe(true);
  });
});

import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { Invitation } from '../src/api/household-invites.schemas';
import { type CurrentUser, currentUserSchema } from '../src/api/schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import type { GuardianFormValues } from '../src/domain/forms/guardian';
import { householdJoinMachine } from '../src/machines/household-join.machine';
import type { ShownText } from '../src/machines/payment-texts';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { HouseholdJoinFlow } from '../src/views/household/household-join-flow';
import { shown } from '../src/views/payment/shown-text';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

const TOKEN = 'invite-token-3f9a2c';

const invite: Invitation = {
  name: 'Casey Rivera',
  email: 'casey@example.com',
  relationship: 'Grandmother',
  invited_by_name: 'Pat Rivera',
  expires_at: '2027-03-09T12:00:00.000Z',
};

/** A guardian already logged in on this device (the link opened in their browser). */
const storedGuardian: CurrentUser = currentUserSchema.parse({
  ...wireUser,
  email: 'jamie@example.com',
  token: 'jamie-token',
});
/** The invitee's session once logged in or registered. */
const invitee: CurrentUser = currentUserSchema.parse({
  ...wireUser,
  id: 44,
  name: 'Casey Rivera',
  email: 'casey@example.com',
  license: null,
  subscription: null,
  is_new: true,
  token: 'casey-token',
});

const PASSWORD = 'Password1!';
const accountValues: GuardianFormValues = {
  firstName: 'Casey',
  lastName: 'Rivera',
  phone: '555-123-4567',
  email: 'casey@example.com',
  password: PASSWORD,
  confirmPassword: PASSWORD,
};

const EXPIRED = 'This invitation has expired.';
const NOT_VALID = 'This invitation is not valid.';
/** The flow's failure as the page shows it (its own message in English, or the server's answer as it came). */
const shownText = (value: ShownText | null) => (value === null ? null : shown(value));
const expired = new ApiError({ kind: 'http', status: 410, message: EXPIRED });
const invalidLogin = new ApiError({ kind: 'http', status: 401, message: 'Invalid login.' });
const EMAIL_TAKEN = 'The email has already been taken.';
const registerRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: EMAIL_TAKEN,
  messages: { email: [EMAIL_TAKEN] },
});
const OTHER_HOUSEHOLD = 'You are already a guardian of another household.';
const acceptRefused = new ApiError({ kind: 'http', status: 409, message: OTHER_HOUSEHOLD });

const household = {
  guardians: [
    { id: 10, name: 'Pat Rivera', email: 'parent@example.com', relationship: 'Mother', is_you: false },
    { id: 44, name: 'Casey Rivera', email: 'casey@example.com', relationship: 'Grandmother', is_you: true },
  ],
  invites: [],
};

// The session of the 'loggedIn' input (the link opened where a guardian is logged in); a visitor's paths replace it
// by logging in or registering before the accept, which is what the 'accepting' assertion checks.
beforeEach(() => {
  setCurrentUser(storedGuardian);
});

/** The invite token is never written to the browser's storage. */
function expectTokenNotStored() {
  for (const storage of [localStorage, sessionStorage]) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index) ?? '';
      expect(`${key}=${storage.getItem(key) ?? ''}`).not.toContain(TOKEN);
    }
  }
}

const model = defineModel({
  machine: householdJoinMachine,
  inputs: {
    visitor: { token: TOKEN, user: null },
    loggedIn: { token: TOKEN, user: storedGuardian },
    withoutToken: { user: null },
  },
  events: {
    LOG_IN: [{ type: 'LOG_IN' }],
    CREATE_ACCOUNT: [{ type: 'CREATE_ACCOUNT' }],
    BACK: [{ type: 'BACK' }],
    JOIN: [{ type: 'JOIN' }],
    RETRY: [{ type: 'RETRY' }],
    SEE_PAYMENTS: [{ type: 'SEE_PAYMENTS' }],
    SUBMIT_LOGIN: [{ type: 'SUBMIT_LOGIN', values: { email: ' casey@example.com ', password: PASSWORD } }],
    SUBMIT_ACCOUNT: [{ type: 'SUBMIT_ACCOUNT', values: accountValues }],
    'xstate.done.actor.lookup': [doneEvent('lookup', { invite })],
    'xstate.error.actor.lookup': [errorEvent('lookup', expired)],
    'xstate.done.actor.login': [doneEvent('login', invitee)],
    'xstate.error.actor.login': [errorEvent('login', invalidLogin)],
    'xstate.done.actor.register': [doneEvent('register', invitee)],
    'xstate.error.actor.register': [errorEvent('register', registerRefused)],
    'xstate.done.actor.accept': [doneEvent('accept', { household })],
    'xstate.error.actor.accept': [errorEvent('accept', acceptRefused)],
  },
  context: ['errorText'],
  states: {
    lookingUp: (_snapshot, { invocations }) => expect(invocations.at(-1)).toMatchObject({ id: 'lookup', input: TOKEN }),
    invalid: (snapshot) => expect([EXPIRED, NOT_VALID]).toContain(shownText(snapshot.context.errorText)),
    loggingIn: (_snapshot, { invocations }) =>
      // As the login wizard sends it: the e-mail trimmed, the password as typed.
      expect(invocations.at(-1)).toMatchObject({
        id: 'login',
        input: { email: 'casey@example.com', password: PASSWORD },
      }),
    registering: (_snapshot, { invocations }) =>
      // A guardian account without a licence: nothing to claim.
      expect(invocations.at(-1)).toEqual(
        expect.objectContaining({
          id: 'register',
          input: {
            name: 'Casey Rivera',
            email: 'casey@example.com',
            phone: '5551234567',
            username: 'casey@example.com',
            password: PASSWORD,
            password_confirmation: PASSWORD,
            do_not_claim: true,
          },
        }),
      ),
    accepting: (snapshot, { invocations }) => {
      expect(invocations.at(-1)).toMatchObject({ id: 'accept', input: TOKEN });
      // The accept carries the session just stored (logged in or registered here), or the one already stored.
      const session = snapshot.context.loggedInAs === null ? invitee : storedGuardian;
      expect(getCurrentUser()?.token).toBe(session.token);
    },
    joined: () => expectTokenNotStored(),
    toPayments: (snapshot) => expect(snapshot.output).toEqual({ to: '/payments' }),
  },
});

const driver: Driver<typeof householdJoinMachine> = {
  LOG_IN: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Log in' })),
  CREATE_ACCOUNT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Create an account' })),
  BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
  JOIN: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Join household' })),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  SEE_PAYMENTS: async (_event, { user }) => user.click(screen.getByRole('link', { name: 'See your payments' })),
  SUBMIT_LOGIN: async (event, { user }) => {
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, event.values.email);
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    // Enter submits (§2 forms).
    await user.type(password, `${event.values.password}{Enter}`);
  },
  SUBMIT_ACCOUNT: async (event, { user }) => {
    const fields: Array<[string, string]> = [
      ['First Name', event.values.firstName],
      ['Last Name', event.values.lastName],
      ['Phone', event.values.phone],
      ['Email', event.values.email],
      ['Password', event.values.password],
      ['Confirm Password', event.values.confirmPassword],
    ];
    for (const [label, value] of fields) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    }
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
  },
};

const INVITED = 'Pat Rivera invited you to share their household.';

runPaths({
  model,
  uiRun: {
    name: 'household join driver',
    render: ({ actor }) => render(<HouseholdJoinFlow actorRef={actor} />),
    driver,
    states: {
      lookingUp: () => expect(screen.getByRole('status').textContent).toBe('Looking up your invitation…'),
      invalid: ({ snapshot }) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Join a household' })).toBeTruthy();
        expect(screen.getByRole('alert').textContent).toBe(shownText(snapshot.context.errorText));
        expect(screen.queryByRole('button')).toBeNull();
      },
      'invited.choosing': () => {
        expect(screen.getByText(INVITED)).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Create an account' })).toBeTruthy();
      },
      'invited.loggedIn': () => {
        expect(screen.getByText(INVITED)).toBeTruthy();
        expect(screen.getByText('Logged in as jamie@example.com.')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
      },
      'invited.logIn': () => {
        expect(screen.getByRole('heading', { level: 2, name: 'Log in to accept' })).toBeTruthy();
        expect(screen.getByText(INVITED)).toBeTruthy();
      },
      'invited.logIn.idle': () => {
        // The invite's address is filled in.
        expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('casey@example.com');
        expect(screen.queryByRole('alert')).toBeNull();
      },
      'invited.logIn.invalid': () => expect(screen.getByRole('alert').textContent).toBe('Invalid login.'),
      'invited.createAccount': () =>
        expect(screen.getByRole('heading', { level: 2, name: 'Create your guardian account' })).toBeTruthy(),
      'invited.createAccount.idle': () =>
        expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('casey@example.com'),
      'invited.createAccount.failed': () => expect(screen.getByRole('alert').textContent).toBe(EMAIL_TAKEN),
      loggingIn: () =>
        expect((screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement).disabled).toBe(true),
      registering: () =>
        expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(true),
      accepting: () => expect(screen.getByRole('status').textContent).toBe('Joining the household…'),
      acceptFailed: () => expect(screen.getByRole('alert').textContent).toBe(OTHER_HOUSEHOLD),
      joined: () => {
        expect(screen.getByRole('status').textContent).toBe("You now share Pat Rivera's household.");
        expect(screen.getByRole('link', { name: 'See your payments' }).getAttribute('href')).toBe('/payments');
      },
    },
  },
});

describe('household join machine refuses incomplete forms', () => {
  it('refuses a login without a password', () => {
    const form = snapshotAt(model, 'invited.logIn.idle');
    expect(form.can({ type: 'SUBMIT_LOGIN', values: { email: 'casey@example.com', password: PASSWORD } })).toBe(true);
    expect(isRefused(form, { type: 'SUBMIT_LOGIN', values: { email: 'casey@example.com', password: '' } })).toBe(true);
  });

  it("refuses an account the register wizard's guardian form refuses", () => {
    const form = snapshotAt(model, 'invited.createAccount.idle');
    expect(form.can({ type: 'SUBMIT_ACCOUNT', values: accountValues })).toBe(true);
    expect(isRefused(form, { type: 'SUBMIT_ACCOUNT', values: { ...accountValues, phone: '555' } })).toBe(true);
    expect(isRefused(form, { type: 'SUBMIT_ACCOUNT', values: { ...accountValues, confirmPassword: 'other' } })).toBe(
      true,
    );
  });

  it('offers no way in after a link without a token', () => {
    const invalid = snapshotAt(model, 'invalid', { input: 'withoutToken' });
    expect(shownText(invalid.context.errorText)).toBe(NOT_VALID);
    for (const type of ['LOG_IN', 'CREATE_ACCOUNT', 'JOIN', 'RETRY'] as const)
      expect(isRefused(invalid, { type })).toBe(true);
  });
});

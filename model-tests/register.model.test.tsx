import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuardianFormValues } from '../src/domain/forms/guardian';
import type { registerMachine } from '../src/machines/register.machine';
import { setCurrentUser } from '../src/session/current-user';
import { RegisterFlow } from '../src/views/register/register-flow';
import { expectButton, guardian } from './athlete-steps.fixtures.ts';
import { athleteStepsViews } from './athlete-steps.views.ts';
import { type Driver, isRefused, runPaths, snapshotAt, type UiRun } from './harness/index.ts';
import { registerEntriesModel, registerModel, typedGuardian, typedGuardianValues } from './register.model.ts';

// The longest paths fill the guardian and create-athlete forms through the views.
vi.setConfig({ testTimeout: 20_000 });

// The user stored on this device; the inputs that open with a user name the same one. (Here, not in
// register.model.ts: the model is also loaded outside vitest, by npm run paths:to.)
beforeEach(() => {
  setCurrentUser(guardian);
});

const driver: Driver<typeof registerMachine> = {
  SUBMIT: async (_event, { user }) => {
    const fill = async (label: string, text: string) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await fill('First Name', typedGuardian.firstName);
    await fill('Last Name', typedGuardian.lastName);
    await fill('Email', typedGuardian.email);
    // Password fields exist only while creating the account (§2).
    if (screen.queryByLabelText('Password')) {
      await fill('Password', typedGuardian.password);
      await fill('Confirm Password', typedGuardian.password);
    }
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    // Digits only: the field applies the 000-000-0000 mask (§5); Enter submits.
    await user.type(phone, `${typedGuardian.phone}{Enter}`);
  },
  LOG_IN: async (_event, { user }) => user.click(screen.getByRole('link', { name: 'Log in here.' })),
  BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
  // The athlete steps' code could not be fetched: 'Try again'.
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
};

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

const uiRun: UiRun<typeof registerMachine> = {
  name: 'register driver',
  render: ({ actor }) => render(<RegisterFlow actorRef={actor} />),
  driver,
  children: { athleteSteps: athleteStepsViews },
  states: {
    // The athlete steps' code loading: 'Loading…' (the page preloads it, so usually nothing to see).
    'athleteSteps.loading': () => {
      expect(screen.getByText('Loading…')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    // §8: their code could not be fetched: the network error and 'Try again'.
    'athleteSteps.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach the server. Check your connection and try again.',
      );
      expectButton('Try again', true);
    },
    guardianAccount: ({ snapshot }) => {
      const editing = snapshot.context.account !== null;
      const heading = editing ? 'Edit your Account' : 'Create your Primary Guardian account';
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
      for (const label of ['First Name', 'Last Name', 'Phone', 'Email'])
        expect(screen.getByLabelText(label)).toBeTruthy();
      // §2: passwords only when creating.
      expect(screen.queryByLabelText('Password') !== null).toBe(!editing);
      expect(screen.queryByLabelText('Confirm Password') !== null).toBe(!editing);
      expectButton('Back', true);
    },
    'guardianAccount.form.idle': ({ snapshot }) => {
      expect(screen.queryByRole('alert')).toBeNull();
      if (snapshot.context.account === null) {
        // §2: preset_email pre-fills the e-mail; 'Next' waits for §5.
        expect(value('Email')).toBe(snapshot.context.presetEmail ?? '');
        expectButton('Next', false);
      } else {
        // 'Edit your Account' starts from the account, phone masked (§5).
        expect([value('First Name'), value('Last Name'), value('Phone'), value('Email')]).toEqual([
          'Pat',
          'Rivera',
          snapshot.context.account.phone === '5551234567' ? '555-123-4567' : '555-555-0100',
          snapshot.context.account.email,
        ]);
        expectButton('Next', true);
      }
    },
    'guardianAccount.form.accountExists': ({ snapshot }) => {
      expect(screen.getByRole('alert').textContent).toBe('That account already exists. Log in here.');
      expect(screen.getByRole('link', { name: 'Log in here.' }).getAttribute('href')).toBe(
        `/login?step=2&license=${snapshot.context.license}&is_team_license=true&preset_email=pat.rivera%40example.com`,
      );
    },
    'guardianAccount.form.invalidOrganization': () =>
      expect(screen.getByRole('alert').textContent).toBe('Sorry, this organization is not valid.'),
    'guardianAccount.form.invalidCoupon': () =>
      expect(screen.getByRole('alert').textContent).toBe('Sorry, this coupon is not valid.'),
    'guardianAccount.form.failed': ({ snapshot }) => {
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error);
      expect(['Server error.', 'The email has already been taken.']).toContain(snapshot.context.error);
      // What the person typed stays, masked.
      expect(value('Phone')).toBe('555-123-4567');
    },
  },
};

runPaths({ model: registerModel, uiRun, uiPaths: 'covering' });
runPaths({ model: registerEntriesModel, uiRun, strategy: 'shortest' });

// Issue 13 point 4: the guardian form's schema (src/domain/forms/guardian.ts) guards SUBMIT in the machine itself.
describe('register machine refuses an invalid guardian form', () => {
  const creating = snapshotAt(registerEntriesModel, 'guardianAccount.form.idle', { input: 'plain' });
  const editing = snapshotAt(registerEntriesModel, (snapshot) => snapshot.matches('guardianAccount'), {
    input: 'athleteStep',
  });
  const submit = (change: Partial<GuardianFormValues>) => ({
    type: 'SUBMIT' as const,
    values: { ...typedGuardianValues, ...change },
  });

  it('takes the form as the driver fills it, creating and editing', () => {
    expect(creating.can(submit({}))).toBe(true);
    expect(editing.context.account).not.toBeNull();
    expect(editing.can(submit({ password: '', confirmPassword: '' }))).toBe(true);
  });

  it.each([
    ['a password shorter than 8 characters', { password: 'Short1!', confirmPassword: 'Short1!' }],
    ['a confirmation that does not match', { confirmPassword: 'Password2!' }],
    ['no confirmation', { confirmPassword: '' }],
    ['a 9-digit phone', { phone: '555-123-456' }],
    ['a last name that cleans to nothing', { lastName: '!!' }],
    ['no e-mail', { email: ' ' }],
  ] satisfies [string, Partial<GuardianFormValues>][])('refuses creating an account with %s', (_label, change) => {
    expect(isRefused(creating, submit(change))).toBe(true);
  });

  it('refuses an account update without a first name', () => {
    expect(isRefused(editing, submit({ firstName: '' }))).toBe(true);
  });
});

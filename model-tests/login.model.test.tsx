import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { loginMachine } from '../src/machines/login.machine';
import { setCurrentUser } from '../src/session/current-user';
import { LoginFlow } from '../src/views/login/login-flow';
import { expectButton } from './athlete-steps.fixtures.ts';
import { athleteStepsViews } from './athlete-steps.views.ts';
import { type Driver, isRefused, runPaths, snapshotAt, type UiRun } from './harness/index.ts';
import { earlierUser, loginCreateStepModel, loginModel } from './login.model.ts';

// The longest paths fill the create-athlete form twice through the views.
vi.setConfig({ testTimeout: 20_000 });

// Someone logged in on this device before the wizard opened. (Here, not in login.model.ts: the model is also loaded
// outside vitest, by npm run paths:to.)
beforeEach(() => {
  setCurrentUser(earlierUser);
});

const driver: Driver<typeof loginMachine> = {
  YES: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Yes' })),
  NO: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'No' })),
  SUBMIT: async (event, { user }) => {
    const email = screen.getByLabelText('Guardian Email');
    await user.clear(email);
    await user.type(email, event.values.email);
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    await user.type(password, `${event.values.password}{Enter}`);
  },
  FORGOT_PASSWORD: async (_event, { user }) => user.click(screen.getByRole('link', { name: 'Forgot password' })),
  BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
  // The athlete steps' code could not be fetched: 'Try again'.
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
};

const uiRun: UiRun<typeof loginMachine> = {
  name: 'login driver',
  render: ({ actor }) => render(<LoginFlow actorRef={actor} />),
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
    welcome: () => {
      expect(screen.getByRole('heading', { name: 'Already have a Diamond Academy App account?' })).toBeTruthy();
      expectButton('Yes', true);
      expectButton('No', true);
    },
    tokenLogin: () => expect(screen.getByRole('heading', { name: 'Logging you in' })).toBeTruthy(),
    guardianLogin: ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Guardian Login' })).toBeTruthy();
      expect((screen.getByLabelText('Guardian Email') as HTMLInputElement).type).toBe('email');
      expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
      expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe('/resetpwd/forgot');
      // The machine refuses a login with an empty field (src/domain/forms/login.ts), so the button waits for both.
      const filled = ['Guardian Email', 'Password'].every(
        (label) => (screen.getByLabelText(label) as HTMLInputElement).value.trim() !== '',
      );
      expectButton('Log In', !snapshot.hasTag('busy') && filled);
      expectButton('Back', true);
    },
    'guardianLogin.form.idle': ({ snapshot }) => {
      // §2: preset_email pre-fills the e-mail.
      expect((screen.getByLabelText('Guardian Email') as HTMLInputElement).value).toBe(
        snapshot.context.presetEmail ?? '',
      );
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'guardianLogin.form.invalid': () =>
      expect(screen.getByRole('alert').textContent).toBe('Invalid login.\nThese credentials do not match our records.'),
    'guardianLogin.form.tokenInvalid': () =>
      expect(screen.getByRole('alert').textContent).toBe('The authentication token was invalid.'),
  },
};

runPaths({ model: loginModel, uiRun, uiPaths: 'covering' });
runPaths({ model: loginCreateStepModel, uiRun, strategy: 'shortest' });

// Issue 13 point 4: the login schema (src/domain/forms/login.ts) guards SUBMIT in the machine itself.
describe('login machine refuses an incomplete login form', () => {
  const form = snapshotAt(loginModel, 'guardianLogin.form.idle', { input: 'plain' });
  const submit = (email: string, password: string) => ({ type: 'SUBMIT' as const, values: { email, password } });

  it('takes both fields filled, and refuses an empty one', () => {
    expect(form.can(submit('parent@example.com', 'Password1!'))).toBe(true);
    expect(isRefused(form, submit('parent@example.com', ''))).toBe(true);
    expect(isRefused(form, submit('  ', 'Password1!'))).toBe(true);
  });
});

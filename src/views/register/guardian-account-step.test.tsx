import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PASSWORD_CONFIRMATION_MISMATCH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../domain/forms/password';
import { setLocale, t } from '../../i18n/runtime';
import { registerMachine } from '../../machines/register.machine';
import { RegisterFlow } from './register-flow';

function atStepOne() {
  const actor = createActor(registerMachine, { input: { license: 'TIGERS-2027', user: null } });
  actor.start();
  render(<RegisterFlow actorRef={actor} />);
  return actor;
}

function describedBy(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('the guardian form shows the server password rules before submit (issue 13 point 4)', () => {
  it('ties the rules to the password fields before anything is typed', () => {
    atStepOne();
    expect(describedBy('Password')).toBe('At least 8 characters.');
    expect(describedBy('Confirm Password')).toBe('Must match the password.');
    expect(t('common.passwordHint', { min: PASSWORD_MIN_LENGTH })).toBe('At least 8 characters.');
  });

  it('shows and announces a short password and a confirmation that does not match, and keeps Next disabled', async () => {
    atStepOne();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'shorter');
    expect(describedBy('Password')).toContain(t(PASSWORD_TOO_SHORT));
    expect(describedBy('Confirm Password')).toContain(t(PASSWORD_CONFIRMATION_MISMATCH));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe(`${t(PASSWORD_TOO_SHORT)} ${t(PASSWORD_CONFIRMATION_MISMATCH)}`);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('register step 1 in Spanish (issue 31)', () => {
  it('shows the heading, the fields and Next in Spanish', async () => {
    await setLocale('es');
    atStepOne();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Crea tu cuenta de tutor principal');
    for (const label of ['Nombre', 'Apellido', 'Teléfono', 'Correo electrónico']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { setLocale } from '../../i18n/runtime';
import { passwordResetMachine } from '../../machines/password-reset.machine';
import { PasswordResetFlow } from './password-reset-flow';

describe('the forgotten-password forms in Spanish (issue 31)', () => {
  it('shows the request form in Spanish', async () => {
    await setLocale('es');
    render(<PasswordResetFlow actorRef={createActor(passwordResetMachine, { input: {} }).start()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('¿Olvidaste tu contraseña?');
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('shows the reset form in Spanish', async () => {
    await setLocale('es');
    const actor = createActor(passwordResetMachine, { input: { token: 'tok', email: 'pat@example.com' } }).start();
    render(<PasswordResetFlow actorRef={actor} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Restablece tu contraseña');
    expect(screen.getByLabelText('Confirmar contraseña')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restablecer contraseña' })).toBeTruthy();
  });
});

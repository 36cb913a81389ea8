import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { config } from '../../config';
import { setLocale } from '../../i18n/runtime';
import { loginMachine } from '../../machines/login.machine';
import { LoginFlow } from './login-flow';

describe('the login wizard in Spanish (issue 31)', () => {
  it('asks its first question and shows the guardian login with the glossary’s words', async () => {
    await setLocale('es');
    const actor = createActor(loginMachine, { input: { user: null } }).start();
    render(<LoginFlow actorRef={actor} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      `¿Ya tienes una cuenta de la app de ${config.clientName}?`,
    );
    expect(screen.getByRole('button', { name: 'Sí' })).toBeTruthy();
    act(() => actor.send({ type: 'YES' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inicio de sesión del tutor');
    expect(screen.getByLabelText('Correo electrónico del tutor')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('switches language in place, keeping what was typed', async () => {
    const actor = createActor(loginMachine, {
      input: { user: null, step: 2, preset_email: 'pat@example.com' },
    }).start();
    render(<LoginFlow actorRef={actor} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Guardian Login');
    await act(() => setLocale('es'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Inicio de sesión del tutor');
    expect(screen.getByLabelText<HTMLInputElement>('Correo electrónico del tutor').value).toBe('pat@example.com');
  });
});

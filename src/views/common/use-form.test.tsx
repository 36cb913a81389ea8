import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { type LoginFormValues, loginSchema } from '../../domain/forms/login';
import { setLocale } from '../../i18n/runtime';
import { TextField } from './field';
import { formText, useForm } from './use-form';

const validate = z.object({ name: z.string().check(z.refine((v) => v !== '', 'Name is required.')) });

describe('useForm', () => {
  it('hides an error until the field is touched, dirty or a submit is attempted', () => {
    const { result } = renderHook(() => useForm({ name: '' }, validate));
    expect(result.current.isValid).toBe(false);
    expect(result.current.bind('name').error).toBeUndefined();
    act(() => result.current.bind('name').onBlur());
    expect(result.current.bind('name').error).toBe('Name is required.');
  });

  it('shows errors after a submit attempt and clears them when valid', () => {
    const { result } = renderHook(() => useForm({ name: '' }, validate));
    act(() => {
      expect(result.current.attemptSubmit()).toBe(false);
    });
    expect(result.current.visibleError('name')).toBe('Name is required.');
    act(() => result.current.set('name', 'Sam'));
    expect(result.current.isValid).toBe(true);
    expect(result.current.visibleError('name')).toBeUndefined();
  });

  it("takes a form's zod/mini schema: its first message per field, and validity", () => {
    const schema = z.object({
      code: z.string().check(
        z.refine((v) => v !== '', 'Code is required.'),
        z.refine((v) => v === '' || v.length === 2, 'Use two letters.'),
      ),
    });
    const { result } = renderHook(() => useForm({ code: '' }, schema));
    expect(result.current.errors).toEqual({ code: 'Code is required.' });
    act(() => result.current.set('code', 'ABC'));
    expect(result.current.visibleError('code')).toBe('Use two letters.');
    act(() => result.current.set('code', 'CA'));
    expect(result.current.isValid).toBe(true);
  });
});

/** The guardian login's fields under the login schema (src/domain/forms/login.ts), as a view binds them. */
function LoginFields() {
  const form = useForm<LoginFormValues>({ email: '', password: '' }, loginSchema);
  return (
    <>
      <TextField label="email" {...form.bind('email')} />
      <TextField label="password" type="password" {...form.bind('password')} />
    </>
  );
}

const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return document.getElementById(ids)?.textContent;
};

describe("the forms' validation messages in the language in use (issue 31)", () => {
  it('holds keys, and gives their text where the view shows them', () => {
    const { result } = renderHook(() => useForm<LoginFormValues>({ email: '', password: '' }, loginSchema));
    expect(result.current.errors).toEqual({ email: 'form.emailRequired', password: 'form.passwordRequired' });
    act(() => result.current.attemptSubmit());
    expect(result.current.bind('email').error).toBe('Email is required.');
    expect(formText('form.passwordRequired')).toBe('Password is required.');
    // A schema's message that is no key yet (an English string) shows as it is.
    expect(formText('Enter the English waiver first.')).toBe('Enter the English waiver first.');
  });

  it('shows a validation message in Spanish on the Spanish site', async () => {
    await setLocale('es');
    render(<LoginFields />);
    await userEvent.setup().click(screen.getByLabelText('email'));
    await userEvent.setup().tab();
    expect(errorOf('email')).toBe('El correo electrónico es obligatorio.');
  });

  it('re-renders a shown error in the new language when the language switches, keeping what was typed', async () => {
    render(<LoginFields />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('password'), 'x');
    await user.clear(screen.getByLabelText('password'));
    expect(errorOf('password')).toBe('Password is required.');
    await act(() => setLocale('es'));
    expect(errorOf('password')).toBe('La contraseña es obligatoria.');
    await act(() => setLocale('en'));
    expect(errorOf('password')).toBe('Password is required.');
  });
});

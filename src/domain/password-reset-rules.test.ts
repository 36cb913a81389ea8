import { describe, expect, it } from 'vitest';
import {
  CONFIRM_PASSWORD_REQUIRED,
  EMAIL_REQUIRED,
  isPasswordResetValid,
  isResetRequestValid,
  PASSWORD_REQUIRED,
  PASSWORDS_DIFFER,
  passwordResetErrors,
  resetRequestErrors,
} from './password-reset-rules.ts';

describe('request form rules', () => {
  it.each(['', '   '])('needs an e-mail (%j)', (email) => {
    expect(resetRequestErrors({ email })).toEqual({ email: EMAIL_REQUIRED });
    expect(isResetRequestValid({ email })).toBe(false);
  });

  it('accepts any filled e-mail and leaves its checking to the server', () => {
    expect(resetRequestErrors({ email: 'pat@example.com' })).toEqual({});
    expect(isResetRequestValid({ email: 'pat@example.com' })).toBe(true);
  });
});

describe('reset form rules', () => {
  const filled = { email: 'pat@example.com', password: 'NewPassword1!', passwordConfirmation: 'NewPassword1!' };

  it('accepts a filled form whose passwords agree', () => {
    expect(passwordResetErrors(filled)).toEqual({});
    expect(isPasswordResetValid(filled)).toBe(true);
  });

  it('names every missing field', () => {
    expect(passwordResetErrors({ email: ' ', password: '', passwordConfirmation: '' })).toEqual({
      email: EMAIL_REQUIRED,
      password: PASSWORD_REQUIRED,
      passwordConfirmation: CONFIRM_PASSWORD_REQUIRED,
    });
  });

  it('refuses passwords that differ, on the confirmation field', () => {
    const errors = passwordResetErrors({ ...filled, passwordConfirmation: 'NewPassword1' });
    expect(errors).toEqual({ passwordConfirmation: PASSWORDS_DIFFER });
    expect(isPasswordResetValid({ ...filled, passwordConfirmation: 'NewPassword1' })).toBe(false);
  });

  it('does not report a mismatch while the password itself is missing', () => {
    expect(passwordResetErrors({ ...filled, password: '' })).toEqual({ password: PASSWORD_REQUIRED });
  });

  it('keeps spaces as part of a password', () => {
    expect(isPasswordResetValid({ ...filled, password: ' a b ', passwordConfirmation: ' a b ' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { OPTIONAL_PHONE_INCOMPLETE as INCOMPLETE } from './create-athlete.ts';
import { hasPhoneDigits, optionalPhone, PHONE_CHARACTERS_INVALID, PHONE_MAX_LENGTH, PHONE_TOO_LONG } from './phone.ts';

const verdict = (text: string) => {
  const result = z.safeParse(optionalPhone(INCOMPLETE), text);
  return result.success ? 'ok' : result.error.issues.map((issue) => issue.message);
};

describe('optionalPhone (the server rules of an account phone, issue 19 point 3)', () => {
  it('accepts nothing, a full number and the allowed characters, judged trimmed', () => {
    expect(['', '   ', '555-123-4567', '+1 (555) 123.4567', '  5551234567  '].map(verdict)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('refuses too few digits, letters and other characters, and more than 32 characters', () => {
    expect(verdict('555-123')).toEqual([INCOMPLETE]);
    expect(verdict('--')).toEqual([INCOMPLETE]);
    expect(verdict('555-123-4567 ext')).toEqual([PHONE_CHARACTERS_INVALID]);
    expect(verdict('555_123_4567')).toEqual([PHONE_CHARACTERS_INVALID]);
    expect(verdict('5'.repeat(PHONE_MAX_LENGTH))).toBe('ok');
    expect(verdict('5'.repeat(PHONE_MAX_LENGTH + 1))).toEqual([PHONE_TOO_LONG]);
  });

  it('counts every digit, as the server does', () => {
    expect([hasPhoneDigits('123456789'), hasPhoneDigits('1234567890'), hasPhoneDigits(' ')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { flag, returnPath, text, wholeNumber } from './search-params';

const schema = z.object({ license: text, coach: flag, step: wholeNumber(1, 4), returnUrl: returnPath });

describe('search params', () => {
  it('reads the forms TanStack Router produces', () => {
    expect(schema.parse({ license: 123, coach: 1, step: 2, returnUrl: '/dashboard?x=1' })).toEqual({
      license: '123',
      coach: true,
      step: 2,
      returnUrl: '/dashboard?x=1',
    });
    expect(schema.parse({ license: ' TIGERS-2027 ', coach: 'false', step: '3' })).toMatchObject({
      license: 'TIGERS-2027',
      coach: false,
      step: 3,
    });
  });

  it('drops unreadable values instead of failing', () => {
    expect(schema.parse({ license: {}, coach: 'maybe', step: 9, returnUrl: 'https://evil.example' })).toEqual({
      license: undefined,
      coach: undefined,
      step: undefined,
      returnUrl: undefined,
    });
    expect(schema.parse({ license: '', returnUrl: '//evil.example' })).toMatchObject({
      license: undefined,
      returnUrl: undefined,
    });
  });
});

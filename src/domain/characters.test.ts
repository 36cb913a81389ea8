import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { characterCount, maxCharacters } from './characters.ts';

describe('characters as a person counts them', () => {
  it('counts an emoji or an accented letter once', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('Ayuda, por favor')).toBe(16);
    expect(characterCount('niño')).toBe(4);
    expect('😀'.length).toBe(2);
    expect(characterCount('😀')).toBe(1);
    expect(characterCount('⚾😀🧢')).toBe(3);
  });

  it('maxCharacters takes exactly the limit in emoji and refuses one more', () => {
    const schema = z.string().check(z.trim(), maxCharacters(3, 'too long'));
    expect(schema.safeParse(' 😀😀😀 ').success).toBe(true);
    expect(schema.safeParse('😀😀😀😀').error?.issues[0]?.message).toBe('too long');
  });
});

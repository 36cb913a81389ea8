import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName, displayName, joinName, titleCase } from './names.ts';

const nameText = fc.string({ unit: 'grapheme', maxLength: 40 });
const nameTextAscii = fc.string({ unit: 'binary-ascii', maxLength: 40 });

describe('cleanName (§5)', () => {
  it('removes punctuation, collapses whitespace and trims', () => {
    expect(cleanName('  Sam   Rivera  ')).toBe('Sam Rivera');
    expect(cleanName("O'Brien")).toBe('OBrien');
    expect(cleanName('Ann-Marie, Jr.')).toBe('AnnMarie Jr');
    expect(cleanName('\tJosé\n  Núñez!')).toBe('José Núñez');
    expect(cleanName('!!!')).toBe('');
    expect(cleanName('a . b')).toBe('a b');
  });

  it('leaves no punctuation, no doubled or edge whitespace, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(nameText, nameTextAscii), (text) => {
        const cleaned = cleanName(text);
        expect(cleaned).not.toMatch(/[\p{P}\p{S}]/u);
        expect(cleaned).not.toMatch(/\s\s/u);
        expect(cleaned).toBe(cleaned.trim());
        expect(cleanName(cleaned)).toBe(cleaned);
      }),
    );
  });
});

describe('joinName (§5)', () => {
  it('joins the cleaned first and last names', () => {
    expect(joinName(' Sam ', 'Rivera.')).toBe('Sam Rivera');
    expect(joinName('Mary  Ann', "O'Neil")).toBe('Mary Ann ONeil');
  });

  it('is null unless both parts are present after cleaning', () => {
    expect(joinName('', 'Rivera')).toBeNull();
    expect(joinName('Sam', '   ')).toBeNull();
    expect(joinName('...', 'Rivera')).toBeNull();
  });

  it('is null exactly when a cleaned part is empty, else the two parts with one space', () => {
    fc.assert(
      fc.property(fc.oneof(nameText, nameTextAscii), fc.oneof(nameText, nameTextAscii), (first, last) => {
        const joined = joinName(first, last);
        if (cleanName(first) === '' || cleanName(last) === '') {
          expect(joined).toBeNull();
        } else {
          expect(joined).toBe(`${cleanName(first)} ${cleanName(last)}`);
        }
      }),
    );
  });
});

describe('titleCase (§5)', () => {
  it('capitalizes each word and lowers the rest', () => {
    expect(titleCase('sam rivera')).toBe('Sam Rivera');
    expect(titleCase('SAM RIVERA')).toBe('Sam Rivera');
    expect(titleCase('step-mother')).toBe('Step-Mother');
    expect(titleCase('great  aunt')).toBe('Great  Aunt');
    expect(titleCase('élodie')).toBe('Élodie');
    expect(titleCase('')).toBe('');
  });

  it('is idempotent and keeps the length of ASCII text', () => {
    fc.assert(
      fc.property(nameTextAscii, (text) => {
        const titled = titleCase(text);
        expect(titleCase(titled)).toBe(titled);
        expect(titled.toLowerCase()).toBe(text.toLowerCase());
      }),
    );
  });

  it('displays names cleaned and title-cased', () => {
    expect(displayName('  alex   RIVERA! ')).toBe('Alex Rivera');
  });
});

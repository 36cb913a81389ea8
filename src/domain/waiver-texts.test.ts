import { describe, expect, it } from 'vitest';
import { agreedWaiverLanguage, spanishWaiverChange, waiverEsField, waiverTextFor } from './waiver-texts';

const texts = { waiver: 'Club rules.', waiverEs: 'Normas del club.' };

describe('which waiver text a family reads and agrees to (issue 31 point 4)', () => {
  it('Spanish pages: the Spanish text when there is one, else the English; English pages: the English', () => {
    expect(waiverTextFor(texts, 'es')).toEqual({ text: 'Normas del club.', language: 'es' });
    expect(waiverTextFor({ ...texts, waiverEs: null }, 'es')).toEqual({ text: 'Club rules.', language: 'en' });
    expect(waiverTextFor({ ...texts, waiverEs: '  ' }, 'es')?.language).toBe('en');
    expect(waiverTextFor(texts, 'en')).toEqual({ text: 'Club rules.', language: 'en' });
  });

  it('no English waiver is no waiver, whatever the Spanish text', () => {
    expect(waiverTextFor({ waiver: null, waiverEs: 'Normas del club.' }, 'es')).toBeNull();
    expect(agreedWaiverLanguage({ waiver: ' ', waiverEs: null }, 'en')).toBeNull();
    expect(agreedWaiverLanguage(texts, 'es')).toBe('es');
  });

  it("the answers' field only when there is a Spanish text; a save's change of it", () => {
    expect(waiverEsField(null)).toEqual({});
    expect(waiverEsField('')).toEqual({});
    expect(waiverEsField('Normas.')).toEqual({ waiver_es: 'Normas.' });
    expect(spanishWaiverChange({ waiver: 'Rules.' })).toEqual({});
    expect(spanishWaiverChange({ waiver: 'Rules.', waiver_es: 'Normas.' })).toEqual({ waiverEs: 'Normas.' });
    expect(spanishWaiverChange({ waiver: 'Rules.', waiver_es: null })).toEqual({ waiverEs: null });
    expect(spanishWaiverChange({ waiver: null })).toEqual({ waiverEs: null });
    expect(spanishWaiverChange({ waiver_es: '' })).toEqual({ waiverEs: null });
  });
});

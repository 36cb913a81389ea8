import { describe, expect, it } from 'vitest';
import { acceptedLanguages, cookieLocale, detectLocale, rememberedLocale } from './detect';

describe('the language a page opens in: the sources the server reads too (issue 31 point 1)', () => {
  const none = { search: '', account: null, device: null, browser: [] };

  it('remembers a link, the account, the device, then the cookie; the browser languages are not a choice', () => {
    expect(rememberedLocale({ ...none, search: '?lang=es', account: 'en' })).toBe('es');
    expect(rememberedLocale({ ...none, account: 'es', device: 'en', cookie: 'en' })).toBe('es');
    expect(rememberedLocale({ ...none, device: 'en', cookie: 'es' })).toBe('en');
    expect(rememberedLocale({ ...none, cookie: 'es', browser: ['en'] })).toBe('es');
    expect(rememberedLocale({ ...none, device: 'fr', browser: ['es'] })).toBeNull();
    expect(detectLocale({ ...none, cookie: 'es', browser: ['en-US'] })).toBe('es');
    expect(detectLocale({ ...none, cookie: 'xx', browser: ['en-US'] })).toBe('en');
  });

  it('reads the language cookie among others, and only a language the site has', () => {
    expect(cookieLocale('a=1; diamond-language=es; b=2')).toBe('es');
    expect(cookieLocale('diamond-language=en')).toBe('en');
    expect(cookieLocale('diamond-language=fr')).toBeNull();
    expect(cookieLocale('x-diamond-language=es')).toBeNull();
    expect(cookieLocale('')).toBeNull();
    expect(cookieLocale(undefined)).toBeNull();
  });

  it('reads Accept-Language as the browser lists its languages: by q-value, in order among equals, none refused', () => {
    expect(acceptedLanguages('es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['es-MX', 'es', 'en-US', 'en']);
    expect(acceptedLanguages('en;q=0.5, es, fr;q=0.5')).toEqual(['es', 'en', 'fr']);
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('*, es;q=0.1')).toEqual(['es']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(` ,;q=1,${'x,'.repeat(2000)}`).length).toBeLessThan(600);
  });
});

import { describe, expect, it } from 'vitest';
import { browserLocale, detectLocale, linkedLocale } from './detect';
import { currentLocale, intlLocale, setLocale, t, text } from './runtime';

describe('the message catalogue at run time', () => {
  it('formats a text with its parameters and plurals in the language in use', async () => {
    expect(t('licence.welcome', { client_name: 'Diamond' })).toBe('Welcome to Diamond');
    expect(t('licence.available', { count: 1 })).toBe('1 license available');
    expect(t('licence.available', { count: 3 })).toBe('3 licenses available');
    await setLocale('es');
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(intlLocale()).toBe('es-US');
    expect(t('licence.welcome', { client_name: 'Diamond' })).toBe('Te damos la bienvenida a Diamond');
    expect(t('licence.available', { count: 1 })).toBe('1 licencia disponible');
    expect(text({ key: 'common.yes' })).toBe('Sí');
  });
});

describe('the language a page opens in', () => {
  const none = { search: '', account: null, device: null, browser: [] };

  it('takes a lang link first, then the account, the device, the browser, else English', () => {
    expect(detectLocale({ search: '?lang=es', account: 'en', device: 'en', browser: ['en-US'] })).toBe('es');
    expect(detectLocale({ ...none, search: '?lang=fr', account: 'es' })).toBe('es');
    expect(detectLocale({ ...none, account: 'en', device: 'es' })).toBe('en');
    expect(detectLocale({ ...none, device: 'es', browser: ['en-US'] })).toBe('es');
    expect(detectLocale({ ...none, browser: ['fr-FR', 'es-MX', 'en'] })).toBe('es');
    expect(detectLocale({ ...none, browser: ['fr-FR'] })).toBe('en');
    expect(detectLocale(none)).toBe('en');
  });

  it('reads only languages it has', () => {
    expect(linkedLocale('?license=X&lang=en')).toBe('en');
    expect(linkedLocale('?lang=ES')).toBeNull();
    expect(browserLocale(['ES-us'])).toBe('es');
    expect(browserLocale(['pt-BR'])).toBeNull();
  });
});

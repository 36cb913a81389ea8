import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserSchema } from '../api/schemas';
import { currentUser as wireCurrentUser } from '../api/wire-samples';
import { cookieLocale, LANGUAGE_COOKIE } from '../i18n/detect';
import { currentLocale } from '../i18n/runtime';
import { setCurrentUser } from '../session/current-user';
import { readDeviceLanguage, rememberDeviceLanguage } from '../session/language';
import { chooseLanguage, followAccountLanguage, rememberLanguage, startLanguage } from './language';

const cookie = () => cookieLocale(document.cookie);
const setCookie = (locale: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: a cookie as the site writes it (src/routes/language.ts).
  document.cookie = `${LANGUAGE_COOKIE}=${locale};path=/`;
};
const browser = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
const at = (url: string) => window.history.replaceState(null, '', url);

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie removed, as a browser's privacy settings may do.
  document.cookie = `${LANGUAGE_COOKIE}=;path=/;max-age=0`;
  vi.restoreAllMocks();
  at('/');
});

describe('the remembered language: on the device and in the cookie the server prerenders by (issue 31 point 1)', () => {
  it('is written to both', () => {
    rememberLanguage('es');
    expect(readDeviceLanguage()).toBe('es');
    expect(cookie()).toBe('es');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=es`);
    rememberLanguage('en');
    expect([readDeviceLanguage(), cookie()]).toEqual(['en', 'en']);
  });

  it('a choice in the switch is remembered in both', async () => {
    await chooseLanguage('es');
    expect(currentLocale()).toBe('es');
    expect([readDeviceLanguage(), cookie()]).toEqual(['es', 'es']);
  });

  it('the device chose a language before the cookie existed: the site opens in it and the cookie follows', () => {
    rememberDeviceLanguage('en');
    browser(['es-MX', 'es']);
    startLanguage();
    expect(currentLocale()).toBe('en');
    expect(cookie()).toBe('en');
  });

  it('the cookie alone (the storage cleared) opens the site in the language the server prerendered', () => {
    setCookie('es');
    browser(['en-US']);
    startLanguage();
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(readDeviceLanguage()).toBe('es');
  });

  it('nothing remembered: the browser languages choose, as Accept-Language does on the server, and nothing is written', () => {
    browser(['es-US', 'en']);
    startLanguage();
    expect(currentLocale()).toBe('es');
    expect(readDeviceLanguage()).toBeNull();
    expect(cookie()).toBeNull();
  });

  it("the logged-in person's preference comes first, and the device and the cookie take it", () => {
    setCurrentUser(currentUserSchema.parse({ ...wireCurrentUser, language: 'es' }));
    rememberLanguage('en');
    browser(['en-US']);
    startLanguage();
    expect(currentLocale()).toBe('es');
    expect([readDeviceLanguage(), cookie()]).toEqual(['es', 'es']);
  });

  it("a club's lang= link comes before all of it and is remembered", async () => {
    rememberLanguage('en');
    at('/register?license=TIGERS-2027&lang=es');
    startLanguage();
    expect(currentLocale()).toBe('es');
    await vi.waitFor(() => expect([readDeviceLanguage(), cookie()]).toEqual(['es', 'es']));
  });

  it("a login's account language is followed and remembered; an unknown one is not", async () => {
    rememberLanguage('en');
    followAccountLanguage('es', 'en');
    expect([readDeviceLanguage(), cookie()]).toEqual(['es', 'es']);
    await vi.waitFor(() => expect(currentLocale()).toBe('es'));
    followAccountLanguage('fr', 'es');
    followAccountLanguage(undefined, 'es');
    expect([readDeviceLanguage(), cookie(), currentLocale()]).toEqual(['es', 'es', 'es']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffFixture } from '../../model-tests/staff.fixtures';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { currentLocale } from '../i18n/runtime';
import { readDeviceLanguage, rememberDeviceLanguage } from '../session/language';
import { getStaffSession, setStaffSession } from '../session/staff';
import { chooseConsoleLanguage, startConsoleLanguage } from './admin-language';

const registrar = staffFixture({
  id: 5,
  name: 'Ana Torres',
  email: 'registradora@northside.example',
  organizations: [{ id: 1, name: 'Northside Youth Baseball', role: 'registrar', teams: null }],
});

function logIn(language: string | undefined) {
  setStaffSession({ token: 'staff-token', staff: language === undefined ? registrar : { ...registrar, language } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's language at start (issue 31 points 1 and 4): the site's order", () => {
  it("opens in the logged-in staff member's saved language before this device's and the browser's", () => {
    logIn('es');
    rememberDeviceLanguage('en');
    expect(startConsoleLanguage('', ['en-US'])).toBe('es');
    expect(currentLocale()).toBe('es');
  });

  it('without a staff session (or one an older server stored without a language): the device, then the browser', () => {
    rememberDeviceLanguage('es');
    expect(startConsoleLanguage('', ['en-US'])).toBe('es');
    localStorage.clear();
    logIn(undefined);
    expect(startConsoleLanguage('', ['es-MX', 'en'])).toBe('es');
    expect(startConsoleLanguage('', ['fr-FR'])).toBe('en');
  });

  it('a lang= link comes first, and is remembered on the device and saved on the staff account', async () => {
    logIn('en');
    const requests = stubFetch(() => jsonResponse({ staff: { ...registrar, language: 'es' } }));
    expect(startConsoleLanguage('?lang=es', ['en-US'])).toBe('es');
    expect(readDeviceLanguage()).toBe('es');
    // The stored session follows at once, so its saved preference never switches the page back.
    expect(getStaffSession()?.staff.language).toBe('es');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('PUT');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/admin/me/language');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
    expect(requests[0]?.body).toEqual({ language: 'es' });
  });

  it('the switch saves on the staff account only when it changes it, and never without a staff session', async () => {
    const requests = stubFetch(() => jsonResponse({ staff: registrar }));
    await chooseConsoleLanguage('es');
    expect(readDeviceLanguage()).toBe('es');
    logIn('es');
    await chooseConsoleLanguage('es');
    expect(requests).toHaveLength(0);
    await chooseConsoleLanguage('en');
    expect(currentLocale()).toBe('en');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ language: 'en' });
  });
});

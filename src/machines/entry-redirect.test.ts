import { describe, expect, it } from 'vitest';
import { type EntryUser, entryDestination } from './entry-redirect';

const licence = { license_code: 'TIGERS-2027', organization: null };

function account(overrides: Partial<EntryUser>): EntryUser {
  return { is_coach: false, is_new: false, license: null, ...overrides };
}

describe('entryDestination (spec §4 Routing redirector)', () => {
  it('sends a visitor with no stored user to /login', () => {
    expect(entryDestination(null)).toEqual({ to: '/login' });
  });

  it.each([
    { what: 'an existing coach without a licence', user: account({ is_coach: true }) },
    { what: 'an existing coach with a licence', user: account({ is_coach: true, license: licence }) },
    { what: 'a new coach with a licence', user: account({ is_coach: true, is_new: true, license: licence }) },
    { what: 'a new coach without a licence', user: account({ is_coach: true, is_new: true }) },
  ])('sends $what to /dashboard (the coach rule comes first)', ({ user }) => {
    expect(entryDestination(user)).toEqual({ to: '/dashboard' });
  });

  it('sends an existing account without a licence to /dashboard', () => {
    expect(entryDestination(account({}))).toEqual({ to: '/dashboard' });
  });

  it('sends an existing account with a licence to /apps (more specific than the /dashboard rule)', () => {
    expect(entryDestination(account({ license: licence }))).toEqual({ to: '/apps' });
  });

  it('sends a new account with a licence to its licence page with claimed_registration', () => {
    expect(entryDestination(account({ is_new: true, license: licence }))).toEqual({
      to: '/licenses/$license',
      params: { license: 'TIGERS-2027' },
      search: { claimed_registration: true },
    });
  });

  it('sends a new account without a licence to /dashboard, having nothing to claim', () => {
    expect(entryDestination(account({ is_new: true }))).toEqual({ to: '/dashboard' });
  });

  it('reaches each of the four destinations of §4', () => {
    const users: (EntryUser | null)[] = [
      null,
      account({ is_coach: true }),
      account({ license: licence }),
      account({ is_new: true, license: licence }),
    ];
    expect(new Set(users.map((user) => entryDestination(user).to))).toEqual(
      new Set(['/login', '/dashboard', '/apps', '/licenses/$license']),
    );
  });
});

/**
 * Staff members for the console's tests: each organization's `can` flags come from the server's permission table
 * (server/services/staff/permissions.ts), as `GET /api/admin/me` answers them, so a test states only the role.
 */
import { canFlags } from '../server/services/staff/permissions.ts';
import type { Staff, StaffRole, StaffTeam } from '../src/domain/staff';
import { setStaffSession } from '../src/session/staff';

interface Place {
  id: number;
  name: string;
  role: StaffRole;
  teams: StaffTeam[] | null;
  two_factor_required?: boolean;
}

/** The flags of `role` in an organization that requires no second factor. */
export function canOf(role: StaffRole) {
  return canFlags({ two_factor_enabled: false }, { role, two_factor_required: false });
}

/** `staff` as the server answers it: no second factor unless `two_factor_enabled`, flags from the table. */
export function staffFixture(staff: {
  id: number;
  name: string;
  email: string;
  two_factor_enabled?: boolean;
  organizations: Place[];
}): Staff {
  const twoFactor = { two_factor_enabled: staff.two_factor_enabled ?? false };
  return {
    ...staff,
    ...twoFactor,
    organizations: staff.organizations.map((place) => {
      const facts = { role: place.role, two_factor_required: place.two_factor_required ?? false };
      return { ...place, ...facts, can: canFlags(twoFactor, facts) };
    }),
  };
}

/** Northside's registrar (docs/fixtures.md "Staff") signed in to the console: the session the console's pages read. */
export function signInNorthsideRegistrar(): void {
  setStaffSession({
    token: 'staff-token',
    staff: staffFixture({
      id: 2,
      name: 'Ray Ortiz',
      email: 'registrar@northside.example',
      organizations: [{ id: 1, name: 'Northside Youth Baseball', role: 'registrar', teams: null }],
    }),
  });
}

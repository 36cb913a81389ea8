import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '../../../src/domain/staff.ts';
import { ApiError } from '../../http/errors.ts';
import { STAFF_TEXTS, type StaffJson, type StaffOrganization } from './access.ts';
import {
  allows,
  authorize,
  authorizeAnywhere,
  canFlags,
  highestRoles,
  organizationTarget,
  PERMISSIONS,
  ROLE_REACH,
  roleAllows,
  teamTarget,
} from './permissions.ts';

/** The permission table and the scope checks every console route runs (issue 22 point 1, issue 30 point 2). */

function place(
  id: number,
  name: string,
  role: StaffOrganization['role'],
  teams: StaffOrganization['teams'],
  two_factor_required = false,
  two_factor_enabled = false,
): StaffOrganization {
  const facts = { role, two_factor_required };
  return { id, name, teams, ...facts, can: canFlags({ two_factor_enabled }, facts) };
}

/** A registrar of Northside and a coach of Lakeside's Sharks. */
const staff: StaffJson = {
  id: 1,
  name: 'Pat Staff',
  email: 'pat@example.com',
  two_factor_enabled: false,
  language: 'en',
  organizations: [
    place(10, 'Northside', 'registrar', null),
    place(20, 'Lakeside', 'coach', [{ id: 201, name: 'Sharks' }]),
  ],
};

function refusal(check: () => unknown): { status: number; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
}

describe('the permission table', () => {
  it('has a row for every action the console knows, and an owner may do everything', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...STAFF_ACTIONS].sort());
    for (const action of STAFF_ACTIONS) expect(roleAllows('owner', action), action).toBe(true);
  });

  it('gives a coach their roster only: no money, no set-up, no staff, no second factor to manage', () => {
    const coach = STAFF_ACTIONS.filter((action) => roleAllows('coach', action));
    expect(coach).toEqual(['read_roster']);
  });

  it('lets a registrar move money and manage licences, discounts and drafts, not the set-up or the staff', () => {
    const registrar = STAFF_ACTIONS.filter((action) => !roleAllows('registrar', action));
    expect(registrar).toEqual(['manage_staff', 'edit_setup', 'require_two_factor', 'edit_help_paying']);
  });

  it('marks the four money actions and approving assistance, and only them, as moving money', () => {
    const money = STAFF_ACTIONS.filter((action) => PERMISSIONS[action].movesMoney);
    // Issue 34: an approval takes its award off what the family owes; a decline and the season's budget move none.
    expect(money).toEqual(['refund', 'retry', 'mark_offline', 'cancel', 'approve_assistance']);
  });

  it('turns the money flags off where a second factor is required and not on', () => {
    const required = canFlags({ two_factor_enabled: false }, { role: 'registrar', two_factor_required: true });
    expect(required).toMatchObject({ refund: false, retry: false, mark_offline: false, cancel: false });
    expect(required).toMatchObject({ read_money: true, manage_licences: true });
    const enrolled = canFlags({ two_factor_enabled: true }, { role: 'registrar', two_factor_required: true });
    expect(enrolled).toMatchObject({ refund: true, retry: true, mark_offline: true, cancel: true });
  });
});

describe('authorize: an organization-scoped action', () => {
  it('answers the organization for an allowed action, on the organization or on any of its teams', () => {
    expect(authorize(staff, 'read_setup', organizationTarget(10)).name).toBe('Northside');
    expect(authorize(staff, 'manage_licences', teamTarget({ id: 101, organizationId: 10 })).name).toBe('Northside');
  });

  it('403 for a role that may not, 404 for an organization the staff member has no role in', () => {
    expect(refusal(() => authorize(staff, 'edit_setup', organizationTarget(10)))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
    expect(refusal(() => authorize(staff, 'read_setup', organizationTarget(30)))).toEqual({
      status: 404,
      message: STAFF_TEXTS.organizationNotFound,
    });
    // A coach's reach does not hide the organization's own rows: the role refuses them.
    expect(refusal(() => authorize(staff, 'read_setup', teamTarget({ id: 202, organizationId: 20 })))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
  });

  it("403 with the second factor's text for money where the organization requires it", () => {
    const required = { ...staff, organizations: [place(10, 'Northside', 'registrar', null, true)] };
    expect(refusal(() => authorize(required, 'approve_assistance', organizationTarget(10)))).toEqual({
      status: 403,
      message: STAFF_TEXTS.twoFactorNeeded,
    });
    expect(refusal(() => authorize(required, 'read_assistance', organizationTarget(10)))).toBeNull();
  });
});

describe('authorize: a team-scoped action', () => {
  it('a registrar reaches every team of their organization; a coach only their own', () => {
    expect(authorize(staff, 'refund', teamTarget({ id: 101, organizationId: 10 })).id).toBe(10);
    expect(authorize(staff, 'read_roster', teamTarget({ id: 201, organizationId: 20 })).id).toBe(20);
    expect(refusal(() => authorize(staff, 'read_roster', teamTarget({ id: 202, organizationId: 20 })))).toEqual({
      status: 404,
      message: STAFF_TEXTS.teamNotFound,
    });
  });

  it('404 for a team of another organization, 403 for a role that may not (on a team in reach)', () => {
    expect(refusal(() => authorize(staff, 'read_roster', teamTarget({ id: 301, organizationId: 30 })))?.status).toBe(
      404,
    );
    expect(refusal(() => authorize(staff, 'read_money', teamTarget({ id: 201, organizationId: 20 })))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
  });

  it('asked of the whole organization: allowed to who reaches every team, refused to a coach', () => {
    expect(authorize(staff, 'read_money', organizationTarget(10)).id).toBe(10);
    expect(refusal(() => authorize(staff, 'read_roster', organizationTarget(20)))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
  });

  it("403 with the second factor's text for money where the organization requires it", () => {
    const required = { ...staff, organizations: [place(10, 'Northside', 'registrar', null, true)] };
    expect(refusal(() => authorize(required, 'refund', teamTarget({ id: 101, organizationId: 10 })))).toEqual({
      status: 403,
      message: STAFF_TEXTS.twoFactorNeeded,
    });
    expect(refusal(() => authorize(required, 'read_money', teamTarget({ id: 101, organizationId: 10 })))).toBeNull();
  });
});

describe('allows (a projection asks the same table)', () => {
  it('agrees with authorize on every action, target and place', () => {
    const targets = [
      organizationTarget(10),
      organizationTarget(20),
      organizationTarget(30),
      teamTarget({ id: 101, organizationId: 10 }),
      teamTarget({ id: 201, organizationId: 20 }),
      teamTarget({ id: 202, organizationId: 20 }),
    ];
    for (const action of STAFF_ACTIONS) {
      if (PERMISSIONS[action].scope === 'account') continue;
      for (const target of targets) {
        const label = `${action} on ${JSON.stringify(target)}`;
        expect(allows(staff, action, target), label).toBe(refusal(() => authorize(staff, action, target)) === null);
      }
    }
  });
});

describe('the reach of each role', () => {
  it('lets only coaches be limited to their teams, and every team-scoped row a coach may do is on their teams', () => {
    expect(ROLE_REACH).toEqual({ owner: 'organization', registrar: 'organization', coach: 'team' });
    for (const action of STAFF_ACTIONS) {
      if (roleAllows('coach', action)) expect(PERMISSIONS[action].scope, action).toBe('team');
    }
  });
});

describe('authorizeAnywhere (the gate)', () => {
  it('lets through a staff member whose role allows the action somewhere; 403 otherwise', () => {
    expect(refusal(() => authorizeAnywhere(staff, 'refund'))).toBeNull();
    const coachOnly = { ...staff, organizations: [place(20, 'Lakeside', 'coach', [{ id: 201, name: 'Sharks' }])] };
    expect(refusal(() => authorizeAnywhere(coachOnly, 'refund'))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
    expect(refusal(() => authorizeAnywhere(coachOnly, 'use_two_factor'))?.status).toBe(403);
  });
});

describe('highestRoles', () => {
  it('keeps the highest role per key and collects a coach’s teams', () => {
    const places = highestRoles([
      { key: 1, role: 'coach', teamId: 5, teamName: 'Tigers' },
      { key: 1, role: 'coach', teamId: 6, teamName: 'Storm' },
      { key: 2, role: 'coach', teamId: 5, teamName: 'Tigers' },
      { key: 2, role: 'owner', teamId: null, teamName: null },
      { key: 2, role: 'coach', teamId: 6, teamName: 'Storm' },
    ]);
    expect(places.get(1)).toEqual({
      role: 'coach',
      teams: [
        { id: 5, name: 'Tigers' },
        { id: 6, name: 'Storm' },
      ],
    });
    expect(places.get(2)).toEqual({ role: 'owner', teams: null });
  });
});

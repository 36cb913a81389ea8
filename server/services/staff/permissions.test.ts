import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '../../../src/domain/staff.ts';
import { ApiError } from '../../http/errors.ts';
import { highestRoles, STAFF_TEXTS, type StaffJson, type StaffOrganization } from './access.ts';
import {
  authorizeAnywhere,
  authorizeOrganization,
  authorizeTeam,
  canFlags,
  PERMISSIONS,
  roleAllows,
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

describe('authorizeOrganization', () => {
  it('answers the organization for an allowed action', () => {
    expect(authorizeOrganization(staff, 10, 'read_setup').name).toBe('Northside');
  });

  it('403 for a role that may not, 404 for an organization the staff member has no role in', () => {
    expect(refusal(() => authorizeOrganization(staff, 10, 'edit_setup'))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
    expect(refusal(() => authorizeOrganization(staff, 30, 'read_roster'))).toEqual({
      status: 404,
      message: STAFF_TEXTS.organizationNotFound,
    });
  });

  it("403 with the second factor's text for money where the organization requires it", () => {
    const required = { ...staff, organizations: [place(10, 'Northside', 'registrar', null, true)] };
    expect(refusal(() => authorizeOrganization(required, 10, 'refund'))).toEqual({
      status: 403,
      message: STAFF_TEXTS.twoFactorNeeded,
    });
    expect(refusal(() => authorizeOrganization(required, 10, 'read_money'))).toBeNull();
  });
});

describe('authorizeTeam', () => {
  it('a registrar reaches every team of their organization; a coach only their own', () => {
    expect(authorizeTeam(staff, { id: 101, organizationId: 10 }, 'refund').id).toBe(10);
    expect(authorizeTeam(staff, { id: 201, organizationId: 20 }, 'read_roster').id).toBe(20);
    expect(refusal(() => authorizeTeam(staff, { id: 202, organizationId: 20 }, 'read_roster'))).toEqual({
      status: 404,
      message: STAFF_TEXTS.teamNotFound,
    });
  });

  it('404 for a team of another organization, 403 for a role that may not (on a team in scope)', () => {
    expect(refusal(() => authorizeTeam(staff, { id: 301, organizationId: 30 }, 'read_roster'))?.status).toBe(404);
    expect(refusal(() => authorizeTeam(staff, { id: 201, organizationId: 20 }, 'read_money'))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
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

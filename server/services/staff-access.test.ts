import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import {
  highestRoles,
  requireOrganizationRole,
  requireTeamScope,
  STAFF_TEXTS,
  type StaffJson,
} from './staff-access.ts';

/** The scope checks every console route runs (issue 22 point 1), on a staff member of two organizations. */
const staff: StaffJson = {
  id: 1,
  name: 'Pat Staff',
  email: 'pat@example.com',
  organizations: [
    { id: 10, name: 'Northside', role: 'registrar', teams: null },
    { id: 20, name: 'Lakeside', role: 'coach', teams: [{ id: 201, name: 'Sharks' }] },
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

describe('requireOrganizationRole', () => {
  it('answers the organization for an allowed role', () => {
    expect(requireOrganizationRole(staff, 10, ['owner', 'registrar']).name).toBe('Northside');
  });

  it('403 for a role that may not, 404 for an organization the staff member has no role in', () => {
    expect(refusal(() => requireOrganizationRole(staff, 10, ['owner']))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
    expect(refusal(() => requireOrganizationRole(staff, 30, ['owner', 'registrar', 'coach']))).toEqual({
      status: 404,
      message: STAFF_TEXTS.organizationNotFound,
    });
  });
});

describe('requireTeamScope', () => {
  it('a registrar reaches every team of their organization; a coach only their own', () => {
    expect(requireTeamScope(staff, { id: 101, organizationId: 10 }, ['registrar']).id).toBe(10);
    expect(requireTeamScope(staff, { id: 201, organizationId: 20 }, ['coach']).id).toBe(20);
    expect(refusal(() => requireTeamScope(staff, { id: 202, organizationId: 20 }, ['coach']))).toEqual({
      status: 404,
      message: STAFF_TEXTS.teamNotFound,
    });
  });

  it('404 for a team of another organization, 403 for a role that may not (on a team in scope)', () => {
    expect(refusal(() => requireTeamScope(staff, { id: 301, organizationId: 30 }, ['coach']))?.status).toBe(404);
    expect(refusal(() => requireTeamScope(staff, { id: 201, organizationId: 20 }, ['registrar']))).toEqual({
      status: 403,
      message: STAFF_TEXTS.roleRefused,
    });
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

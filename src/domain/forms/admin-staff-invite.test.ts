import { describe, expect, it } from 'vitest';
import { formErrors } from '../form-schema';
import {
  adminStaffInviteFormSchema,
  EMPTY_ADMIN_STAFF_INVITE,
  INVITE_STAFF_COACH_NEEDS_TEAM,
  INVITE_STAFF_EMAIL_INVALID,
  INVITE_STAFF_NAME_REQUIRED,
  INVITE_STAFF_ROLE_REQUIRED,
  toAdminStaffInviteBody,
} from './admin-staff-invite';

describe("the console's 'Invite staff' form (issue 22 point 1)", () => {
  it('names every missing or wrong field', () => {
    expect(formErrors(adminStaffInviteFormSchema, EMPTY_ADMIN_STAFF_INVITE)).toEqual({
      name: INVITE_STAFF_NAME_REQUIRED,
      email: INVITE_STAFF_EMAIL_INVALID,
    });
    expect(
      formErrors(adminStaffInviteFormSchema, { name: 'Jo', email: 'jo@example.com', role: 'admin', team_id: '' }),
    ).toEqual({ role: INVITE_STAFF_ROLE_REQUIRED });
  });

  it('asks a coach for a team, and sends one only for a coach', () => {
    const coach = { name: ' Jo Park ', email: ' jo@example.com ', role: 'coach', team_id: '' };
    expect(formErrors(adminStaffInviteFormSchema, coach)).toEqual({ team_id: INVITE_STAFF_COACH_NEEDS_TEAM });
    expect(toAdminStaffInviteBody(coach)).toBeNull();
    expect(toAdminStaffInviteBody({ ...coach, team_id: '4' })).toEqual({
      name: 'Jo Park',
      email: 'jo@example.com',
      role: 'coach',
      team_id: 4,
    });
    expect(toAdminStaffInviteBody({ ...coach, role: 'registrar', team_id: '4' })).toEqual({
      name: 'Jo Park',
      email: 'jo@example.com',
      role: 'registrar',
      team_id: null,
    });
  });
});

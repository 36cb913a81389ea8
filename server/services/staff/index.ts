/**
 * The staff home (design.md §10): staff accounts, sessions, invitations, the second factor and the ONE permission
 * table of the club's console. This file is its only door: code outside server/services/staff/ imports from here.
 */
export {
  STAFF_ROLES,
  STAFF_TEXTS,
  type StaffAuthenticated,
  type StaffJson,
  type StaffOrganization,
  type StaffTeam,
} from './access.ts';
export { findStaffByEmail, issueStaffSession, STAFF_SESSION_LIFETIME_MS, staffAccess } from './accounts.ts';
export { checkStaffToken, type StaffTokenCheck, setStaffLanguage, staffLogin, staffLogout, staffMe } from './auth.ts';
export {
  acceptStaffInvite,
  inviteStaff,
  listStaff,
  STAFF_INVITE_LIFETIME_MS,
  STAFF_INVITE_RULE,
  STAFF_INVITE_TEXTS,
} from './invites.ts';
export {
  allows,
  authorize,
  authorizeAnywhere,
  canFlags,
  highestRoles,
  organizationTarget,
  PERMISSIONS,
  type Permission,
  type PermissionScope,
  type PermissionTarget,
  ROLE_RANK,
  ROLE_REACH,
  roleAllows,
  type StaffAction,
  teamTarget,
} from './permissions.ts';
export {
  acceptSecondFactor,
  enableTwoFactor,
  RECOVERY_CODE_COUNT,
  requireTwoFactor,
  startTwoFactor,
  TOTP_ISSUER,
  TWO_FACTOR_TEXTS,
} from './two-factor.ts';

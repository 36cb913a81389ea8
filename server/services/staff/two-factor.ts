/**
 * The console's second factor (issue 30 point 2): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step either way) with
 * ten one-time recovery codes.
 *
 * - `POST /api/admin/two-factor/setup`: a new secret to scan (kept as pending until a code from it is confirmed);
 * - `POST /api/admin/two-factor/enable {code}`: a code from the pending secret turns it on and answers the ten
 *   recovery codes, in clear this once (only their SHA-256 is stored);
 * - at `POST /api/admin/login` (./auth.ts) a staff member with it on sends `code`: a TOTP code (each time step is
 *   accepted once) or a recovery code (each works once). Every attempt, right or wrong, counts toward the login's
 *   rate limits and lockout (services/auth.ts `checkLoginLimits`, counters in the database);
 * - `PUT /api/admin/organizations/{id}/two-factor {required}`: an owner requires it of everyone who can move money
 *   there (services/staff/permissions.ts refuses their money actions until they turn it on).
 *
 * The TOTP secret is stored as it must be read back to check a code; the recovery codes are stored hashed.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, type StaffAccountRow, staffAccounts, staffRecoveryCodes } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, fieldError, unauthenticated } from '../../http/errors.ts';
import { english } from '../../i18n/index.ts';
import { checkLoginLimits } from '../auth.ts';
import { hashToken } from '../tokens.ts';
import type { StaffAuthenticated, StaffJson } from './access.ts';
import { staffAccess } from './accounts.ts';
import { authorize, organizationTarget } from './permissions.ts';

export const TWO_FACTOR_TEXTS = {
  codeNeeded: english('staff.codeNeeded'),
  codeWrong: english('staff.codeWrong'),
  alreadyOn: english('staff.twoFactorAlreadyOn'),
  notStarted: english('staff.twoFactorNotStarted'),
} as const;

/** How the authenticator app names the account. */
export const TOTP_ISSUER = 'Club console';
export const RECOVERY_CODE_COUNT = 10;
const PERIOD = 30;

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a 6-digit code is valid for at `now` (one step either way), or null. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secret, '').validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/** A recovery code as typed: spaces and dashes dropped, any case. */
function normalizedRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

function newRecoveryCode(): string {
  const raw = new Secret({ size: 10 }).base32;
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12, 16)}`;
}

/**
 * Whether `code` is this staff member's second factor now: a TOTP code for a time step not used yet (the step is
 * recorded in the same statement, so a code sent twice at once is accepted once), else an unused recovery code (marked
 * used in the same statement).
 */
export async function acceptSecondFactor(db: Db, account: StaffAccountRow, code: string, now: Date): Promise<boolean> {
  if (account.totpSecret === null) return false;
  const typed = code.trim();
  const step = matchingStep(account.totpSecret, typed, now);
  if (step !== null) {
    const accepted = await db
      .update(staffAccounts)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffAccounts.id, account.id),
          or(isNull(staffAccounts.totpLastStep), sql`${staffAccounts.totpLastStep} < ${step}`),
        ),
      )
      .returning({ id: staffAccounts.id });
    return accepted.length > 0;
  }
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, account.id),
        eq(staffRecoveryCodes.codeHash, hashToken(normalizedRecoveryCode(typed))),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}

async function accountOf(db: Db | Tx, staffId: number): Promise<StaffAccountRow> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
  if (!account) throw unauthenticated();
  return account;
}

async function refreshed(db: Db | Tx, staffId: number): Promise<StaffJson> {
  const staff = await staffAccess(db, staffId);
  if (!staff) throw unauthenticated();
  return staff;
}

/** POST /api/admin/two-factor/setup: a new pending secret and its otpauth:// link (what the QR code would hold). */
export async function startTwoFactor(
  deps: AppDeps,
  auth: StaffAuthenticated,
): Promise<{ secret: string; uri: string }> {
  const account = await accountOf(deps.db, auth.staff.id);
  if (account.totpEnabledAt !== null) throw conflict(TWO_FACTOR_TEXTS.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await deps.db
    .update(staffAccounts)
    .set({ totpPendingSecret: secret, updatedAt: deps.now() })
    .where(eq(staffAccounts.id, account.id));
  return { secret, uri: totpOf(secret, account.email).toString() };
}

/**
 * POST /api/admin/two-factor/enable: a code from the pending secret turns the second factor on and answers ten new
 * recovery codes (in clear only here). A wrong code counts toward the login limits of the staff member's address.
 */
export async function enableTwoFactor(
  deps: AppDeps,
  auth: StaffAuthenticated,
  body: { code: string },
  client: string,
): Promise<{ recovery_codes: string[]; staff: StaffJson }> {
  const account = await accountOf(deps.db, auth.staff.id);
  if (account.totpEnabledAt !== null) throw conflict(TWO_FACTOR_TEXTS.alreadyOn);
  const pending = account.totpPendingSecret;
  if (pending === null) throw fieldError('code', TWO_FACTOR_TEXTS.notStarted);
  await checkLoginLimits(deps, account.email, client);
  const now = deps.now();
  const step = matchingStep(pending, body.code.trim(), now);
  if (step === null) throw fieldError('code', TWO_FACTOR_TEXTS.codeWrong);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return deps.db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(staffAccounts)
      .set({ totpSecret: pending, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step, updatedAt: now })
      .where(and(eq(staffAccounts.id, account.id), isNull(staffAccounts.totpEnabledAt)))
      .returning({ id: staffAccounts.id });
    if (turnedOn.length === 0) throw conflict(TWO_FACTOR_TEXTS.alreadyOn);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((code) => ({ staffId: account.id, codeHash: hashToken(normalizedRecoveryCode(code)) })));
    return { recovery_codes: codes, staff: await refreshed(tx, account.id) };
  });
}

/** PUT /api/admin/organizations/{id}/two-factor (owners): require a second factor of who can move money there. */
export async function requireTwoFactor(
  deps: AppDeps,
  auth: StaffAuthenticated,
  organizationId: number,
  body: { required: boolean },
): Promise<{ staff: StaffJson }> {
  authorize(auth.staff, 'require_two_factor', organizationTarget(organizationId));
  await deps.db
    .update(organizations)
    .set({ requireTwoFactor: body.required })
    .where(eq(organizations.id, organizationId));
  return { staff: await refreshed(deps.db, auth.staff.id) };
}

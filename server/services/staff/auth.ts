/**
 * The console's sign-in (issue 22 point 1), one function per route of server/routes/admin.ts, and the lookup the
 * staff middleware (server/http/staff-auth.ts) runs for every `/api/admin` call.
 */
import { eq } from 'drizzle-orm';
import { staffAccounts } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import type { Locale } from '../../i18n/index.ts';
import { checkLoginLimits, INVALID_LOGIN } from '../auth.ts';
import { verifyAgainstNothing, verifyPassword } from '../passwords.ts';
import { findTokenUser } from '../tokens.ts';
import type { StaffAuthenticated, StaffJson } from './access.ts';
import { findStaffByEmail, issueStaffSession, revokeStaffSession, staffAccess, staffOfSession } from './accounts.ts';
import { acceptSecondFactor, TWO_FACTOR_TEXTS } from './two-factor.ts';

/** What a bearer token is to the console: a staff member, a family session (refused with 403), or nothing (401). */
export type StaffTokenCheck = { kind: 'staff'; staff: StaffJson } | { kind: 'family' } | { kind: 'none' };

/** The staff middleware's lookup: one indexed read for a staff session, one more only when it is none. */
export async function checkStaffToken(deps: AppDeps, token: string): Promise<StaffTokenCheck> {
  const now = deps.now();
  const staff = await staffOfSession(deps.db, token, now);
  if (staff) return { kind: 'staff', staff };
  if (await findTokenUser(deps.db, token, 'session', now)) return { kind: 'family' };
  return { kind: 'none' };
}

/**
 * POST /api/admin/login: the family login's rate limits and lockout (the same counters), the same answer for an
 * unknown address and a wrong password (422 on `email`, 'These credentials do not match our records.'); a staff
 * member with a second factor on also sends `code` (422 on `code` without it or with a wrong one: ./two-factor.ts).
 */
export async function staffLogin(
  deps: AppDeps,
  body: { email: string; password: string; code?: string | null | undefined },
  client: string,
): Promise<{ token: string; staff: StaffJson }> {
  const { db } = deps;
  await checkLoginLimits(deps, body.email, client);
  const account = await findStaffByEmail(db, body.email);
  const valid = account
    ? await verifyPassword(account.passwordHash, body.password)
    : await verifyAgainstNothing(body.password);
  const staff = account && valid ? await staffAccess(db, account.id) : null;
  if (!account || !staff) throw fieldError('email', INVALID_LOGIN);
  // Issue 30 point 2: with a second factor on, the password alone opens nothing; this attempt counted above.
  if (account.totpEnabledAt !== null) {
    const code = body.code?.trim() ?? '';
    if (code === '') throw fieldError('code', TWO_FACTOR_TEXTS.codeNeeded);
    if (!(await acceptSecondFactor(db, account, code, deps.now())))
      throw fieldError('code', TWO_FACTOR_TEXTS.codeWrong);
  }
  return { token: await issueStaffSession(db, staff.id, deps.now()), staff };
}

/** POST /api/admin/logout: the caller's staff session ends. */
export async function staffLogout(deps: AppDeps, auth: StaffAuthenticated): Promise<{ message: string }> {
  await revokeStaffSession(deps.db, auth.token, deps.now());
  return { message: 'Logged out.' };
}

/** GET /api/admin/me. */
export function staffMe(auth: StaffAuthenticated): { staff: StaffJson } {
  return { staff: auth.staff };
}

/** PUT /api/admin/me/language (issue 31): the caller's own language, whoever they are; answers as GET /api/admin/me. */
export async function setStaffLanguage(
  deps: AppDeps,
  auth: StaffAuthenticated,
  language: Locale,
): Promise<{ staff: StaffJson }> {
  await deps.db
    .update(staffAccounts)
    .set({ language, updatedAt: deps.now() })
    .where(eq(staffAccounts.id, auth.staff.id));
  return { staff: { ...auth.staff, language } };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffAccounts } from '../db/schema/index.ts';
import { issueStaffSession } from '../services/staff/index.ts';

/** The fixture staff of docs/fixtures.md "Staff" (issue 22). */
export const STAFF = {
  owner: 'owner@northside.example',
  registrar: 'registrar@northside.example',
  coach: 'coach.tigers@northside.example',
  otherOwner: 'owner@lakeside.example',
} as const;

/** The id of a staff account by e-mail. */
export async function staffId(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no fixture staff ${email}`);
  return row.id;
}

/** A staff session token for a fixture staff member (no login round trip: argon2 stays out of most tests). */
export async function staffTokenFor(db: Db, email: string, now = new Date()): Promise<string> {
  return issueStaffSession(db, await staffId(db, email), now);
}

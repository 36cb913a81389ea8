import { desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { staffAccounts, staffAuditLog } from '../db/schema/index.ts';

/**
 * The append-only audit log of staff actions (issue 22 point 4): who, what, when, before and after. Only ever
 * inserted, in the same transaction as the change it records; the table's trigger refuses UPDATE and DELETE.
 */
export interface AuditEntry {
  organizationId: number;
  /** Null: automation. */
  staffId: number | null;
  membershipId: number | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

export interface AuditJson {
  id: number;
  staff: { id: number; name: string } | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  created_at: string;
}

export async function writeAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAuditLog).values({
    organizationId: entry.organizationId,
    staffAccountId: entry.staffId,
    membershipId: entry.membershipId,
    action: entry.action,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
  });
}

/** A membership's audit rows, newest first, with the staff member's name. */
export async function membershipAudit(db: Db, membershipId: number): Promise<AuditJson[]> {
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.membershipId, membershipId))
    .orderBy(desc(staffAuditLog.id));
  const staffIds = [...new Set(rows.flatMap((row) => (row.staffAccountId === null ? [] : [row.staffAccountId])))];
  const staff =
    staffIds.length === 0
      ? []
      : await db
          .select({ id: staffAccounts.id, name: staffAccounts.name })
          .from(staffAccounts)
          .where(inArray(staffAccounts.id, staffIds));
  return rows.map((row) => ({
    id: row.id,
    staff: staff.find((member) => member.id === row.staffAccountId) ?? null,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  }));
}

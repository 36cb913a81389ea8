import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type MembershipRow, memberships, users } from '../db/schema/index.ts';

export interface MembershipInput {
  userId: number;
  teamId: number;
  seasonId: number;
  licenceId: number | null;
  paymentPlanMonth: number;
  paidTodayCents: number;
  planTotalCents: number;
  discountCode: string | null;
  includesProtection: boolean;
  /** Null for a checkout with nothing to pay. */
  stripePaymentIntentId: string | null;
}

/**
 * Records a membership exactly once. The payer's row is locked for the transaction, so concurrent calls for one
 * payer run one after the other; the second finds the first's membership (same intent, or for a free checkout the
 * same team) and returns it. The unique intent id backs this up across processes.
 */
export async function recordMembership(db: Db, input: MembershipInput): Promise<MembershipRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const existing = input.stripePaymentIntentId
      ? await tx.select().from(memberships).where(eq(memberships.stripePaymentIntentId, input.stripePaymentIntentId))
      : await tx
          .select()
          .from(memberships)
          .where(
            and(
              eq(memberships.userId, input.userId),
              eq(memberships.teamId, input.teamId),
              eq(memberships.status, 'active'),
            ),
          );
    if (existing[0]) return existing[0];
    const [created] = await tx.insert(memberships).values(input).returning();
    if (!created) throw new Error('membership insert returned nothing');
    return created;
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { memberships, paymentIntents } from '../db/schema/index.ts';

/** What the card sandbox holds for a payer: every payment intent opened for them, whatever its status. */
export function paymentIntentsOf(db: Db, userId: number) {
  return db
    .select()
    .from(paymentIntents)
    .where(sql`${paymentIntents.metadata}->>'user_id' = ${String(userId)}`);
}

/** A payer's active memberships. */
export function activeMembershipsOf(db: Db, userId: number) {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  type CouponRow,
  coupons,
  organizations,
  type PlanDetailsRow,
  planDetails,
  type SubscriptionRow,
  subscriptions,
} from '../db/schema/index.ts';

/** Whether an organization with this API subdomain takes subscriptions. */
export async function acceptsSubscriptions(db: Db, subdomain: string): Promise<boolean> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.apiSubdomain, subdomain), eq(organizations.acceptsSubscriptions, true)));
  return organization !== undefined;
}

/** A subscription coupon by its normalized code. */
export async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
  return coupon ?? null;
}

/** The subscription plan on offer (the first row of plan_details), or null when none is configured. */
export async function currentPlan(db: Db): Promise<PlanDetailsRow | null> {
  const [plan] = await db.select().from(planDetails).orderBy(planDetails.id).limit(1);
  return plan ?? null;
}

export async function subscriptionOf(db: Db, userId: number): Promise<SubscriptionRow | null> {
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return current ?? null;
}

/** Stores the user's access (one row per user: a new purchase replaces the old one). */
export async function saveSubscription(
  db: Db,
  userId: number,
  access: Omit<typeof subscriptions.$inferInsert, 'id' | 'userId'>,
): Promise<SubscriptionRow> {
  const [saved] = await db
    .insert(subscriptions)
    .values({ userId, ...access })
    .onConflictDoUpdate({ target: subscriptions.userId, set: access })
    .returning();
  if (!saved) throw new Error('subscription upsert returned nothing');
  return saved;
}

import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type CheckoutRow, checkouts, type MembershipRow, memberships, users } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';
import { clearPaidProgress } from './registration-progress.ts';

/**
 * One active membership per athlete and season: this is the rule's one home in the code (recordMembership enforces
 * it, checkout and duplicate-status read it), backed by the unique index memberships_active_user_season_key.
 */
export const ALREADY_MEMBER = 'Sorry, this athlete already has a membership for the season.';

/** The user's active membership in a season (at most one: memberships_active_user_season_key). */
export async function seasonMembership(db: Db | Tx, userId: number, seasonId: number): Promise<MembershipRow | null> {
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.seasonId, seasonId), eq(memberships.status, 'active')))
    .limit(1);
  return membership ?? null;
}

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
  /** The household discount in the amounts (issue 20), in cents; 0 when absent. */
  siblingDiscountCents?: number;
}

export type RecordResult =
  /** Recorded now, or earlier by the same intent (or, with nothing to pay, for the same team). */
  | { kind: 'recorded'; membership: MembershipRow }
  /** The payer already holds another active membership in the season: nothing was recorded. */
  | { kind: 'season-taken'; membership: MembershipRow };

/**
 * Records a membership exactly once, and never a second active one for the payer and season. The payer's row is
 * locked for the transaction, so concurrent calls for one payer run one after the other; the second finds the first's
 * membership (same intent, or for a free checkout the same team) and returns it, or reports the season taken. The
 * unique intent id and the unique active (payer, season) index back this up across processes: a violation means
 * another call recorded first, and the check runs once more to report what it recorded.
 */
export async function recordMembership(db: Db, input: MembershipInput): Promise<RecordResult> {
  let result: RecordResult;
  try {
    result = await recordOnce(db, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    result = await recordOnce(db, input);
  }
  // Issue 21: the registration this payment (or full discount) completes is no longer unfinished.
  if (result.kind === 'recorded') await clearPaidProgress(db, [result.membership]);
  return result;
}

function recordOnce(db: Db, input: MembershipInput): Promise<RecordResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if (input.stripePaymentIntentId) {
      const [paid] = await tx
        .select()
        .from(memberships)
        .where(eq(memberships.stripePaymentIntentId, input.stripePaymentIntentId));
      if (paid) return { kind: 'recorded' as const, membership: paid };
    }
    const current = await seasonMembership(tx, input.userId, input.seasonId);
    if (current) {
      const sameFreeCheckout = input.stripePaymentIntentId === null && current.teamId === input.teamId;
      return { kind: sameFreeCheckout ? ('recorded' as const) : ('season-taken' as const), membership: current };
    }
    const [created] = await tx.insert(memberships).values(input).returning();
    if (!created) throw new Error('membership insert returned nothing');
    return { kind: 'recorded' as const, membership: created };
  });
}

/** How long a checkout may hold its lease; one that takes longer loses it and cancels the intent it made. */
const LEASE_MS = 60_000;
/** How long a checkout waits for the payer's previous one before answering 409. */
const WAIT_MS = 10_000;

export const CHECKOUT_BUSY = 'Another checkout for this athlete is in progress. Please try again.';

export interface CheckoutLease {
  /** The payer's checkout for the season as it was when the lease was taken (or last saved). */
  readonly open: Pick<CheckoutRow, 'paymentIntentId' | 'paramsKey' | 'attempt'>;
  /** Saves the open intent; false when the lease was lost (expired and taken by another checkout). */
  save(open: Pick<CheckoutRow, 'paymentIntentId' | 'paramsKey' | 'attempt'>): Promise<boolean>;
}

/**
 * Runs `work` while holding the payer's checkout lease for the season, so a payer's checkouts run one at a time in
 * every process: the lease is taken by one atomic upsert that succeeds only when no unexpired lease is held. A
 * checkout that finds it held waits (polling) up to WAIT_MS, then answers 409. The provider is called while the
 * lease is held, so it is a row rather than a database lock (see the `checkouts` table).
 */
export async function withCheckoutLease<T>(
  db: Db,
  key: { userId: number; seasonId: number },
  now: () => Date,
  work: (lease: CheckoutLease) => Promise<T>,
): Promise<T> {
  const leaseId = randomUUID();
  const mine = and(
    eq(checkouts.userId, key.userId),
    eq(checkouts.seasonId, key.seasonId),
    eq(checkouts.leaseId, leaseId),
  );
  const row = await acquire(db, key, leaseId, now);
  let open = { paymentIntentId: row.paymentIntentId, paramsKey: row.paramsKey, attempt: row.attempt };
  const lease: CheckoutLease = {
    get open() {
      return open;
    },
    async save(next) {
      const saved = await db
        .update(checkouts)
        .set({ ...next, updatedAt: now() })
        .where(mine)
        .returning({ userId: checkouts.userId });
      if (saved.length === 0) return false;
      open = { ...next };
      return true;
    },
  };
  try {
    return await work(lease);
  } finally {
    await db.update(checkouts).set({ leaseId: null, leaseExpiresAt: null }).where(mine);
  }
}

async function acquire(
  db: Db,
  key: { userId: number; seasonId: number },
  leaseId: string,
  now: () => Date,
): Promise<CheckoutRow> {
  const giveUpAt = Date.now() + WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const at = now();
    const lease = { leaseId, leaseExpiresAt: new Date(at.getTime() + LEASE_MS), updatedAt: at };
    const [row] = await db
      .insert(checkouts)
      .values({ ...key, ...lease })
      .onConflictDoUpdate({
        target: [checkouts.userId, checkouts.seasonId],
        set: lease,
        setWhere: or(isNull(checkouts.leaseId), lte(checkouts.leaseExpiresAt, at)),
      })
      .returning();
    if (row) return row;
    if (Date.now() >= giveUpAt) throw conflict(CHECKOUT_BUSY);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

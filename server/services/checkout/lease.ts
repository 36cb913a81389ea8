import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CheckoutRow, checkouts, householdCheckoutLeases } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { english } from '../../i18n/index.ts';

/**
 * The checkout lease (issue 30 point 1: one function takes it): a payer's checkouts for a season (the spec's
 * one-athlete checkout, row `checkouts`) and a household's checkouts (the family checkout, row
 * `household_checkout_leases`) run one at a time in every process. `holdLease` takes it with one atomic upsert that
 * succeeds only when no unexpired lease is held, waits (polling) up to WAIT_MS for a holder before answering 409, and
 * releases it when the work ends. The provider is called while the lease is held, so it is a row rather than a
 * database lock; it lives in PostgreSQL, never in a process (server/multi-process.test.ts).
 */

/** How long a checkout may hold its lease; one that takes longer loses it and cancels the intent it made. */
const LEASE_MS = 60_000;
/** How long a checkout waits for the previous one before answering 409. */
const WAIT_MS = 10_000;

export const CHECKOUT_BUSY = english('checkout.busy');
export const HOUSEHOLD_CHECKOUT_BUSY = english('checkout.householdBusy');

interface LeaseTerms {
  leaseId: string;
  leaseExpiresAt: Date;
  updatedAt: Date;
}

/** Where a lease is kept: its row taken (undefined while another holder's is unexpired), touched and released. */
interface LeaseRow<Row> {
  take(terms: LeaseTerms, at: Date): Promise<Row | undefined>;
  /** Whether the lease is still `leaseId`'s (it may have expired and been taken): touches it when it is. */
  touch(leaseId: string, at: Date): Promise<boolean>;
  release(leaseId: string): Promise<void>;
}

/** The one way a checkout lease is taken, held and released, whichever row keeps it. */
async function holdLease<Row, T>(
  row: LeaseRow<Row>,
  now: () => Date,
  busy: string,
  work: (taken: Row, leaseId: string) => Promise<T>,
): Promise<T> {
  const leaseId = randomUUID();
  const giveUpAt = Date.now() + WAIT_MS;
  let taken: Row | undefined;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const at = now();
    taken = await row.take({ leaseId, leaseExpiresAt: new Date(at.getTime() + LEASE_MS), updatedAt: at }, at);
    if (taken) break;
    if (Date.now() >= giveUpAt) throw conflict(busy);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  try {
    return await work(taken, leaseId);
  } finally {
    await row.release(leaseId);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A payer's checkout for a season (the spec's one-athlete path)

type OpenIntent = Pick<CheckoutRow, 'paymentIntentId' | 'paramsKey' | 'attempt'>;

export interface CheckoutLease {
  /** The payer's checkout for the season as it was when the lease was taken (or last saved). */
  readonly open: OpenIntent;
  /** Saves the open intent; false when the lease was lost (expired and taken by another checkout). */
  save(open: OpenIntent): Promise<boolean>;
}

/** The payer's row keeps the open intent too: `touch` saves it with the lease still held. */
interface PayerLeaseRow extends LeaseRow<CheckoutRow> {
  touch(leaseId: string, at: Date, open?: OpenIntent): Promise<boolean>;
}

function payerLeaseRow(db: Db, key: { userId: number; seasonId: number }): PayerLeaseRow {
  const mine = (leaseId: string) =>
    and(eq(checkouts.userId, key.userId), eq(checkouts.seasonId, key.seasonId), eq(checkouts.leaseId, leaseId));
  return {
    async take(terms, at) {
      const [row] = await db
        .insert(checkouts)
        .values({ ...key, ...terms })
        .onConflictDoUpdate({
          target: [checkouts.userId, checkouts.seasonId],
          set: terms,
          setWhere: or(isNull(checkouts.leaseId), lte(checkouts.leaseExpiresAt, at)),
        })
        .returning();
      return row;
    },
    async touch(leaseId, at, open) {
      const touched = await db
        .update(checkouts)
        .set({ ...open, updatedAt: at })
        .where(mine(leaseId))
        .returning({ userId: checkouts.userId });
      return touched.length > 0;
    },
    async release(leaseId) {
      await db.update(checkouts).set({ leaseId: null, leaseExpiresAt: null }).where(mine(leaseId));
    },
  };
}

/**
 * Runs `work` holding the payer's checkout lease for the season; the lease carries the payer's open intent
 * (`checkouts`), saved only while the lease is still this checkout's.
 */
export function withCheckoutLease<T>(
  db: Db,
  key: { userId: number; seasonId: number },
  now: () => Date,
  work: (lease: CheckoutLease) => Promise<T>,
): Promise<T> {
  const row = payerLeaseRow(db, key);
  return holdLease(row, now, CHECKOUT_BUSY, (taken, leaseId) => {
    let open: OpenIntent = {
      paymentIntentId: taken.paymentIntentId,
      paramsKey: taken.paramsKey,
      attempt: taken.attempt,
    };
    return work({
      get open() {
        return open;
      },
      async save(next) {
        if (!(await row.touch(leaseId, now(), next))) return false;
        open = { ...next };
        return true;
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A household's checkout (the family checkout)

function householdLeaseRow(db: Db, householdId: number): LeaseRow<{ householdId: number }> {
  const mine = (leaseId: string) =>
    and(eq(householdCheckoutLeases.householdId, householdId), eq(householdCheckoutLeases.leaseId, leaseId));
  return {
    async take(terms, at) {
      const [row] = await db
        .insert(householdCheckoutLeases)
        .values({ householdId, ...terms })
        .onConflictDoUpdate({
          target: householdCheckoutLeases.householdId,
          set: terms,
          setWhere: or(isNull(householdCheckoutLeases.leaseId), lte(householdCheckoutLeases.leaseExpiresAt, at)),
        })
        .returning({ householdId: householdCheckoutLeases.householdId });
      return row;
    },
    async touch(leaseId, at) {
      const touched = await db
        .update(householdCheckoutLeases)
        .set({ updatedAt: at })
        .where(mine(leaseId))
        .returning({ householdId: householdCheckoutLeases.householdId });
      return touched.length > 0;
    },
    async release(leaseId) {
      await db.update(householdCheckoutLeases).set({ leaseId: null, leaseExpiresAt: null }).where(mine(leaseId));
    },
  };
}

/**
 * Runs `work` holding the household's checkout lease. `stillHeld` says whether the lease is still this checkout's
 * (it expires after LEASE_MS), before an intent made under it is handed out.
 */
export function withHouseholdLease<T>(
  db: Db,
  householdId: number,
  now: () => Date,
  work: (stillHeld: () => Promise<boolean>) => Promise<T>,
): Promise<T> {
  const row = householdLeaseRow(db, householdId);
  return holdLease(row, now, HOUSEHOLD_CHECKOUT_BUSY, (_taken, leaseId) => work(() => row.touch(leaseId, now())));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import {
  mailOutbox,
  membershipCards,
  membershipPhases,
  memberships,
  paymentIntents,
  sandboxPaymentMethods,
} from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { SandboxCardPayments } from '../providers/payments/sandbox-payments.ts';
import type { SavedCardBehavior } from '../providers/payments/test-cards.ts';
import { issueToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { seedBillingDay } from '../test/billing-day.ts';
import { chargeOutstanding, NOT_SUCCESSFUL } from './catch-up.ts';
import { chargePhaseNow } from './collector.ts';
import { CATCH_UP_LEASE_MS } from './lease.ts';

/**
 * Issue 33, exactly once across an earlier attempt's open intent and the next charge (server/billing/earlier-intent.ts):
 * a family's catch-up charge after a card update ends waiting for 3-D Secure (requires_action); the family does
 * nothing; its lease runs out and the collector on the retry date (or a registrar's retry, or another card update)
 * charges the phases. That earlier intent is canceled first: one succeeded charge for the phases, one receipt, and the
 * family's late confirmation pays nothing. Had the family confirmed it without the return call coming, it is recorded
 * and nothing more is charged. For a household checkout's two athletes and one membership; on PGlite and PostgreSQL
 * (server-pg runs every app-harness file).
 */

const DUE = '2027-03-01';
const RETRY = toIsoDate(addDays(startOfDate(DUE), 1));
const FAST = { CARD_RATE_LIMIT: '10000', CARD_RATE_LIVE_LIMIT: '10000', SANDBOX_RATE_LIMIT: '10000' };
const TAG = 'open';
/** The retry date, after the catch-up's lease (taken on DUE) has long run out. */
const LATER = new Date(Date.parse(`${RETRY}T09:00:00Z`) + CATCH_UP_LEASE_MS);

let t: TestApp;
afterEach(async () => {
  await t.close();
});

interface Family {
  email: string;
  membership: { id: number; householdCheckoutId: number | null };
  phaseIds: number[];
  amountCents: number;
  paymentMethodId: string;
}

/**
 * A seeded billing day's household `household` (0: one athlete, 1: two) whose instalments due on DUE were declined:
 * failed, to be retried on RETRY. `detach`: its membership is a one-athlete checkout's.
 */
async function declinedFamily(household: number, detach: boolean): Promise<Family> {
  t = await createTestApp(FAST);
  t.setNow(new Date(`${DUE}T09:00:00Z`));
  const day = await seedBillingDay(t.db, { instalments: 6, dueOn: DUE, declineEvery: 0, tag: TAG });
  const email = `${TAG}-g${household}@example.com`;
  const rows = await t.db
    .select({ phase: membershipPhases, membership: memberships })
    .from(membershipPhases)
    .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
    .where(
      sql`${inArray(membershipPhases.membershipId, day.membershipIds)} and ${membershipPhases.dueOn} = ${DUE}
        and ${memberships.payerId} = (select id from users where email = ${email})`,
    );
  expect(rows).toHaveLength(household + 1);
  const phaseIds = rows.map((row) => row.phase.id).sort((a, b) => a - b);
  const membershipId = rows[0]!.membership.id;
  if (detach) await t.db.update(memberships).set({ householdCheckoutId: null }).where(eq(memberships.id, membershipId));
  await t.db
    .update(membershipPhases)
    .set({ status: 'failed', attempts: 1, firstFailedOn: DUE, nextAttemptOn: RETRY, failureCode: 'card_declined' })
    .where(inArray(membershipPhases.id, phaseIds));
  // The other families' instalments are collected on their day: the retry date's run is this family's alone.
  await staffRun(DUE);
  const [membership] = await t.db
    .select({ id: memberships.id, householdCheckoutId: memberships.householdCheckoutId })
    .from(memberships)
    .where(eq(memberships.id, membershipId));
  const [card] = await t.db.select().from(membershipCards).where(eq(membershipCards.membershipId, membershipId));
  return {
    email,
    membership: membership!,
    phaseIds,
    amountCents: rows.reduce((sum, row) => sum + row.phase.amountCents, 0),
    paymentMethodId: card!.paymentMethodId,
  };
}

/** How the sandbox answers charges of the family's saved card from now on (test-cards.ts `savedCardBehavior`). */
async function cardBehaves(family: Family, behavior: SavedCardBehavior) {
  await t.db
    .update(sandboxPaymentMethods)
    .set({ behavior })
    .where(eq(sandboxPaymentMethods.id, family.paymentMethodId));
}

/**
 * The family's card update on DUE with a card that needs 3-D Secure (4000 0027 6000 3184's behaviour): the catch-up
 * charge waits for the family (requires_action), its phases carry the intent. Then the bank stops asking (the sandbox
 * has no card that asks on-session only), so the next charge, off-session, can succeed.
 */
async function catchUpAwaitingAuthentication(family: Family) {
  await cardBehaves(family, 'authenticate');
  const answer = await chargeOutstanding(t.deps, family.membership, 'seti_opentest0001');
  expect(answer).toMatchObject({ outcome: 'requires_action', amount_cents: family.amountCents });
  const pending = answer.payment_intent!;
  for (const phase of await phasesOf(family)) expect(phase).toMatchObject({ providerChargeId: pending.id });
  await cardBehaves(family, 'succeed');
  return pending;
}

/** The family's browser: the sandbox's 3-D Secure page for the intent (as Stripe.js confirms it). */
const browser = () => new SandboxCardPayments(t.db, () => new Date(), { rateLimitPerSecond: 100_000 });

async function staffRun(asOf: string) {
  const res = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(res.status, res.text).toBe(200);
  return res.body as { charged: number; failed: number };
}

/** The return call after the 3-D Secure page (POST /api/memberships/{id}/collect). */
async function returnCall(family: Family, intentId: string) {
  const res = await t.call('POST', `/api/memberships/${family.membership.id}/collect`, {
    token: await issueToken(t.db, await userId(t.db, family.email), 'session', t.deps.now()),
    body: { payment_intent_id: intentId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { outcome: string; message: string | null };
}

async function phasesOf(family: Family) {
  return t.db
    .select()
    .from(membershipPhases)
    .where(inArray(membershipPhases.id, family.phaseIds))
    .orderBy(membershipPhases.id);
}

async function intentStatus(id: string) {
  const [row] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row?.status;
}

/** Each phase → the sandbox's succeeded charges (any kind) whose phases include it. */
async function succeededChargesOf(family: Family) {
  const intents = await t.db.select().from(paymentIntents).where(eq(paymentIntents.status, 'succeeded'));
  const covering = new Map<number, { id: string; amountCents: number; kind: string | undefined }[]>();
  for (const intent of intents) {
    const ids = (intent.metadata.phase_ids ?? intent.metadata.phase_id ?? '').split(',').filter(Boolean).map(Number);
    for (const id of ids) {
      covering.set(id, [
        ...(covering.get(id) ?? []),
        { id: intent.id, amountCents: intent.amountCents, kind: intent.metadata.kind },
      ]);
    }
  }
  return family.phaseIds.map((id) => covering.get(id) ?? []);
}

/** Exactly one succeeded charge of `kind` covers every phase, for their sum; they are paid by it; one receipt. */
async function expectPaidOnce(family: Family, kind: string) {
  const charges = await succeededChargesOf(family);
  const [first] = charges[0] ?? [];
  for (const covering of charges) expect(covering).toEqual([first]);
  expect(first).toMatchObject({ kind, amountCents: family.amountCents });
  for (const phase of await phasesOf(family)) {
    expect(phase).toMatchObject({ status: 'paid', providerChargeId: first!.id, chargeKey: null, leaseId: null });
  }
  const receipts = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, family.email), sql`${mailOutbox.subject} like 'Receipt%'`));
  expect(receipts).toHaveLength(1);
}

const shapes = [
  { who: "a household checkout's two athletes", household: 1, detach: false },
  { who: "one membership's", household: 0, detach: true },
];

describe('a catch-up charge left waiting for 3-D Secure is settled before anyone charges its phases', () => {
  it.each(shapes)('$who: the family does nothing; the collector cancels it and charges once', async (shape) => {
    const family = await declinedFamily(shape.household, shape.detach);
    const pending = await catchUpAwaitingAuthentication(family);

    t.setNow(LATER);
    expect(await staffRun(RETRY)).toMatchObject({ charged: 1, failed: 0 });
    expect(await intentStatus(pending.id)).toBe('canceled');
    await expectPaidOnce(family, 'instalment');

    // The family authenticates late: the canceled intent cannot be confirmed, the return call says so, nothing more
    // is paid, and the collector has nothing left to do.
    expect(await browser().confirm(pending.id, pending.client_secret, null)).toMatchObject({
      kind: 'unexpected-state',
    });
    expect(await returnCall(family, pending.id)).toMatchObject({ outcome: 'failed', message: NOT_SUCCESSFUL });
    expect(await intentStatus(pending.id)).toBe('canceled');
    expect(await staffRun(RETRY)).toMatchObject({ charged: 0, failed: 0 });
    await expectPaidOnce(family, 'instalment');
  });

  it.each(shapes)('$who: the family confirmed, the return call never came; the collector records it', async (shape) => {
    const family = await declinedFamily(shape.household, shape.detach);
    const pending = await catchUpAwaitingAuthentication(family);
    expect(await browser().authenticate(pending.id, pending.client_secret, true)).toMatchObject({
      intent: { status: 'succeeded' },
    });

    t.setNow(LATER);
    expect(await staffRun(RETRY)).toMatchObject({ charged: 1, failed: 0 });
    await expectPaidOnce(family, 'catch_up');
    expect(await staffRun(RETRY)).toMatchObject({ charged: 0, failed: 0 });
    // The return call comes at last: paid, and nothing recorded twice.
    expect(await returnCall(family, pending.id)).toMatchObject({ outcome: 'paid' });
    await expectPaidOnce(family, 'catch_up');
  });

  it("a registrar's retry cancels it and charges once", async () => {
    const family = await declinedFamily(0, true);
    const pending = await catchUpAwaitingAuthentication(family);
    t.setNow(LATER);
    expect(await chargePhaseNow(t.deps, family.phaseIds[0]!, RETRY)).toBe('charged');
    expect(await intentStatus(pending.id)).toBe('canceled');
    await expectPaidOnce(family, 'instalment');
    expect(await returnCall(family, pending.id)).toMatchObject({ outcome: 'failed', message: NOT_SUCCESSFUL });
    await expectPaidOnce(family, 'instalment');
  });

  it.each(shapes)('$who: another card update after the lease cancels it and charges once', async (shape) => {
    const family = await declinedFamily(shape.household, shape.detach);
    const pending = await catchUpAwaitingAuthentication(family);
    t.setNow(LATER);
    const answer = await chargeOutstanding(t.deps, family.membership, 'seti_opentest0002');
    expect(answer).toMatchObject({ outcome: 'paid', amount_cents: family.amountCents });
    expect(await intentStatus(pending.id)).toBe('canceled');
    await expectPaidOnce(family, 'catch_up');
    expect(await returnCall(family, pending.id)).toMatchObject({ outcome: 'failed', message: NOT_SUCCESSFUL });
    await expectPaidOnce(family, 'catch_up');
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, startOfDate, toIsoDate } from '../../src/domain/dates.ts';
import { paymentIntents, sandboxPaymentMethods } from '../db/schema/index.ts';
import { SandboxCardPayments } from '../providers/payments/sandbox-payments.ts';
import type { SavedCardBehavior } from '../providers/payments/test-cards.ts';
import { issueToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import {
  type DeclinedFamily,
  declinedFamily as declined,
  expectPaidOnce as paidOnce,
  phasesOf as phasesOfFamily,
  staffRun as runAsOf,
} from '../test/declined-family.ts';
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

type Family = DeclinedFamily;

/**
 * The seeded billing day's household `household` (0: one athlete, 1: two), declined on DUE (server/test/declined-family.ts);
 * the other families' instalments are collected on their day: the retry date's run is this family's alone.
 */
async function declinedFamily(household: number, detach: boolean): Promise<Family> {
  t = await createTestApp(FAST);
  t.setNow(new Date(`${DUE}T09:00:00Z`));
  const family = await declined(t, { tag: TAG, dueOn: DUE, retryOn: RETRY, household, detach });
  await staffRun(DUE);
  return family;
}

const staffRun = (asOf: string) => runAsOf(t, asOf);
const phasesOf = (family: Family) => phasesOfFamily(t, family);
const expectPaidOnce = (family: Family, kind: string) => paidOnce(t, family, kind);

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

/** The return call after the 3-D Secure page (POST /api/memberships/{id}/collect). */
async function returnCall(family: Family, intentId: string) {
  const res = await t.call('POST', `/api/memberships/${family.membership.id}/collect`, {
    token: await issueToken(t.db, await userId(t.db, family.email), 'session', t.deps.now()),
    body: { payment_intent_id: intentId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { outcome: string; message: string | null };
}

async function intentStatus(id: string) {
  const [row] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row?.status;
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

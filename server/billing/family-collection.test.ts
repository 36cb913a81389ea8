import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, membershipCards, membershipPhases, memberships, paymentIntents } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';

/**
 * Issue 20 point 3 end to end on the server: what the family checkout records (one membership per athlete, the one
 * card on each, the household checkout) is what the collector charges together: Pat pays Sam's and Alex's 3-month
 * plans in one checkout, and each instalment date is one charge of both athletes' instalments, one receipt to Pat.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };

function ok<T>(answer: { status: number; body: unknown; text: string }): T {
  expect(answer.status, answer.text).toBe(200);
  return answer.body as T;
}

/** Pat's athletes claim TIGERS-2027 with their own tokens (the athlete steps), then Pat pays both in one checkout. */
async function payBothMonthly() {
  const pat = await t.tokenFor('parent@example.com');
  const athletes = ok<{ user_id: number; name: string; token: string }[]>(
    await t.call('GET', '/api/user/athletes', { token: pat }),
  );
  for (const athlete of athletes) {
    const body = { license_code: 'TIGERS-2027' };
    expect((await t.call('POST', '/api/subscribe/claim-license', { token: athlete.token, body })).status).toBe(200);
    expect((await t.call('POST', '/api/user/latest-license', { token: athlete.token, body })).status).toBe(200);
  }
  const lines = athletes.map((athlete) => ({ athlete_id: athlete.user_id, payment_plan_month: 3 }));
  const started = ok<{ checkout_id: string; payment_intent_id: string; client_secret: string }>(
    await t.call('POST', '/api/household/checkout', {
      token: pat,
      body: { athletes: lines, checkout_key: 'family-3m' },
    }),
  );
  await (t.providers.payments as SandboxCardPayments).confirm(started.payment_intent_id, started.client_secret, card);
  const done = ok<{ membership_ids: number[]; refunded: boolean }>(
    await t.call('POST', '/api/household/checkout-success', {
      token: pat,
      body: { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id },
    }),
  );
  expect(done.refunded).toBe(false);
  return { membershipIds: done.membership_ids, athleteIds: athletes.map((athlete) => athlete.user_id) };
}

describe('a family checkout collected by the collector', () => {
  it('charges both athletes’ instalments of one date as one charge on the one card, with one receipt to Pat', async () => {
    const { membershipIds, athleteIds } = await payBothMonthly();
    expect(membershipIds).toHaveLength(2);
    const rows = await t.db.select().from(memberships).where(inArray(memberships.id, membershipIds));
    expect(rows.map((row) => row.userId).sort()).toEqual([...athleteIds].sort());
    expect(new Set(rows.map((row) => row.householdCheckoutId)).size).toBe(1);
    const checkoutId = rows[0]!.householdCheckoutId!;
    const cards = await t.db.select().from(membershipCards).where(inArray(membershipCards.membershipId, membershipIds));
    expect(new Set(cards.map((saved) => saved.paymentMethodId)).size).toBe(1);

    const phases = await t.db
      .select()
      .from(membershipPhases)
      .where(and(inArray(membershipPhases.membershipId, membershipIds), eq(membershipPhases.seq, 1)))
      .orderBy(asc(membershipPhases.membershipId));
    expect(phases).toHaveLength(2);
    const dueOn = phases[0]!.dueOn;
    expect(phases[1]!.dueOn).toBe(dueOn);
    const receiptsBefore = await t.db.select().from(mailOutbox).where(sql`${mailOutbox.subject} like 'Receipt:%'`);

    const run = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: dueOn } });
    expect(run.status, run.text).toBe(200);
    expect(run.body).toMatchObject({ charged: 1, failed: 0 });

    const charges = await t.db
      .select()
      .from(paymentIntents)
      .where(sql`${paymentIntents.metadata}->>'household_checkout_id' = ${String(checkoutId)}`);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amountCents).toBe(phases[0]!.amountCents + phases[1]!.amountCents);
    const paid = await t.db
      .select()
      .from(membershipPhases)
      .where(and(inArray(membershipPhases.membershipId, membershipIds), eq(membershipPhases.seq, 1)));
    expect(paid.map((phase) => [phase.status, phase.providerChargeId])).toEqual([
      ['paid', charges[0]!.id],
      ['paid', charges[0]!.id],
    ]);
    const receipts = (await t.db.select().from(mailOutbox).where(sql`${mailOutbox.subject} like 'Receipt:%'`)).slice(
      receiptsBefore.length,
    );
    expect(receipts.map((mail) => mail.to)).toEqual(['parent@example.com']);
    expect(receipts[0]!.subject).toContain('Sam Rivera and Alex Rivera');

    // A second run for the same date charges nothing new.
    const again = await t.call('POST', '/api/staff/billing/run', {
      token: DEFAULT_STAFF_TOKEN,
      body: { as_of: dueOn },
    });
    expect(again.body).toMatchObject({ charged: 0, failed: 0 });
  });
});

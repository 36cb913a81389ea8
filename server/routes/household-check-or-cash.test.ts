import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  householdCheckouts,
  mailOutbox,
  membershipPhases,
  memberships,
  paymentIntents,
  teams,
} from '../db/schema/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import type { HouseholdCheckoutAnswer as CheckoutAnswer } from '../services/checkout/index.ts';
import { releaseExpiredHolds } from '../services/seat-holds.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { approvedAward } from '../test/assistance-awards.ts';
import { expectError } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 34 points 3 and 4 in the family checkout (docs/api.md "Family checkout"): `payment_method: 'check_or_cash'`
 * records every athlete 'Awaiting payment' through the one checkout, and the family's one receipt lists an athlete's
 * 'Financial assistance'. The fixtures' Rivera household (Sam and Alex) on Northside's 12U Tigers (check or cash
 * accepted, 14 days) and Lakeside's 10U Waves (neither offered). On PostgreSQL too (server-pg runs every file).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const INSTRUCTIONS =
  'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.';
const DAY_MS = 24 * 3600 * 1000;

interface Athlete {
  id: number;
  name: string;
  token: string;
}

/** Pat's athletes Sam and Alex, each with the licence claimed and made their latest with their own token. */
async function riveras(code = 'TIGERS-2027') {
  const pat = await t.tokenFor('parent@example.com');
  const listed = (await t.call('GET', '/api/user/athletes', { token: pat })).body as {
    user_id: number;
    name: string;
    token: string;
  }[];
  const athletes: Athlete[] = listed.map((a) => ({ id: a.user_id, name: a.name, token: a.token }));
  const [sam, alex] = ['Sam Rivera', 'Alex Rivera'].map((name) => athletes.find((a) => a.name === name)!);
  for (const athlete of [sam!, alex!]) {
    for (const path of ['/api/subscribe/claim-license', '/api/user/latest-license']) {
      const answer = await t.call('POST', path, { token: athlete.token, body: { license_code: code } });
      expect(answer.status, answer.text).toBe(200);
    }
  }
  return { pat, sam: sam!, alex: alex! };
}

const line = (athlete: Athlete, month = 0) => ({
  athlete_id: athlete.id,
  payment_plan_month: month,
  include_payment_protection_plan: false,
});

const checkout = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/household/checkout', { token, body });

const byCheck = (athletes: Athlete[], key: string, months: number[] = []) => ({
  athletes: athletes.map((athlete, index) => line(athlete, months[index] ?? 0)),
  checkout_key: key,
  payment_method: 'check_or_cash',
});

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));

const householdIntents = () =>
  t.db.select().from(paymentIntents).where(sql`${paymentIntents.metadata}->>'household_checkout' is not null`);

const recordedFor = (ids: number[]) =>
  t.db
    .select()
    .from(memberships)
    .where(and(inArray(memberships.userId, ids), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.userId));

describe('a family checkout by check or cash (issue 34 point 4)', () => {
  it("records every athlete 'Awaiting payment' with its plan, holds the seats 14 days and e-mails the instructions once", async () => {
    const { pat, sam, alex } = await riveras();
    const before = Date.now();
    const answer = await checkout(pat, byCheck([sam, alex], 'family-by-check', [0, 3]));
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body as CheckoutAnswer;
    expect(body).toMatchObject({
      payment_complete: 1,
      client_secret: null,
      payment_intent_id: null,
      setup_intent_id: null,
      receipt: null,
    });
    const awaiting = body.awaiting_payment!;
    expect(awaiting).toMatchObject({
      instructions: INSTRUCTIONS,
      organization: { name: 'Northside Youth Baseball' },
    });
    expect(awaiting.athletes.map((a) => [a.name, a.plan_name, a.amount_due_cents])).toEqual([
      ['Sam Rivera', 'Pay in full', 47500],
      ['Alex Rivera', '3 monthly payments', expect.any(Number)],
    ]);
    expect(awaiting.amount_due_cents).toBe(awaiting.athletes.reduce((sum, a) => sum + a.amount_due_cents, 0));
    const holdUntil = Date.parse(awaiting.hold_until);
    expect(holdUntil).toBeGreaterThanOrEqual(before + 14 * DAY_MS - 1000);
    expect(holdUntil).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS + 1000);

    // Nothing charged, no intent; each membership of the one checkout, awaiting payment, every phase owed.
    expect(await householdIntents()).toEqual([]);
    const recorded = await recordedFor([sam.id, alex.id]);
    const [row] = await t.db.select().from(householdCheckouts);
    expect(row).toMatchObject({ status: 'paid', paymentIntentId: null, setupIntentId: null });
    expect(recorded.map((m) => m.id).sort()).toEqual(awaiting.athletes.map((a) => a.membership_id).sort());
    for (const membership of recorded) {
      expect(membership).toMatchObject({ paysByCheckOrCash: true, paidTodayCents: 0, householdCheckoutId: row!.id });
      expect(membership.awaitingPaymentUntil?.toISOString()).toBe(awaiting.hold_until);
    }
    expect(recorded.find((m) => m.userId === alex.id)?.paymentPlanMonth).toBe(3);
    const phases = await t.db
      .select()
      .from(membershipPhases)
      .where(
        inArray(
          membershipPhases.membershipId,
          recorded.map((m) => m.id),
        ),
      );
    expect(phases.length).toBeGreaterThan(2);
    expect(phases.every((phase) => phase.status === 'scheduled' && phase.nextAttemptOn === null)).toBe(true);

    // One e-mail with the instructions for the household; no receipt (nothing was paid).
    const mails = await mailsTo('parent@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual(['How to pay Northside Youth Baseball by check or cash']);
    expect(mails[0]?.text).toContain('Sam Rivera is registered for 12U Tigers (Spring 2027).');
    expect(mails[0]?.text).toContain('Alex Rivera is registered for 12U Tigers (Spring 2027).');
    expect(mails[0]?.text).toContain(`How to pay: ${INSTRUCTIONS}`);
    expect(mails[0]?.text).toContain('Your plan: 3 monthly payments.');

    // Sent again (the same key): the same answer, nothing recorded or e-mailed twice.
    const again = await checkout(pat, byCheck([sam, alex], 'family-by-check', [0, 3]));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(body);
    expect(await mailsTo('parent@example.com')).toHaveLength(1);
    expect(await recordedFor([sam.id, alex.id])).toHaveLength(2);
    // Another checkout for the same athletes: one membership per athlete and season.
    expectError(
      await checkout(pat, byCheck([sam, alex], 'another-checkout')),
      409,
      'These athletes are already paid for.',
    );
  });

  it('is refused (422 on payment_method) where the organization does not accept check or cash; nothing recorded', async () => {
    const { pat, sam, alex } = await riveras('WAVES-2027');
    const refused = expectError(
      await checkout(pat, byCheck([sam, alex], 'lakeside-by-check')),
      422,
      'This organization does not accept checks or cash.',
    );
    expect(refused.messages.payment_method).toEqual(['This organization does not accept checks or cash.']);
    expect(await recordedFor([sam.id, alex.id])).toEqual([]);
    expect(await t.db.select().from(householdCheckouts)).toEqual([]);
    expect(await mailsTo('parent@example.com')).toEqual([]);
    // The card, as before.
    const card = await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: 'lakeside-by-card' });
    expect(card.status, card.text).toBe(200);
  });

  it("cancels the household's open card intent before recording by check or cash", async () => {
    const { pat, sam, alex } = await riveras();
    const card = await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: 'card-first-1' });
    expect(card.status, card.text).toBe(200);
    const intentId = (card.body as CheckoutAnswer).payment_intent_id!;
    const answer = await checkout(pat, byCheck([sam, alex], 'card-first-1'));
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as CheckoutAnswer).awaiting_payment?.athletes).toHaveLength(2);
    const payments = t.providers.payments as SandboxCardPayments;
    expect(await payments.retrieveIntent(intentId)).toMatchObject({ status: 'canceled' });
    const rows = await t.db.select().from(householdCheckouts).orderBy(asc(householdCheckouts.id));
    expect(rows.map((row) => row.status)).toEqual(['canceled', 'paid']);
  });

  it("the registrar's offline mark ends 'Awaiting payment' and sends that athlete's receipt", async () => {
    const { pat, sam, alex } = await riveras();
    const answer = await checkout(pat, byCheck([sam, alex], 'family-mark-1'));
    const awaiting = (answer.body as CheckoutAnswer).awaiting_payment!;
    const sams = awaiting.athletes.find((a) => a.name === 'Sam Rivera')!;
    const [phase] = await t.db
      .select()
      .from(membershipPhases)
      .where(and(eq(membershipPhases.membershipId, sams.membership_id), eq(membershipPhases.seq, 0)));
    // A family cannot mark itself paid.
    expectError(
      await t.call('POST', `/api/admin/memberships/${sams.membership_id}/phases/${phase!.id}/offline`, {
        token: pat,
        body: { method: 'cheque', note: '' },
      }),
      403,
    );
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const marked = await t.call('POST', `/api/admin/memberships/${sams.membership_id}/phases/${phase!.id}/offline`, {
      token: registrar,
      body: { method: 'cheque', note: 'Cheque 2211' },
    });
    expect(marked.status, marked.text).toBe(200);
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.id, sams.membership_id));
    expect(membership?.awaitingPaymentUntil).toBeNull();
    const subjects = (await mailsTo('parent@example.com')).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Receipt: $475.00'))).toHaveLength(1);
  });
});

describe("the family's receipt with an award (issue 34 point 3)", () => {
  it("lists 'Financial assistance' for the athlete with an award, in the answer and the one e-mail", async () => {
    const { pat, sam, alex } = await riveras();
    const [tigers] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
    await approvedAward(t, sam.token, {
      team_id: tigers!.id,
      share_percent: 50,
      free_or_reduced_meals: false,
      reason: 'Hard winter.',
    });

    const started = await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: 'award-card-1' });
    expect(started.status, started.text).toBe(200);
    const open = started.body as CheckoutAnswer;
    const payments = t.providers.payments as SandboxCardPayments;
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };
    await payments.confirm(open.payment_intent_id!, open.client_secret!, card);
    const done = await t.call('POST', '/api/household/checkout-success', {
      token: pat,
      body: { checkout_id: open.checkout_id, stripe_payment_intent_id: open.payment_intent_id },
    });
    expect(done.status, done.text).toBe(200);
    const receipt = (done.body as { receipt: NonNullable<CheckoutAnswer['receipt']> }).receipt;
    expect(receipt.athletes.find((a) => a.name === 'Sam Rivera')).toMatchObject({ financial_assistance_cents: 22500 });
    expect(receipt.athletes.find((a) => a.name === 'Alex Rivera')).not.toHaveProperty('financial_assistance_cents');
    const [mail] = (await mailsTo('parent@example.com')).filter((m) => m.subject.startsWith('Receipt:'));
    expect(mail?.text).toContain('Financial assistance: -$225.00');
    expect(mail?.text.match(/Financial assistance/g)).toHaveLength(1);
  });
});

describe('an athlete a 100 % award covers, in a family checkout by check or cash', () => {
  it('is recorded paid with its $0 receipt, never held or released; the sibling alone awaits payment', async () => {
    const { pat, sam, alex } = await riveras();
    const [tigers] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
    await approvedAward(t, sam.token, {
      team_id: tigers!.id,
      share_percent: 100,
      free_or_reduced_meals: false,
      reason: 'Lost a job.',
    });

    const answer = await checkout(pat, byCheck([sam, alex], 'covered-by-award'));
    expect(answer.status, answer.text).toBe(200);
    const awaiting = (answer.body as CheckoutAnswer).awaiting_payment!;
    expect(awaiting.athletes.map((a) => [a.name, a.amount_due_cents])).toEqual([
      ['Sam Rivera', 0],
      ['Alex Rivera', expect.any(Number)],
    ]);
    const [samsMembership, alexsMembership] = await recordedFor([sam.id, alex.id]);
    expect(samsMembership).toMatchObject({ paysByCheckOrCash: false, awaitingPaymentUntil: null });
    expect(alexsMembership).toMatchObject({ paysByCheckOrCash: true });
    const samsPhases = await t.db
      .select()
      .from(membershipPhases)
      .where(eq(membershipPhases.membershipId, samsMembership!.id));
    expect(samsPhases.map((phase) => [phase.amountCents, phase.status])).toEqual([[0, 'paid']]);

    // The instructions name Alex alone; Sam's $0 receipt carries the award.
    const mails = await mailsTo('parent@example.com');
    const instructions = mails.filter((mail) => mail.text.includes(INSTRUCTIONS));
    expect(instructions).toHaveLength(1);
    expect(instructions[0]?.text).toContain('Alex Rivera');
    expect(instructions[0]?.text).not.toContain('Sam Rivera');
    const receipt = mails.find((mail) => mail.subject.startsWith('Receipt: $0.00'));
    expect(receipt?.text ?? '').toContain('Financial assistance: -$450.00');

    // The same Pay Now sent again answers the same (no second e-mail).
    const again = await checkout(pat, byCheck([sam, alex], 'covered-by-award'));
    expect(again.status, again.text).toBe(200);
    expect((again.body as CheckoutAnswer).awaiting_payment?.athletes.map((a) => a.amount_due_cents)).toEqual(
      awaiting.athletes.map((a) => a.amount_due_cents),
    );
    expect((await mailsTo('parent@example.com')).length).toBe(mails.length);

    // Past the club's 14 days only Alex's unpaid hold is released; Sam keeps his seat.
    await releaseExpiredHolds(t.deps, new Date(Date.now() + 15 * DAY_MS));
    const after = await t.db
      .select({ userId: memberships.userId, status: memberships.status })
      .from(memberships)
      .where(inArray(memberships.userId, [sam.id, alex.id]))
      .orderBy(asc(memberships.userId));
    expect(after.find((m) => m.userId === sam.id)?.status).toBe('active');
    expect(after.find((m) => m.userId === alex.id)?.status).not.toBe('active');
  });
});

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phasesOf } from '../billing/phases.ts';
import {
  householdCheckouts,
  licenceClaims,
  licences,
  mailOutbox,
  membershipCards,
  memberships,
  paymentIntents,
  teams,
} from '../db/schema/index.ts';
import { householdFailureMail, householdReceiptMail, householdReminderMail } from '../mail/household-billing-mails.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import {
  type HouseholdCheckoutAnswer as CheckoutAnswer,
  type QuoteJson as Quote,
  type HouseholdCheckoutSuccessAnswer as SuccessAnswer,
  withHouseholdLease,
} from '../services/checkout/index.ts';
import { ensureHousehold } from '../services/households.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { loggingApp, sendJson } from '../test/logging-app.ts';

/**
 * Issue 20 points 1, 2, 3 and 5 on the server: the family checkout (quote, checkout, checkout-success) and the
 * household discount on the spec's one-athlete path, from the fixtures' Rivera household (Pat and Jamie Rivera,
 * athletes Sam and Alex; Northside 10 % / 15 %). The athletes' claims and latest licences are set through the calls
 * the site makes with each athlete's token. On PostgreSQL too (the server-pg project runs every app-harness file).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const sandbox = () => t.providers.payments as SandboxCardPayments;
const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' };

interface Athlete {
  id: number;
  name: string;
  token: string;
}

function ok<T>(answer: { status: number; body: unknown; text: string }): T {
  expect(answer.status, answer.text).toBe(200);
  return answer.body as T;
}

/** The guardian's athletes with their own tokens, as the site gets them. */
async function athletesOf(guardianToken: string): Promise<Athlete[]> {
  const list = ok<{ user_id: number; name: string; token: string }[]>(
    await t.call('GET', '/api/user/athletes', { token: guardianToken }),
  );
  return list.map((athlete) => ({ id: athlete.user_id, name: athlete.name, token: athlete.token }));
}

/** The athlete steps with the athlete's token: claim the licence, then make it the athlete's latest. */
async function enrol(athlete: Athlete, code: string): Promise<void> {
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: athlete.token,
    body: { license_code: code },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  const latest = await t.call('POST', '/api/user/latest-license', {
    token: athlete.token,
    body: { license_code: code },
  });
  expect(latest.status, latest.text).toBe(200);
}

interface Riveras {
  pat: string;
  jamie: string;
  sam: Athlete;
  alex: Athlete;
}

async function riveras(code: string | [string, string] = 'TIGERS-2027'): Promise<Riveras> {
  const pat = await t.tokenFor('parent@example.com');
  const jamie = await t.tokenFor('coparent@example.com');
  const athletes = await athletesOf(pat);
  const sam = athletes.find((athlete) => athlete.name === 'Sam Rivera')!;
  const alex = athletes.find((athlete) => athlete.name === 'Alex Rivera')!;
  const [samCode, alexCode] = typeof code === 'string' ? [code, code] : code;
  await enrol(sam, samCode);
  await enrol(alex, alexCode);
  return { pat, jamie, sam, alex };
}

const line = (athlete: Athlete, month: number | null = 0, protection = false) => ({
  athlete_id: athlete.id,
  payment_plan_month: month,
  include_payment_protection_plan: protection,
});

const quote = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/household/quote', { token, body });
const checkout = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/household/checkout', { token, body });
const success = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/household/checkout-success', { token, body });

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

async function confirm(answer: CheckoutAnswer, card = goodCard) {
  if (answer.setup_intent_id) {
    return sandbox().confirmSetup(answer.setup_intent_id, answer.client_secret!, card);
  }
  return sandbox().confirm(answer.payment_intent_id!, answer.client_secret!, card);
}

/** Checkout, card confirmed in the sandbox, checkout-success: what the site does on Pay Now. */
async function pay(token: string, body: Record<string, unknown>): Promise<SuccessAnswer> {
  const started = ok<CheckoutAnswer>(await checkout(token, { checkout_key: newKey(), ...body }));
  if (started.payment_complete === 1) {
    return { payment_complete: 1, membership_ids: [], refunded: false, receipt: started.receipt };
  }
  await confirm(started);
  return ok<SuccessAnswer>(
    await success(token, {
      checkout_id: started.checkout_id,
      ...(started.setup_intent_id
        ? { stripe_setup_intent_id: started.setup_intent_id }
        : { stripe_payment_intent_id: started.payment_intent_id }),
    }),
  );
}

const activeOf = (ids: number[]) =>
  t.db
    .select()
    .from(memberships)
    .where(and(inArray(memberships.userId, ids), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.userId));

const receiptsTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} like 'Receipt:%'`));

const householdIntents = () =>
  t.db.select().from(paymentIntents).where(sql`${paymentIntents.metadata}->>'household_checkout' is not null`);

describe('POST /api/household/quote', () => {
  it("prices the fixtures' example: Sam and Alex on 12U Tigers, pay in full, $905.00 with a $45.00 sibling discount", async () => {
    const { pat, sam, alex } = await riveras();
    const answer = ok<Quote>(await quote(pat, { athletes: [line(sam), line(alex)] }));
    expect(answer).toMatchObject({
      sibling_discount_cents: 4500,
      today_cents: 90500,
      later_cents: 0,
      total_cents: 90500,
      ready: true,
      discount: null,
      waivers: [{ organization_name: 'Northside Youth Baseball' }],
    });
    const [first, second] = answer.athletes;
    expect(first).toMatchObject({
      athlete_id: sam.id,
      name: 'Sam Rivera',
      team: { name: '12U Tigers' },
      season: { name: 'Spring 2027' },
      dues_cents: 45000,
      sibling_discount_cents: 0,
      position: 1,
      app_fee_cents: 2500,
      today_cents: 47500,
      problem: null,
    });
    expect(second).toMatchObject({
      athlete_id: alex.id,
      sibling_discount_cents: 4500,
      sibling_discount_percent: 10,
      position: 2,
      today_cents: 43000,
      total_cents: 43000,
      problem: null,
    });
    // Alex's plans are computed with the sibling discount: pay in full 430.00.
    expect(second?.payment_plans[0]?.phases[0]?.amount_cents).toBe(43000);
    // The quote writes nothing.
    expect(await t.db.select().from(householdCheckouts)).toEqual([]);
  });

  it('combines a code and the household discount (SAVE10 first, then 10 % of what is left)', async () => {
    const { pat, sam, alex } = await riveras();
    const answer = ok<Quote>(await quote(pat, { athletes: [line(sam), line(alex)], discount_code: 'save10' }));
    expect(answer.discount).toMatchObject({ code: 'SAVE10' });
    expect(answer.athletes.map((l) => [l.code_discount_cents, l.sibling_discount_cents, l.today_cents])).toEqual([
      [4500, 0, 43000],
      [4500, 4050, 38950],
    ]);
    expect(answer).toMatchObject({ sibling_discount_cents: 4050, today_cents: 81950 });
  });

  it('answers a problem per line: another household, no claim, already a member; 422 for codes and organizations', async () => {
    const { pat, sam, alex } = await riveras();
    const jordan = await userId(t.db, 'jordanlee');
    const answer = ok<Quote>(
      await quote(pat, { athletes: [line(sam), { athlete_id: jordan, payment_plan_month: 0 }, line(alex, null)] }),
    );
    expect(answer.athletes.map((l) => l.problem)).toEqual([null, 'Athlete not found.', null]);
    expect(answer.athletes[1]).toMatchObject({ team: null, name: '', today_cents: 0 });
    // Alex has no plan chosen yet: not ready, and only Sam counts in the totals.
    expect(answer).toMatchObject({ ready: false, today_cents: 47500 });

    expectError(await quote(pat, { athletes: [line(sam)], discount_code: 'NOPE' }), 422, 'Code not found.');
    const inactive = expectError(await quote(pat, { athletes: [line(sam)], discount_code: 'OLDCODE' }), 422);
    expect(inactive.messages.discount_code).toEqual(['This discount code is no longer active.']);
    expectError(await quote(pat, { athletes: [line(sam), line(sam)] }), 422);
    expectError(await quote(pat, { athletes: [] }), 422);
    expectError(await quote(await t.tokenFor('samrivera'), { athletes: [line(sam)] }), 403);
    expectError(await quote(await t.tokenFor('coach@example.com'), { athletes: [line(sam)] }), 403);
    expectError(await t.call('POST', '/api/household/quote', { body: { athletes: [line(sam)] } }), 401);
  });

  it("names a missing claim and a paused licence as the line's problem", async () => {
    const { pat, sam, alex } = await riveras();
    await t.db.delete(licenceClaims).where(eq(licenceClaims.userId, alex.id));
    let answer = ok<Quote>(await quote(pat, { athletes: [line(sam), line(alex)] }));
    expect(answer.athletes.map((l) => l.problem)).toEqual([null, 'You have not claimed a licence for this team.']);
    // Sam alone counts: no sibling discount for him.
    expect(answer).toMatchObject({ today_cents: 47500, sibling_discount_cents: 0, ready: false });
    await t.db.update(licences).set({ paused: true }).where(eq(licences.code, 'TIGERS-2027'));
    answer = ok<Quote>(await quote(pat, { athletes: [line(sam), line(alex)] }));
    expect(answer.athletes.map((l) => l.problem)).toEqual([
      'Registration has been paused by the organization.',
      'Registration has been paused by the organization.',
    ]);
    const refused = expectError(
      await checkout(pat, { athletes: [line(sam)], checkout_key: newKey() }),
      409,
      'Registration has been paused by the organization.',
    );
    expect(refused.messages).toEqual({ [`athletes.${sam.id}`]: ['Registration has been paused by the organization.'] });
  });

  it('refuses athletes of two organizations in one checkout (422 on athletes)', async () => {
    const { pat, sam, alex } = await riveras(['TIGERS-2027', 'WAVES-2027']);
    const refused = expectError(await quote(pat, { athletes: [line(sam), line(alex)] }), 422);
    expect(refused.messages.athletes).toEqual([
      'All athletes of one checkout must register with the same organization.',
    ]);
  });
});

describe('only a guardian pays for a household', () => {
  it.each(['samrivera', 'coach@example.com'])(
    'refuses %s with 403 on every call, before the body is read',
    async (login) => {
      const token = await t.tokenFor(login);
      const { sam } = await riveras();
      const calls: [string, unknown][] = [
        ['/api/household/quote', { athletes: [line(sam)] }],
        // An invalid body does not turn the 403 into a 422 (as on the household's other calls).
        ['/api/household/quote', {}],
        ['/api/household/checkout', { athletes: [line(sam)], checkout_key: newKey() }],
        ['/api/household/checkout', { athletes: 'none' }],
        ['/api/household/checkout-success', { checkout_id: 'hc_x', stripe_payment_intent_id: 'pi_x' }],
        ['/api/household/checkout-success', {}],
      ];
      for (const [path, body] of calls) {
        expectError(await t.call('POST', path, { token, body }), 403, 'Only a guardian can manage a household.');
      }
    },
  );
});

describe("the quote's session, looked up in the quote's own statement", () => {
  const unauthenticated = (answer: Parameters<typeof expectError>[0]) => expectError(answer, 401, 'Unauthenticated.');

  it('answers 401 before reading the body: no token, an unknown, a revoked or an expired one', async () => {
    const { pat, sam } = await riveras();
    const bodies: { body?: unknown; rawBody?: string; headers?: Record<string, string> }[] = [
      { body: { athletes: [line(sam)] } },
      { body: {} },
      { rawBody: '{"athletes": [' },
      { rawBody: 'athletes=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    ];
    const revoked = await t.tokenFor('parent@example.com');
    expect((await t.call('POST', '/api/auth/logout', { token: revoked })).status).toBe(200);
    for (const token of [null, 'not-a-session-token', revoked]) {
      for (const options of bodies)
        unauthenticated(await t.call('POST', '/api/household/quote', { token, ...options }));
    }
    expect((await t.call('POST', '/api/household/quote', { token: pat, body: { athletes: [line(sam)] } })).status).toBe(
      200,
    );
    t.setNow(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    unauthenticated(await t.call('POST', '/api/household/quote', { token: pat, body: { athletes: [line(sam)] } }));
  });

  it("answers an athlete's session 403 whatever the body, and a guardian's bad bodies 400 and 422", async () => {
    const { pat, sam } = await riveras();
    const forbidden = { status: 403, message: 'Only a guardian can manage a household.' };
    for (const options of [{ body: { athletes: [line(sam)] } }, { rawBody: '{' }, { body: { athletes: [] } }]) {
      const answer = await t.call('POST', '/api/household/quote', { token: sam.token, ...options });
      expectError(answer, forbidden.status, forbidden.message);
    }
    expect((await t.call('POST', '/api/household/quote', { token: pat, rawBody: '{' })).status).toBe(400);
    expect((await t.call('POST', '/api/household/quote', { token: pat, body: { athletes: [] } })).status).toBe(422);
  });
});

describe('POST /api/household/checkout and checkout-success', () => {
  it('charges the example once ($905.00), records a membership per athlete and e-mails one receipt to the payer', async () => {
    const { pat, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: 'first-pay-now' }),
    );
    expect(started).toMatchObject({ payment_complete: 0, amount_today_cents: 90500, setup_intent_id: null });
    const [intent] = await householdIntents();
    expect(intent).toMatchObject({ id: started.payment_intent_id, amountCents: 90500 });
    expect(intent?.metadata).toMatchObject({
      household_checkout: started.checkout_id,
      payer_id: String(await userId(t.db, 'parent@example.com')),
    });

    await confirm(started);
    const body = { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id };
    const done = ok<SuccessAnswer>(await success(pat, body));
    expect(done).toMatchObject({ payment_complete: 1, refunded: false });
    expect(done.receipt).toMatchObject({
      checkout_id: started.checkout_id,
      amount_cents: 90500,
      sibling_discount_cents: 4500,
      email: 'parent@example.com',
      card: { brand: 'visa', last4: '4242' },
      remaining: [],
    });
    expect(done.receipt?.athletes.map((a) => [a.name, a.amount_cents, a.sibling_discount_cents])).toEqual([
      ['Sam Rivera', 47500, 0],
      ['Alex Rivera', 43000, 4500],
    ]);

    const recorded = await activeOf([sam.id, alex.id]);
    expect(recorded.map((m) => m.id).sort()).toEqual([...done.membership_ids].sort());
    const [checkoutRow] = await t.db.select().from(householdCheckouts);
    for (const membership of recorded) {
      expect(membership).toMatchObject({
        householdCheckoutId: checkoutRow!.id,
        payerId: await userId(t.db, 'parent@example.com'),
        stripePaymentIntentId: null,
      });
    }
    expect(recorded.find((m) => m.userId === alex.id)).toMatchObject({
      siblingDiscountCents: 4500,
      paidTodayCents: 43000,
    });
    expect(recorded.find((m) => m.userId === sam.id)).toMatchObject({ siblingDiscountCents: 0, paidTodayCents: 47500 });
    expect(checkoutRow).toMatchObject({ status: 'paid', amountTodayCents: 90500 });

    // Idempotent: success again answers the same memberships and sends no second receipt.
    const again = ok<SuccessAnswer>(await success(pat, body));
    expect(again.membership_ids).toEqual(done.membership_ids);
    const mails = await receiptsTo('parent@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Receipt: $905.00 for Sam Rivera and Alex Rivera');
    expect(mails[0]?.text).toContain('Sibling discount: -$45.00');
    expect(mails[0]?.text).toContain('Alex Rivera: 12U Tigers, Spring 2027');

    // GET /api/memberships lists each athlete's membership.
    const listed = ok<{ memberships: { id: number }[] }>(await t.call('GET', '/api/memberships', { token: pat }));
    expect(listed.memberships.map((m) => m.id)).toEqual(expect.arrayContaining(done.membership_ids));

    // Paid: a new checkout for the same athletes is told so; the same key answers the receipt again.
    const refused = expectError(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: newKey() }),
      409,
      'These athletes are already paid for.',
    );
    expect(refused.messages[`athletes.${sam.id}`]).toEqual([
      'Sorry, this athlete already has a membership for the season.',
    ]);
    const repeated = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: 'first-pay-now' }),
    );
    expect(repeated).toMatchObject({ payment_complete: 1, checkout_id: started.checkout_id });
    // The same receipt checkout-success gave, the card it was paid with included.
    expect(repeated.receipt).toEqual(done.receipt);
  });

  it('keeps the open intent for the same key and lines, and cancels it for other lines', async () => {
    const { pat, sam, alex } = await riveras();
    const body = { athletes: [line(sam), line(alex)], checkout_key: 'same-key-123' };
    const first = ok<CheckoutAnswer>(await checkout(pat, body));
    const second = ok<CheckoutAnswer>(await checkout(pat, body));
    expect(second.payment_intent_id).toBe(first.payment_intent_id);
    expect(second.checkout_id).toBe(first.checkout_id);

    const other = ok<CheckoutAnswer>(await checkout(pat, { ...body, athletes: [line(sam), line(alex, 3)] }));
    expect(other.payment_intent_id).not.toBe(first.payment_intent_id);
    expect(await sandbox().retrieveIntent(first.payment_intent_id!)).toMatchObject({ status: 'canceled' });
    // The replaced intent can no longer be paid.
    expect((await confirm(first)).kind).not.toBe('confirmed');
  });

  it('records a full discount at once: FULLRIDE charges nothing', async () => {
    const { pat, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], discount_code: 'FULLRIDE', checkout_key: newKey() }),
    );
    expect(started).toMatchObject({ payment_complete: 1, amount_today_cents: 0, payment_intent_id: null });
    expect(started.receipt).toMatchObject({ amount_cents: 0, sibling_discount_cents: 0, card: null });
    expect(await householdIntents()).toEqual([]);
    const recorded = await activeOf([sam.id, alex.id]);
    expect(recorded).toHaveLength(2);
    expect(recorded.every((m) => m.paidTodayCents === 0 && m.planTotalCents === 0)).toBe(true);
    expect(await receiptsTo('parent@example.com')).toHaveLength(1);
  });

  it('gives the 3rd athlete 15 % (Casey, created with register-athlete)', async () => {
    const { pat, sam, alex } = await riveras();
    const created = ok<{ user_id: number; name: string; token: string }>(
      await t.call('POST', '/api/auth/register-athlete', {
        token: pat,
        body: {
          name: 'Casey Rivera',
          username: 'caseyrivera',
          password: 'Password1!',
          password_confirmation: 'Password1!',
          relationship: 'Aunt',
        },
      }),
    );
    const casey = { id: created.user_id, name: created.name, token: created.token };
    await enrol(casey, 'TIGERS-2027');
    const answer = ok<Quote>(await quote(pat, { athletes: [line(sam), line(alex), line(casey)] }));
    expect(answer.athletes.map((l) => [l.position, l.sibling_discount_percent, l.sibling_discount_cents])).toEqual([
      [1, 0, 0],
      [2, 10, 4500],
      [3, 15, 6750],
    ]);
    expect(answer.today_cents).toBe(47500 + 43000 + 40750);
    const done = await pay(pat, { athletes: [line(sam), line(alex), line(casey)] });
    expect(done.receipt).toMatchObject({ amount_cents: 131250, sibling_discount_cents: 11250 });
    expect(await activeOf([sam.id, alex.id, casey.id])).toHaveLength(3);
  });

  it('monthly plans: phases per membership with the sibling discount in the amounts, one card saved on each', async () => {
    const { pat, sam, alex } = await riveras();
    const answer = ok<Quote>(await quote(pat, { athletes: [line(sam, 3), line(alex, 3)] }));
    expect(
      answer.athletes.map((l) => [l.today_cents, l.later_phases.map((p) => p.amount_cents), l.plan_fee_cents]),
    ).toEqual([
      [7500, [13500, 13500, 13500], 500],
      [7500, [12000, 12000, 12000], 500],
    ]);
    expect(answer).toMatchObject({ today_cents: 15000, later_cents: 76500, total_cents: 91500 });

    const done = await pay(pat, { athletes: [line(sam, 3), line(alex, 3)] });
    expect(done.receipt?.amount_cents).toBe(15000);
    expect(done.receipt?.remaining).toHaveLength(3);
    expect(done.receipt?.remaining[0]?.amount_cents).toBe(25500);
    const recorded = await activeOf([sam.id, alex.id]);
    const alexMembership = recorded.find((m) => m.userId === alex.id)!;
    expect((await phasesOf(t.db, alexMembership.id)).map((p) => [p.amountCents, p.status])).toEqual([
      [7500, 'paid'],
      [12000, 'scheduled'],
      [12000, 'scheduled'],
      [12000, 'scheduled'],
    ]);
    expect(alexMembership).toMatchObject({ siblingDiscountCents: 4500, planTotalCents: 43500 });
    const cards = await t.db
      .select()
      .from(membershipCards)
      .where(inArray(membershipCards.membershipId, done.membership_ids));
    expect(cards).toHaveLength(2);
    expect(new Set(cards.map((card) => card.paymentMethodId)).size).toBe(1);
  });

  it('10U Waves on a monthly plan: nothing due today, a SetupIntent saves the card (Lakeside: no household discount)', async () => {
    const { pat, sam, alex } = await riveras('WAVES-2027');
    const answer = ok<Quote>(await quote(pat, { athletes: [line(sam, 3), line(alex, 3)] }));
    expect(answer).toMatchObject({ today_cents: 0, sibling_discount_cents: 0, waivers: [] });
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam, 3), line(alex, 3)], checkout_key: newKey() }),
    );
    expect(started).toMatchObject({ payment_complete: 0, payment_intent_id: null, amount_today_cents: 0 });
    expect(started.setup_intent_id).toMatch(/^seti_/);
    // Not confirmed yet: nothing is recorded.
    expectError(
      await success(pat, { checkout_id: started.checkout_id, stripe_setup_intent_id: started.setup_intent_id }),
      409,
    );
    await confirm(started);
    const done = ok<SuccessAnswer>(
      await success(pat, { checkout_id: started.checkout_id, stripe_setup_intent_id: started.setup_intent_id }),
    );
    expect(done.receipt).toMatchObject({ amount_cents: 0, card: { last4: '4242' } });
    const cards = await t.db
      .select()
      .from(membershipCards)
      .where(inArray(membershipCards.membershipId, done.membership_ids));
    expect(cards).toHaveLength(2);
    expect(await householdIntents()).toEqual([]);
  });

  it('Jamie quotes and pays for the athletes Pat registered; receipts go to Jamie', async () => {
    const { jamie, sam, alex } = await riveras();
    const answer = ok<Quote>(await quote(jamie, { athletes: [line(sam), line(alex)] }));
    expect(answer.today_cents).toBe(90500);
    const done = await pay(jamie, { athletes: [line(sam), line(alex)] });
    expect(done.receipt?.email).toBe('coparent@example.com');
    const recorded = await activeOf([sam.id, alex.id]);
    const jamieId = await userId(t.db, 'coparent@example.com');
    expect(recorded.map((m) => m.payerId)).toEqual([jamieId, jamieId]);
    expect(await receiptsTo('coparent@example.com')).toHaveLength(1);
    expect(await receiptsTo('parent@example.com')).toHaveLength(0);
  });

  it('Jamie, removed from the household after paying, still records the payment at checkout-success', async () => {
    const { pat, jamie, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(jamie, { checkout_key: newKey(), athletes: [line(sam), line(alex)] }),
    );
    await confirm(started);
    const jamieId = await userId(t.db, 'coparent@example.com');
    expect((await t.call('DELETE', `/api/household/guardians/${jamieId}`, { token: pat })).status).toBe(200);
    // The money moved while Jamie was a guardian: the payer's success records it (not 404 with the charge kept).
    const done = ok<SuccessAnswer>(
      await success(jamie, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
    );
    expect(done).toMatchObject({ refunded: false, receipt: { email: 'coparent@example.com', amount_cents: 90500 } });
    expect((await activeOf([sam.id, alex.id])).map((m) => m.payerId)).toEqual([jamieId, jamieId]);
    // Nobody else's checkout opens to a guardian who left: Morgan, never in the household, still gets 404.
    expectError(
      await success(await t.tokenFor('member@example.com'), {
        checkout_id: started.checkout_id,
        stripe_payment_intent_id: started.payment_intent_id,
      }),
      404,
    );
  });

  it("refuses another household's athlete (404) and a checkout nobody in the household made (404)", async () => {
    const { pat, sam } = await riveras();
    const jordan = await userId(t.db, 'jordanlee');
    expectError(
      await checkout(pat, {
        athletes: [line(sam), { athlete_id: jordan, payment_plan_month: 0 }],
        checkout_key: newKey(),
      }),
      404,
      'Athlete not found.',
    );
    const started = ok<CheckoutAnswer>(await checkout(pat, { athletes: [line(sam)], checkout_key: newKey() }));
    const other = await t.tokenFor('member@example.com');
    expectError(
      await success(other, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
      404,
    );
    expectError(await success(pat, { checkout_id: started.checkout_id }), 422);
    expectError(await checkout(pat, { athletes: [line(sam)], checkout_key: 'short' }), 422);
  });

  it('a seat gone at Pay Now: 409 naming the athlete, nothing charged', async () => {
    const { pat, sam, alex } = await riveras();
    await t.db.delete(licenceClaims).where(eq(licenceClaims.userId, alex.id));
    await t.db.update(licences).set({ availableLicenses: 0 }).where(eq(licences.code, 'TIGERS-2027'));
    const refused = expectError(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: newKey() }),
      409,
      'Sorry, this license is not available.',
    );
    expect(refused.messages).toEqual({ [`athletes.${alex.id}`]: ['Sorry, this license is not available.'] });
    expect(await householdIntents()).toEqual([]);
    expect(await t.db.select().from(householdCheckouts)).toEqual([]);
    // Sam alone still checks out.
    const done = await pay(pat, { athletes: [line(sam)] });
    expect(done.receipt?.amount_cents).toBe(47500);
  });

  it('refunds the whole payment when an athlete got a membership from another checkout meanwhile', async () => {
    const { pat, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: newKey() }),
    );
    await confirm(started);
    // Sam pays alone on the spec's path (his own token) before the family checkout is recorded.
    const team = (await t.db.select().from(teams).where(eq(teams.name, '12U Tigers')))[0]!;
    const single = ok<{ payment_intent_id: string; client_secret: string }>(
      await t.call('POST', '/api/memberships/checkout', {
        token: sam.token,
        body: { payment_plan_month: 0, team_id: team.id },
      }),
    );
    await sandbox().confirm(single.payment_intent_id, single.client_secret, goodCard);
    ok(
      await t.call('POST', '/api/memberships/checkout-success', {
        token: sam.token,
        body: { payment_plan_month: 0, team_id: team.id, stripe_payment_intent_id: single.payment_intent_id },
      }),
    );
    const done = ok<SuccessAnswer>(
      await success(pat, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
    );
    expect(done).toMatchObject({ refunded: true, receipt: null, membership_ids: [] });
    expect(await sandbox().isRefunded(started.payment_intent_id!)).toBe(true);
    expect(await activeOf([sam.id, alex.id])).toMatchObject([{ userId: sam.id, householdCheckoutId: null }]);
    const again = ok<SuccessAnswer>(
      await success(pat, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
    );
    expect(again.refunded).toBe(true);
  });
});

describe("a hold released while the family's checkout is open (issue 30 point 4)", () => {
  const removeAlex = (pat: string, alexId: number) =>
    t.call('DELETE', `/api/household/athletes/${alexId}/hold`, { token: pat });
  const tigersSeats = async () =>
    (await t.db.select().from(licences).where(eq(licences.code, 'TIGERS-2027')))[0]!.availableLicenses;

  it("records the payment when a seat is left: the released athlete claims the team's seat again", async () => {
    const { pat, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: newKey() }),
    );
    const before = await tigersSeats();
    expect(ok<{ released: number }>(await removeAlex(pat, alex.id)).released).toBe(1);
    expect(await tigersSeats()).toBe(before + 1);
    await confirm(started);
    const done = ok<SuccessAnswer>(
      await success(pat, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
    );
    expect(done.refunded).toBe(false);
    expect(await activeOf([sam.id, alex.id])).toHaveLength(2);
    // Alex holds a claim again, and the seat he paid for is out of the pool: the count adds up.
    expect(await t.db.select().from(licenceClaims).where(eq(licenceClaims.userId, alex.id))).toHaveLength(1);
    expect(await tigersSeats()).toBe(before);
  });

  it('refunds the whole payment when no seat is left, and records nobody without a seat', async () => {
    const { pat, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: newKey() }),
    );
    ok(await removeAlex(pat, alex.id));
    // The released seat went to someone else: none is left.
    await t.db.update(licences).set({ availableLicenses: 0 }).where(eq(licences.code, 'TIGERS-2027'));
    await confirm(started);
    const done = ok<SuccessAnswer>(
      await success(pat, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
    );
    expect(done).toMatchObject({ refunded: true, receipt: null, membership_ids: [] });
    expect(await sandbox().isRefunded(started.payment_intent_id!)).toBe(true);
    expect(await activeOf([sam.id, alex.id])).toEqual([]);
    expect(await t.db.select().from(licenceClaims).where(eq(licenceClaims.userId, alex.id))).toEqual([]);
    // A replay says the same.
    const again = ok<SuccessAnswer>(
      await success(pat, { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id }),
    );
    expect(again.refunded).toBe(true);
  });
});

describe('the household discount on the one-athlete path', () => {
  it('a sibling a week later: Sam paid, then Alex alone with his own token gets 10 % off', async () => {
    const { pat, sam, alex } = await riveras();
    await pay(pat, { athletes: [line(sam)] });
    const team = (await t.db.select().from(teams).where(eq(teams.name, '12U Tigers')))[0]!;

    const data = ok<{
      athlete: { id: number; name: string } | null;
      household: { sibling_discount: number; sibling_discount_percent: number; position: number } | null;
      payment_plans: { phases: { amount: number }[] }[];
    }>(await t.call('POST', '/api/memberships/payment-plans', { token: alex.token, body: {} }));
    expect(data.athlete).toEqual({ id: alex.id, name: 'Alex Rivera' });
    expect(data.household).toEqual({ sibling_discount: 45, sibling_discount_percent: 10, position: 2 });
    expect(data.payment_plans[0]?.phases[0]?.amount).toBe(430);

    const started = ok<{ payment_intent_id: string; client_secret: string }>(
      await t.call('POST', '/api/memberships/checkout', {
        token: alex.token,
        body: { payment_plan_month: 0, team_id: team.id },
      }),
    );
    expect((await sandbox().retrieveIntent(started.payment_intent_id))?.amountCents).toBe(43000);
    await sandbox().confirm(started.payment_intent_id, started.client_secret, goodCard);
    const done = ok<{ receipt: { sibling_discount_cents: number; amount_cents: number } }>(
      await t.call('POST', '/api/memberships/checkout-success', {
        token: alex.token,
        body: { payment_plan_month: 0, team_id: team.id, stripe_payment_intent_id: started.payment_intent_id },
      }),
    );
    expect(done.receipt).toMatchObject({ sibling_discount_cents: 4500, amount_cents: 43000 });
    expect(await activeOf([alex.id])).toMatchObject([{ siblingDiscountCents: 4500, payerId: null }]);
    const mails = await receiptsTo('parent@example.com');
    expect(mails.map((mail) => mail.subject)).toContain('Receipt: $430.00 for 12U Tigers, Spring 2027');
    expect(mails.find((mail) => mail.subject.includes('$430.00'))?.text).toContain('Sibling discount: -$45.00');
  });

  it('one athlete with no sibling paid: no household discount, as before', async () => {
    const { sam } = await riveras();
    const data = ok<{ athlete: unknown; household: unknown; payment_plans: { phases: { amount: number }[] }[] }>(
      await t.call('POST', '/api/memberships/payment-plans', { token: sam.token, body: {} }),
    );
    expect(data.household).toBeNull();
    expect(data.payment_plans[0]?.phases[0]?.amount).toBe(475);
  });
});

describe('two guardians paying at the same moment', () => {
  it('Pat and Jamie press Pay Now at once: one set of memberships, one charge, the other told already paid', async () => {
    const { pat, jamie, sam, alex } = await riveras();
    const athletes = [line(sam), line(alex)];
    const started = await Promise.all([
      checkout(pat, { athletes, checkout_key: newKey() }),
      checkout(jamie, { athletes, checkout_key: newKey() }),
    ]);
    const answers = started.map((answer) => ok<CheckoutAnswer>(answer));
    // Both browsers confirm their card.
    await Promise.all(answers.map((answer) => confirm(answer)));
    const tokens = [pat, jamie];
    const finished = await Promise.all(
      answers.map((answer, i) =>
        success(tokens[i]!, { checkout_id: answer.checkout_id, stripe_payment_intent_id: answer.payment_intent_id }),
      ),
    );
    const statuses = finished.map((answer) => answer.status).sort();
    expect(statuses, finished.map((answer) => answer.text).join('\n')).toEqual([200, 409]);
    const lost = finished.findIndex((answer) => answer.status === 409);
    // The second checkout canceled the first one's intent before any card was confirmed: its card was never charged.
    // Its success is refused (canceled, or already paid when the winner recorded first), and so is its retry.
    expect(['The payment was canceled.', 'These athletes are already paid for.']).toContain(
      (finished[lost]!.body as { message: string }).message,
    );
    const loser = { token: tokens[lost]!, answer: answers[lost]! };
    expectError(
      await success(loser.token, {
        checkout_id: loser.answer.checkout_id,
        stripe_payment_intent_id: loser.answer.payment_intent_id,
      }),
      409,
      'These athletes are already paid for.',
    );
    expectError(
      await checkout(loser.token, { athletes, checkout_key: newKey() }),
      409,
      'These athletes are already paid for.',
    );

    expect(await activeOf([sam.id, alex.id])).toHaveLength(2);
    const charged = [];
    for (const answer of answers) {
      const intent = await sandbox().retrieveIntent(answer.payment_intent_id!);
      if (intent?.status === 'succeeded' && !(await sandbox().isRefunded(intent.id))) charged.push(intent.id);
    }
    expect(charged).toHaveLength(1);
    expect((await receiptsTo('parent@example.com')).length + (await receiptsTo('coparent@example.com')).length).toBe(1);
  });

  it('two successes of one paid checkout at once record it once', async () => {
    const { pat, jamie, sam, alex } = await riveras();
    const started = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam), line(alex)], checkout_key: newKey() }),
    );
    await confirm(started);
    const body = { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id };
    const answers = await Promise.all([success(pat, body), success(jamie, body), success(pat, body)]);
    const ids = answers.map((answer) => ok<SuccessAnswer>(answer).membership_ids.join(','));
    expect(new Set(ids).size).toBe(1);
    expect(await activeOf([sam.id, alex.id])).toHaveLength(2);
    expect(await receiptsTo('parent@example.com')).toHaveLength(1);
  });

  it('a checkout racing the success of the paid checkout it would replace records that payment, and is told so', async () => {
    const { pat, jamie, sam, alex } = await riveras();
    const athletes = [line(sam), line(alex)];
    const first = ok<CheckoutAnswer>(await checkout(pat, { athletes, checkout_key: newKey() }));
    await confirm(first);
    const [jamieCheckout, patSuccess] = await Promise.all([
      checkout(jamie, { athletes, checkout_key: newKey() }),
      success(pat, { checkout_id: first.checkout_id, stripe_payment_intent_id: first.payment_intent_id }),
    ]);
    expect(patSuccess.status, patSuccess.text).toBe(200);
    expectError(jamieCheckout, 409, 'These athletes are already paid for.');
    expect(await activeOf([sam.id, alex.id])).toHaveLength(2);
    expect(await householdIntents()).toHaveLength(1);
    expect(await sandbox().isRefunded(first.payment_intent_id!)).toBe(false);
  });
});

describe('the household lease', () => {
  it('an expired lease passes to the next checkout, and the old holder learns it lost it', async () => {
    const householdId = await ensureHousehold(t.db, await userId(t.db, 'parent@example.com'));
    const start = new Date();
    const later = new Date(start.getTime() + 5 * 60_000);
    await withHouseholdLease(
      t.db,
      householdId,
      () => start,
      async (slowStillHeld) => {
        expect(await slowStillHeld()).toBe(true);
        await withHouseholdLease(
          t.db,
          householdId,
          () => later,
          async (nextStillHeld) => {
            expect(await nextStillHeld()).toBe(true);
          },
        );
        expect(await slowStillHeld()).toBe(false);
      },
    );
  });

  it('a card setup replaced by another checkout is not recorded', async () => {
    const { pat, sam, alex } = await riveras('WAVES-2027');
    const first = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam, 3), line(alex, 3)], checkout_key: newKey() }),
    );
    const second = ok<CheckoutAnswer>(
      await checkout(pat, { athletes: [line(sam, 6), line(alex, 6)], checkout_key: newKey() }),
    );
    await confirm(first);
    expectError(
      await success(pat, { checkout_id: first.checkout_id, stripe_setup_intent_id: first.setup_intent_id }),
      409,
      'This checkout was replaced by another one. Please try again.',
    );
    expect(await activeOf([sam.id, alex.id])).toEqual([]);
    await confirm(second);
    const done = ok<SuccessAnswer>(
      await success(pat, { checkout_id: second.checkout_id, stripe_setup_intent_id: second.setup_intent_id }),
    );
    expect(done.membership_ids).toHaveLength(2);
    // Now that both are members, the replaced setup is told so.
    expectError(
      await success(pat, { checkout_id: first.checkout_id, stripe_setup_intent_id: first.setup_intent_id }),
      409,
      'These athletes are already paid for.',
    );
  });
});

describe('logs', () => {
  it("hold no names, addresses, tokens or client secrets of a family checkout (its receipt's subject names the athletes)", async () => {
    const { pat, sam, alex } = await riveras();
    const { app, lines } = loggingApp(t, { outbox: true });
    const send = async (path: string, body: unknown) => sendJson(app, 'POST', path, { token: pat, body });
    const athletes = [line(sam), line(alex)];
    expect((await send('/api/household/quote', { athletes })).status).toBe(200);
    const started = (await (
      await send('/api/household/checkout', { athletes, checkout_key: newKey() })
    ).json()) as CheckoutAnswer;
    await confirm(started);
    const done = await send('/api/household/checkout-success', {
      checkout_id: started.checkout_id,
      stripe_payment_intent_id: started.payment_intent_id,
    });
    expect(done.status).toBe(200);

    const everything = lines.join('\n');
    expect(everything).toContain('household receipt');
    for (const secret of ['Sam Rivera', 'Alex Rivera', 'Pat Rivera', 'parent@example.com', pat, sam.token]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(started.client_secret ?? 'no client secret');
  });

  it("the collector's household e-mails log a label, not their subjects that name the athletes", () => {
    const context = {
      to: 'parent@example.com',
      name: 'Pat Rivera',
      lines: [
        {
          athleteName: 'Sam Rivera',
          teamName: '12U Tigers',
          seasonName: null,
          planName: 'Pay in full',
          amountCents: 100,
        },
      ],
      paymentsLink: 'http://localhost/payments',
    };
    const card = { brand: 'visa', last4: '4242' };
    const mails = [
      householdReceiptMail(context, { paidOn: '2027-01-01', card }, []),
      householdFailureMail(context, {
        dueOn: '2027-01-01',
        card,
        reason: 'declined',
        nextAttemptOn: null,
        updateCardLink: 'http://localhost/x',
      }),
      householdReminderMail(context, { dueOn: '2027-01-01', card, updateCardLink: 'http://localhost/x' }),
    ];
    for (const mail of mails) {
      expect(mail.subject).toContain('Sam Rivera');
      expect(mail.logLabel).toMatch(/^household /);
    }
  });
});

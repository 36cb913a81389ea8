import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { toIsoDate } from '../../src/domain/dates.ts';
import { householdCheckouts, mailOutbox, membershipCards, paymentIntents, teams, users } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { insertMemberships, type RecordLine } from '../services/checkout/index.ts';
import { householdIdOf } from '../services/households.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { runCollector } from './collector.ts';
import { type MembershipSummaryJson, payerCustomer, phasesOf } from './phases.ts';

/**
 * Issue 20 points 3 and 4, the collector's side: a family checkout recorded one membership per athlete (Sam and Alex
 * Rivera on 12U Tigers, paid by Pat Rivera, one card saved on each), so the instalments of one date are one charge,
 * one receipt to Pat, one failure notice and one reminder to each of Pat and Jamie (the household's two guardians).
 * The checkout's row is written here directly, its memberships recorded by the one recording of
 * server/services/checkout/ (insertMemberships), as the family checkout's success records them.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const PAT = 'parent@example.com';
const JAMIE = 'coparent@example.com';
const SAM_PART = 13500;
const ALEX_PART = 12150;
const TOGETHER = '$256.50';
const RETURN_URL = 'http://localhost:5173/payments/update-card';

function plusDays(isoDate: string, days: number): string {
  return toIsoDate(new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000));
}

function formatShort(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

const card = (number: string) => ({
  card_number: number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  return_url: RETURN_URL,
});

/** A card saved at the sandbox for the payer's customer, as the family checkout's confirmed intent leaves it. */
async function sandboxCard(payerId: number, number: string) {
  const customerId = await payerCustomer(t.deps, payerId);
  const setup = await t.providers.payments.createSetupIntent({ customerId, metadata: {} });
  const confirmed = await t.call('POST', `/sandbox/setup-intents/${setup.id}/confirm`, {
    body: { client_secret: setup.clientSecret, ...card(number) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  const done = await t.providers.payments.retrieveSetupIntent(setup.id);
  const paymentMethodId = done?.paymentMethodId;
  expect(paymentMethodId).toBeTruthy();
  const summary = await t.providers.payments.cardSummary(paymentMethodId!);
  return { customerId, paymentMethodId: paymentMethodId!, brand: summary!.brand, last4: summary!.last4 };
}

/** The sandbox 3-D Secure page's "Complete authentication" button. */
async function authenticate(redirectUrl: string) {
  const page = new URL(redirectUrl);
  const form = new URLSearchParams({ outcome: 'complete' });
  for (const name of ['payment_intent', 'setup_intent', 'client_secret', 'return_url']) {
    const value = page.searchParams.get(name);
    if (value !== null) form.set(name, value);
  }
  const res = await t.app.request(`${page.origin}/sandbox/3ds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(res.status).toBe(303);
}

interface FamilyCheckout {
  checkoutId: number;
  sam: number;
  alex: number;
  dates: string[];
}

/**
 * What a paid family checkout records: the checkout row, a 3-month membership for Sam and for Alex (Alex with the
 * sibling discount) paid by Pat, their phases (today's paid, three instalments on the same dates) and Pat's card on
 * each.
 */
async function familyCheckout(cardNumber: string): Promise<FamilyCheckout> {
  const [team] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  const pat = await userId(t.db, PAT);
  const householdId = await householdIdOf(t.db, pat);
  expect(householdId).not.toBeNull();
  const now = t.deps.now();
  const [checkout] = await t.db
    .insert(householdCheckouts)
    .values({
      publicId: 'hc_test_rivera',
      householdId: householdId!,
      payerId: pat,
      organizationId: team!.organizationId,
      checkoutKey: 'rivera-checkout-1',
      lines: [],
      paramsKey: 'test',
      amountTodayCents: 15000,
      status: 'paid',
      paidAt: now,
    })
    .returning();
  const today = toIsoDate(now);
  const dates = [30, 61, 91].map((days) => plusDays(today, days));
  const saved = await sandboxCard(pat, cardNumber);
  const lines: RecordLine[] = [];
  for (const [username, part, sibling] of [
    ['samrivera', SAM_PART, 0],
    ['alexrivera', ALEX_PART, 4500],
  ] as const) {
    lines.push({
      athleteId: await userId(t.db, username),
      teamId: team!.id,
      seasonId: team!.seasonId,
      licenceId: null,
      paymentPlanMonth: 3,
      todayCents: 7500,
      planTotalCents: 7500 + 3 * part,
      discountCode: null,
      includesProtection: false,
      siblingDiscountCents: sibling,
      laterPhases: dates.map((dueOn) => ({ dueOn, amountCents: part })),
    });
  }
  const payment = { providerId: null, householdCheckoutId: checkout!.id, payerId: pat, chargeId: null, card: saved };
  const recorded = await t.db.transaction((tx) => insertMemberships(tx, lines, { ...payment, at: now }));
  const ids = recorded.map((membership) => membership.id);
  return { checkoutId: checkout!.id, sam: ids[0]!, alex: ids[1]!, dates };
}

async function runAsOf(asOf: string) {
  const res = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(res.status, res.text).toBe(200);
  return res.body as { charged: number; failed: number; reminded: number };
}

const mailsWith = async (subject: string) =>
  (await t.db.select().from(mailOutbox).orderBy(mailOutbox.id)).filter((mail) => mail.subject.startsWith(subject));

/** The charges the card sandbox holds for the household checkout (collector and card update). */
const checkoutCharges = (checkoutId: number) =>
  t.db
    .select()
    .from(paymentIntents)
    .where(sql`${paymentIntents.metadata}->>'household_checkout_id' = ${String(checkoutId)}`)
    .orderBy(paymentIntents.createdAt);

async function listed(email: string): Promise<MembershipSummaryJson[]> {
  const res = await t.call('GET', '/api/memberships', { token: await t.tokenFor(email) });
  expect(res.status, res.text).toBe(200);
  return (res.body as { memberships: MembershipSummaryJson[] }).memberships;
}

describe('a household checkout is collected as one', () => {
  it('charges the instalments of one date as one charge, with one receipt to the guardian who paid', async () => {
    const { checkoutId, sam, alex, dates } = await familyCheckout('4242424242424242');
    expect(await runAsOf(plusDays(dates[0]!, -1))).toMatchObject({ charged: 0, failed: 0 });
    expect(await runAsOf(dates[0]!)).toEqual({ charged: 1, failed: 0, reminded: 0 });

    const charges = await checkoutCharges(checkoutId);
    expect(charges.map((c) => [c.status, c.amountCents])).toEqual([['succeeded', SAM_PART + ALEX_PART]]);
    expect(charges[0]!.metadata).toMatchObject({ kind: 'instalment', membership_ids: `${sam},${alex}` });
    for (const id of [sam, alex]) {
      expect((await phasesOf(t.db, id))[1]).toMatchObject({
        status: 'paid',
        attempts: 1,
        providerChargeId: charges[0]!.id,
      });
    }

    const receipts = await mailsWith('Receipt:');
    expect(receipts.map((mail) => [mail.to, mail.subject])).toEqual([
      [PAT, `Receipt: ${TOGETHER} for Sam Rivera and Alex Rivera`],
    ]);
    const text = receipts[0]!.text;
    expect(text).toContain(`Amount paid: ${TOGETHER}`);
    expect(text).toContain('Card: Visa ending in 4242');
    expect(text).toContain('- Sam Rivera (12U Tigers, Spring 2027, 3 monthly payments): $135.00');
    expect(text).toContain('- Alex Rivera (12U Tigers, Spring 2027, 3 monthly payments): $121.50');
    // The household's later phases summed per date.
    expect(text).toContain(
      `Remaining schedule:\n- ${formatShort(dates[1]!)}: ${TOGETHER}\n- ${formatShort(dates[2]!)}`,
    );

    // A second run for the date charges nothing new and sends nothing.
    expect(await runAsOf(dates[0]!)).toEqual({ charged: 0, failed: 0, reminded: 0 });
    expect(await checkoutCharges(checkoutId)).toHaveLength(1);
    expect(await mailsWith('Receipt:')).toHaveLength(1);
  });

  it('fails and retries the group together, with one notice per date to each guardian', async () => {
    const { checkoutId, sam, alex, dates } = await familyCheckout('4000000000000341');
    const due = dates[0]!;
    expect(await runAsOf(due)).toMatchObject({ charged: 0, failed: 1 });
    for (const id of [sam, alex]) {
      expect((await phasesOf(t.db, id))[1]).toMatchObject({
        status: 'failed',
        attempts: 1,
        nextAttemptOn: plusDays(due, 1),
        failureMessage: 'Your card was declined.',
      });
    }
    let notices = await mailsWith('Payment failed:');
    expect(notices.map((mail) => [mail.to, mail.subject])).toEqual([
      [PAT, `Payment failed: ${TOGETHER} for Sam Rivera and Alex Rivera`],
      [JAMIE, `Payment failed: ${TOGETHER} for Sam Rivera and Alex Rivera`],
    ]);
    expect(notices[1]!.text).toMatch(/^Hello Jamie Rivera,/);
    expect(notices[0]!.text).toContain(`We will try again on ${formatShort(plusDays(due, 1))}.`);
    expect(notices[0]!.text).toContain('- Alex Rivera (12U Tigers, Spring 2027, 3 monthly payments): $121.50');
    expect(notices[0]!.text).toContain(`http://localhost:5173/payments/update-card?membership_id=${sam}`);

    expect(await runAsOf(plusDays(due, 1))).toMatchObject({ charged: 0, failed: 1 });
    for (const id of [sam, alex]) {
      expect((await phasesOf(t.db, id))[1]).toMatchObject({
        status: 'failed',
        attempts: 2,
        nextAttemptOn: plusDays(due, 3),
      });
    }
    notices = await mailsWith('Payment failed:');
    expect(notices.map((mail) => mail.to)).toEqual([PAT, JAMIE, PAT, JAMIE]);
    const charges = await checkoutCharges(checkoutId);
    expect(charges.map((c) => c.amountCents)).toEqual([SAM_PART + ALEX_PART, SAM_PART + ALEX_PART]);
    expect(await mailsWith('Receipt:')).toHaveLength(0);
  });

  it('reminds both guardians once, 3 days before the date, with one reminder for the household', async () => {
    const { dates } = await familyCheckout('4242424242424242');
    expect((await runAsOf(plusDays(dates[0]!, -4))).reminded).toBe(0);
    expect((await runAsOf(plusDays(dates[0]!, -3))).reminded).toBe(1);
    expect((await runAsOf(plusDays(dates[0]!, -2))).reminded).toBe(0);
    const reminders = await mailsWith('Upcoming payment:');
    const subject = `Upcoming payment: ${TOGETHER} on ${formatShort(dates[0]!)} for Sam Rivera and Alex Rivera`;
    expect(reminders.map((mail) => [mail.to, mail.subject])).toEqual([
      [PAT, subject],
      [JAMIE, subject],
    ]);
    expect(reminders[0]!.text).toContain(`charged to the Visa ending in 4242 on ${formatShort(dates[0]!)}`);
    expect(reminders[0]!.text).toContain('- Sam Rivera (12U Tigers, Spring 2027, 3 monthly payments): $135.00');
  });

  it('charges the group once when two collectors run at once', async () => {
    const { checkoutId, sam, alex, dates } = await familyCheckout('4242424242424242');
    const results = await Promise.all([runCollector(t.deps, dates[0]!), runCollector(t.deps, dates[0]!)]);
    expect(results.reduce((sum, r) => sum + r.charged, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    const charges = await checkoutCharges(checkoutId);
    expect(charges.map((c) => [c.status, c.amountCents])).toEqual([['succeeded', SAM_PART + ALEX_PART]]);
    for (const id of [sam, alex]) expect((await phasesOf(t.db, id))[1]).toMatchObject({ status: 'paid', attempts: 1 });
    expect(await mailsWith('Receipt:')).toHaveLength(1);

    // All three dates at once, by two collectors: one charge per date.
    const later = await Promise.all([runCollector(t.deps, dates[2]!), runCollector(t.deps, dates[2]!)]);
    expect(later.reduce((sum, r) => sum + r.charged, 0)).toBe(2);
    expect(await checkoutCharges(checkoutId)).toHaveLength(3);
    expect(await mailsWith('Receipt:')).toHaveLength(3);
  });

  it('lists the household memberships for the second guardian, with the family checkout and sibling discount', async () => {
    const { checkoutId, sam, alex } = await familyCheckout('4242424242424242');
    const jamie = await listed(JAMIE);
    expect(jamie.find((m) => m.id === sam)).toMatchObject({
      athlete_name: 'Sam Rivera',
      household_checkout_id: checkoutId,
      sibling_discount_cents: 0,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(jamie.find((m) => m.id === alex)).toMatchObject({
      athlete_name: 'Alex Rivera',
      household_checkout_id: checkoutId,
      sibling_discount_cents: 4500,
      total_cents: 7500 + 3 * ALEX_PART,
    });
    // A one-athlete membership: no family checkout, no sibling discount.
    const [jordan] = await listed('member@example.com');
    expect(jordan).toMatchObject({ household_checkout_id: null, sibling_discount_cents: 0 });
  });
});

describe('updating the card of a household checkout', () => {
  it('lets the second guardian save a card for every athlete and pays all failed instalments in one charge', async () => {
    const { checkoutId, sam, alex, dates } = await familyCheckout('4000000000000341');
    await runAsOf(dates[0]!);
    const token = await t.tokenFor(JAMIE);
    expect(
      (await listed(JAMIE))
        .filter((m) => m.needs_card_update)
        .map((m) => m.id)
        .sort(),
    ).toEqual([sam, alex].sort());

    // Jamie updates the card of Alex's membership, which Pat paid.
    const setup = await t.call('POST', `/api/memberships/${alex}/card-setup`, { token });
    expect(setup.status, setup.text).toBe(200);
    const { setup_intent_id: id, client_secret: secret } = setup.body as {
      setup_intent_id: string;
      client_secret: string;
    };
    const confirmed = await t.call('POST', `/sandbox/setup-intents/${id}/confirm`, {
      body: { client_secret: secret, ...card('5555555555554444') },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const updated = await t.call('POST', `/api/memberships/${alex}/card`, { token, body: { setup_intent_id: id } });
    expect(updated.body).toEqual({
      card: { brand: 'mastercard', last4: '4444' },
      outcome: 'paid',
      message: null,
      amount_cents: SAM_PART + ALEX_PART,
      payment_intent: null,
    });

    // The new card is every membership's; both failed instalments were paid by the one catch-up charge.
    const cards = await t.db.select().from(membershipCards);
    expect(cards.filter((c) => [sam, alex].includes(c.membershipId)).map((c) => c.last4)).toEqual(['4444', '4444']);
    const catchUp = (await checkoutCharges(checkoutId)).filter((c) => c.metadata.kind === 'catch_up');
    expect(catchUp.map((c) => [c.status, c.amountCents])).toEqual([['succeeded', SAM_PART + ALEX_PART]]);
    for (const membershipId of [sam, alex]) {
      expect((await phasesOf(t.db, membershipId))[1]).toMatchObject({
        status: 'paid',
        providerChargeId: catchUp[0]!.id,
      });
    }
    expect((await listed(PAT)).filter((m) => m.needs_card_update)).toEqual([]);

    // One receipt, to Jamie: the guardian who paid now.
    const receipts = await mailsWith('Receipt:');
    expect(receipts.map((mail) => [mail.to, mail.subject])).toEqual([
      [JAMIE, `Receipt: ${TOGETHER} for Sam Rivera and Alex Rivera`],
    ]);
    expect(receipts[0]!.text).toContain('Card: Mastercard ending in 4444');

    // Asked again: nothing is due. The next date is charged to the new card as one charge, the receipt to Jamie.
    const again = await t.call('POST', `/api/memberships/${alex}/card`, { token, body: { setup_intent_id: id } });
    expect(again.body).toMatchObject({ outcome: 'nothing_due', amount_cents: 0 });
    expect(await runAsOf(dates[1]!)).toMatchObject({ charged: 1, failed: 0 });
    const next = (await checkoutCharges(checkoutId)).filter((c) => c.status === 'succeeded');
    expect(next.map((c) => c.amountCents)).toEqual([SAM_PART + ALEX_PART, SAM_PART + ALEX_PART]);
    expect((await mailsWith('Receipt:')).map((mail) => mail.to)).toEqual([JAMIE, JAMIE]);
  });

  it('lets a guardian authenticate (3-D Secure) the one catch-up charge of the household', async () => {
    const { checkoutId, sam, alex, dates } = await familyCheckout('4000002760003184');
    await runAsOf(dates[0]!);
    const token = await t.tokenFor(JAMIE);
    const setup = (await t.call('POST', `/api/memberships/${sam}/card-setup`, { token })).body as {
      setup_intent_id: string;
      client_secret: string;
    };
    const confirmed = await t.call('POST', `/sandbox/setup-intents/${setup.setup_intent_id}/confirm`, {
      body: { client_secret: setup.client_secret, ...card('4000002760003184') },
    });
    const next = (confirmed.body as { setup_intent: { next_action: { redirect_to_url: { url: string } } | null } })
      .setup_intent.next_action;
    if (next) await authenticate(next.redirect_to_url.url);
    const updated = await t.call('POST', `/api/memberships/${sam}/card`, {
      token,
      body: { setup_intent_id: setup.setup_intent_id },
    });
    expect(updated.body).toMatchObject({ outcome: 'requires_action', amount_cents: SAM_PART + ALEX_PART });
    const pending = (updated.body as { payment_intent: { id: string; client_secret: string } }).payment_intent;
    // While the family authenticates, the collector leaves the whole group alone, even on its retry date.
    expect(await runAsOf(plusDays(dates[0]!, 1))).toMatchObject({ charged: 0, failed: 0 });

    const page = new URL('http://localhost:5173/sandbox/3ds');
    page.searchParams.set('payment_intent', pending.id);
    page.searchParams.set('client_secret', pending.client_secret);
    page.searchParams.set('return_url', `${RETURN_URL}?membership_id=${sam}`);
    await authenticate(page.toString());
    const collected = await t.call('POST', `/api/memberships/${sam}/collect`, {
      token,
      body: { payment_intent_id: pending.id },
    });
    expect(collected.body).toMatchObject({ outcome: 'paid', amount_cents: SAM_PART + ALEX_PART });
    for (const id of [sam, alex]) expect((await phasesOf(t.db, id))[1]).toMatchObject({ status: 'paid' });
    const succeeded = (await checkoutCharges(checkoutId)).filter((c) => c.status === 'succeeded');
    expect(succeeded.map((c) => c.id)).toEqual([pending.id]);
    expect((await mailsWith('Receipt:')).map((mail) => mail.to)).toEqual([JAMIE]);
  });

  it('charges the failed group once when a card update and two collectors run at once', async () => {
    const { checkoutId, sam, alex, dates } = await familyCheckout('4000000000000341');
    await runAsOf(dates[0]!);
    const token = await t.tokenFor(PAT);
    const setup = (await t.call('POST', `/api/memberships/${sam}/card-setup`, { token })).body as {
      setup_intent_id: string;
      client_secret: string;
    };
    await t.call('POST', `/sandbox/setup-intents/${setup.setup_intent_id}/confirm`, {
      body: { client_secret: setup.client_secret, ...card('4242424242424242') },
    });
    await Promise.all([
      t.call('POST', `/api/memberships/${sam}/card`, { token, body: { setup_intent_id: setup.setup_intent_id } }),
      runCollector(t.deps, plusDays(dates[0]!, 1)),
      runCollector(t.deps, plusDays(dates[0]!, 1)),
    ]);
    const succeeded = (await checkoutCharges(checkoutId)).filter((c) => c.status === 'succeeded');
    expect(succeeded.map((c) => c.amountCents)).toEqual([SAM_PART + ALEX_PART]);
    for (const id of [sam, alex]) expect((await phasesOf(t.db, id))[1]).toMatchObject({ status: 'paid' });
    expect(await mailsWith('Receipt:')).toHaveLength(1);
  });

  // The interleaving behind a flaky run of the test above, forced (PostgreSQL only: PGlite has one connection, so a
  // second transaction holding a row would only queue the collector behind it). A collector leases the failed group
  // and charges the old card; while the provider answers, the family saves a new card (the card update finds the
  // group leased: nothing to charge now); the old card declines; and as the collector looks again, another run holds
  // the checkout's row (a claim skips it). The collector must charge the new card itself, once.
  it.runIf(Boolean(inject('testDatabaseUrl')))(
    'charges the new card at once when the card changes during a collector charge of the old one',
    async () => {
      const { checkoutId, sam, alex, dates } = await familyCheckout('4000000000000341');
      await runAsOf(dates[0]!);
      const token = await t.tokenFor(PAT);
      const setup = (await t.call('POST', `/api/memberships/${sam}/card-setup`, { token })).body as {
        setup_intent_id: string;
        client_secret: string;
      };
      await t.call('POST', `/sandbox/setup-intents/${setup.setup_intent_id}/confirm`, {
        body: { client_secret: setup.client_secret, ...card('4242424242424242') },
      });
      const payments = t.providers.payments;
      const charge = payments.chargeSavedCard.bind(payments);
      let entered!: () => void;
      let resume!: () => void;
      const inCharge = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const resumed = new Promise<void>((resolve) => {
        resume = resolve;
      });
      vi.spyOn(payments, 'chargeSavedCard').mockImplementationOnce(async (input) => {
        entered();
        await resumed;
        return charge(input);
      });
      const collecting = runCollector(t.deps, plusDays(dates[0]!, 1));
      await inCharge;
      const saved = await t.call('POST', `/api/memberships/${sam}/card`, {
        token,
        body: { setup_intent_id: setup.setup_intent_id },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({ outcome: 'nothing_due' });
      const result = await t.db.transaction(async (tx) => {
        await tx.select().from(householdCheckouts).where(eq(householdCheckouts.id, checkoutId)).for('update');
        resume();
        return collecting;
      });
      expect(result).toMatchObject({ charged: 1, failed: 0 });
      const charges = await checkoutCharges(checkoutId);
      expect(charges.filter((c) => c.status === 'succeeded').map((c) => c.amountCents)).toEqual([SAM_PART + ALEX_PART]);
      for (const id of [sam, alex]) expect((await phasesOf(t.db, id))[1]).toMatchObject({ status: 'paid' });
      expect(await mailsWith('Receipt:')).toHaveLength(1);
    },
  );
});

describe("each guardian's e-mails in their own language (issue 31)", () => {
  const formatLongEs = (isoDate: string) =>
    new Intl.DateTimeFormat('es-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${isoDate}T00:00:00Z`),
    );
  const mailsTo = async (to: string) =>
    (await t.db.select().from(mailOutbox).orderBy(mailOutbox.id)).filter((mail) => mail.to === to);

  it('sends Pat (English) and Jamie (Spanish) one failure notice and one reminder each, each in their language', async () => {
    await t.db.update(users).set({ language: 'es' }).where(eq(users.email, JAMIE));
    const { dates } = await familyCheckout('4000000000000341');
    expect((await runAsOf(plusDays(dates[0]!, -3))).reminded).toBe(1);
    expect(await runAsOf(dates[0]!)).toMatchObject({ charged: 0, failed: 1 });

    const pat = await mailsTo(PAT);
    const jamie = await mailsTo(JAMIE);
    expect(pat.map((mail) => mail.subject)).toEqual([
      `Upcoming payment: ${TOGETHER} on ${formatShort(dates[0]!)} for Sam Rivera and Alex Rivera`,
      `Payment failed: ${TOGETHER} for Sam Rivera and Alex Rivera`,
    ]);
    expect(jamie.map((mail) => mail.subject)).toEqual([
      `Próximo pago: ${TOGETHER} el ${formatLongEs(dates[0]!)} por Sam Rivera y Alex Rivera`,
      `No se pudo cobrar el pago: ${TOGETHER} por Sam Rivera y Alex Rivera`,
    ]);
    expect(pat[1]!.text).toMatch(/^Hello Pat Rivera,/);
    expect(pat[1]!.text).toContain('- Alex Rivera (12U Tigers, Spring 2027, 3 monthly payments): $121.50');
    const [reminder, notice] = jamie;
    expect(reminder!.text).toMatch(/^Hola, Jamie Rivera:/);
    expect(reminder!.text).toContain(
      `Tu próximo pago es de ${TOGETHER} y se cobrará a la Visa terminada en 0341 el ${formatLongEs(dates[0]!)}:`,
    );
    expect(notice!.text).toContain(
      `No pudimos cobrar a la Visa terminada en 0341 el pago de ${TOGETHER} con vencimiento el ${formatLongEs(dates[0]!)}:`,
    );
    expect(notice!.text).toContain('- Alex Rivera (12U Tigers, Spring 2027, 3 pagos mensuales): $121.50');
    expect(notice!.text).toContain(`Lo intentaremos de nuevo el ${formatLongEs(plusDays(dates[0]!, 1))}.`);
    expect(notice!.text).toContain('Consulta tus pagos:');
  });

  it('sends the receipt of a household charge in the language of the guardian who paid', async () => {
    await t.db.update(users).set({ language: 'es' }).where(eq(users.email, PAT));
    const { dates } = await familyCheckout('4242424242424242');
    expect(await runAsOf(dates[0]!)).toMatchObject({ charged: 1 });
    const [receipt] = await mailsTo(PAT);
    expect(receipt!.subject).toBe(`Recibo: ${TOGETHER} por Sam Rivera y Alex Rivera`);
    expect(receipt!.text).toContain('Tarjeta: Visa terminada en 4242');
    expect(receipt!.text).toContain(
      `Calendario de pagos pendiente:\n- ${formatLongEs(dates[1]!)}: ${TOGETHER}\n- ${formatLongEs(dates[2]!)}`,
    );
    expect(await mailsTo(JAMIE)).toEqual([]);
  });
});

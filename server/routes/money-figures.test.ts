import { and, desc, eq, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '../../src/domain/dates.ts';
import type { MembershipStatus } from '../../src/domain/membership-figures.ts';
import type { MembershipSummaryJson, ReceiptJson } from '../billing/phases.ts';
import { licences, mailOutbox, teams } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { english } from '../i18n/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 30 point 5, one meaning of paid: random sequences of charges, declines, retries, card updates, refunds,
 * offline payments and cancellations, driven through the API as the family, the collector and the registrar would,
 * and after every step every surface gives the same figures: the family's `GET /api/memberships` (what /payments
 * shows as it comes), the console's roster and membership page, the roster CSV, the payments CSV (whose lines add up
 * to what was paid), the checkout's receipt and the newest receipt e-mail of the step (its remaining schedule); paid
 * is net of the refunds made, remaining = dues − paid, and a cancelled schedule never reads 'paid'. The same holds for
 * a family checkout of two athletes (the family's receipt, the family collector's receipts, the steps on one athlete).
 *
 * `MONEY_FIGURES_RUNS` sets the number of random sequences of each property (default 10, up to 10 steps each).
 */

let t: TestApp;
let registrar: string;
let tigers: number;
beforeAll(async () => {
  t = await createTestApp();
  registrar = await staffTokenFor(t.db, STAFF.registrar);
  const [team] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, '12U Tigers'));
  tigers = team!.id;
  // Every run claims new seats of TIGERS-2027 (48 in the fixtures): enough for any number of runs.
  await t.db.update(licences).set({ availableLicenses: 10_000 }).where(eq(licences.code, 'TIGERS-2027'));
}, 120_000);
afterAll(() => t?.close());

const RUNS = Number(process.env.MONEY_FIGURES_RUNS ?? 10);

const GOOD_CARD = '4242424242424242';
/** Attaches and pays today; every later charge of the saved card is declined (docs/fixtures.md test cards). */
const DECLINING_CARD = '4000000000000341';

type Step =
  | { kind: 'collect'; days: number }
  | { kind: 'staffRetry' }
  | { kind: 'updateCard'; good: boolean }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'offline' }
  | { kind: 'cancel' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('collect' as const), days: fc.constantFrom(0, 1, 3, 8) }),
  fc.constant({ kind: 'staffRetry' as const }),
  fc.record({ kind: fc.constant('updateCard' as const), good: fc.boolean() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat({ max: 3 }),
    share: fc.constantFrom(0.1, 0.5, 1),
  }),
  fc.constant({ kind: 'offline' as const }),
  fc.constant({ kind: 'cancel' as const }),
);

function ok(result: { status: number; text: string }, status = 200) {
  expect(result.status, result.text).toBe(status);
}

const cardBody = (number: string) => ({
  card_number: number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  return_url: 'http://localhost:5173/payment',
});

let serial = 0;

/** A new athlete of parent@example.com who claimed TIGERS-2027: their name, id and session token. */
async function newClaimingAthlete() {
  serial += 1;
  const name = `Figures Athlete ${serial}x${Date.now().toString(36)}`;
  const guardian = await t.tokenFor('parent@example.com');
  const registered = await t.call('POST', '/api/auth/register-athlete', {
    token: guardian,
    body: {
      name,
      username: `figures${serial}${Date.now().toString(36)}`,
      password: 'Password1!',
      password_confirmation: 'Password1!',
      relationship: 'Mother',
    },
  });
  ok(registered);
  const { token, user_id: id } = registered.body as { token: string; user_id: number };
  ok(await t.call('POST', '/api/user/latest-license', { token, body: { license_code: 'TIGERS-2027' } }));
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token,
    body: { license_code: 'TIGERS-2027' },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  return { name, token, id };
}

/** A new athlete of parent@example.com claims TIGERS-2027 and pays the 3-month plan with `cardNumber`. */
async function newPaidMembership(cardNumber: string) {
  const { name, token } = await newClaimingAthlete();
  const body = { payment_plan_month: 3, team_id: tigers, discount_code: null };
  const started = await t.call('POST', '/api/memberships/checkout', { token, body });
  ok(started);
  const { payment_intent_id: intentId, client_secret: secret } = started.body as {
    payment_intent_id: string;
    client_secret: string;
  };
  ok(
    await t.call('POST', `/sandbox/payment-intents/${intentId}/confirm`, {
      body: { client_secret: secret, ...cardBody(cardNumber) },
    }),
  );
  const success = await t.call('POST', '/api/memberships/checkout-success', {
    token,
    body: { ...body, stripe_payment_intent_id: intentId },
  });
  ok(success);
  const answer = success.body as { membership_id: number; receipt: ReceiptJson };
  return { token, name, membershipId: answer.membership_id, receipt: answer.receipt };
}

interface PagePhase {
  id: number;
  due_on: string;
  amount_cents: number;
  status: string;
  refunded_cents: number;
  offline: unknown;
  payment_id: string | null;
}
interface Figures {
  paid_cents: number;
  remaining_cents: number;
  status: MembershipStatus;
}
interface Page extends Figures {
  phases: PagePhase[];
}

async function family(token: string, id: number): Promise<MembershipSummaryJson> {
  const listed = await t.call('GET', '/api/memberships', { token });
  ok(listed);
  const found = (listed.body as { memberships: MembershipSummaryJson[] }).memberships.find((m) => m.id === id);
  expect(found, `membership ${id} on /payments`).toBeDefined();
  return found!;
}

async function page(id: number): Promise<Page> {
  const shown = await t.call('GET', `/api/admin/memberships/${id}`, { token: registrar });
  ok(shown);
  return (shown.body as { membership: Page }).membership;
}

async function rosterRow(name: string, id: number): Promise<Figures> {
  const roster = await t.call('GET', `/api/admin/teams/${tigers}/memberships?q=${encodeURIComponent(name)}`, {
    token: registrar,
  });
  ok(roster);
  const row = (roster.body as { memberships: (Figures & { id: number })[] }).memberships.find((m) => m.id === id);
  expect(row, `membership ${id} on the roster`).toBeDefined();
  return row!;
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

async function csvLines(file: string): Promise<string[][]> {
  const res = await t.call('GET', `/api/admin/teams/${tigers}/${file}`, { token: registrar });
  ok(res);
  return res.text
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split(','));
}

/** The roster CSV's figures of one membership: paid, remaining, status. */
async function rosterCsv(id: number): Promise<Figures> {
  const line = (await csvLines('memberships.csv')).find((cells) => cells[0] === String(id));
  expect(line, `membership ${id} in the roster CSV`).toBeDefined();
  const [, , , , , paid, remaining, , status] = line!;
  return { paid_cents: cents(paid!), remaining_cents: cents(remaining!), status: status as MembershipStatus };
}

/** What the payments CSV's lines of one membership add up to: charges and offline payments less refunds. */
async function paymentsCsvNet(id: number): Promise<number> {
  let net = 0;
  for (const [, type, membership, , amount] of await csvLines('payments.csv')) {
    if (membership !== String(id)) continue;
    net += type === 'refund' ? -cents(amount!) : cents(amount!);
  }
  return net;
}

const REMAINING_SCHEDULE = english('mailBilling.remainingSchedule');
const NOTHING_REMAINS = english('mailBilling.nothingRemains');

/** The total of a receipt e-mail's remaining schedule ('- March 1, 2027: $135.00' lines), 0 when nothing remains. */
function receiptRemaining(text: string): number {
  const lines = text.split(/\r?\n/);
  const start = lines.indexOf(REMAINING_SCHEDULE);
  if (start < 0) {
    expect(lines, 'a receipt says its remaining schedule').toContain(NOTHING_REMAINS);
    return 0;
  }
  let total = 0;
  for (const line of lines.slice(start + 1)) {
    const amount = /^- .+: \$([\d,]+\.\d\d)$/.exec(line);
    if (!amount) break;
    total += cents(amount[1]!.replace(/,/g, ''));
  }
  return total;
}

/** The newest mail id, to read only the receipts a step sends. */
async function lastMailId(): Promise<number> {
  const [row] = await t.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  return row?.id ?? 0;
}

/** A family's receipt lists its athletes' charges ('- Sam Rivera (12U Tigers, Spring 2027, …): $135.00'). */
const FAMILY_RECEIPT_LINE = /^- .+ \(.+\): \$[\d,]+\.\d\d$/m;

/**
 * The newest receipt e-mail sent after mail `since` about any of `ids` (one membership's, or a family checkout's
 * several) says as remaining what the family's /payments says remains: of the membership it names, or for a family's
 * receipt (the family collector's) of every membership of the family checkout (`ids`).
 */
async function expectReceiptAgrees(token: string, ids: readonly number[], since: number) {
  const [receipt] = await t.db
    .select({ text: mailOutbox.text, membershipIds: mailOutbox.membershipIds })
    .from(mailOutbox)
    .where(
      and(
        gt(mailOutbox.id, since),
        sql`${mailOutbox.subject} like 'Receipt:%'`,
        sql`${mailOutbox.membershipIds} && ${`{${ids.join(',')}}`}::integer[]`,
      ),
    )
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!receipt) return;
  let remaining = 0;
  const about = FAMILY_RECEIPT_LINE.test(receipt.text) ? ids : receipt.membershipIds;
  for (const id of about) remaining += (await family(token, id)).remaining_cents;
  expect(receiptRemaining(receipt.text), `the receipt of ${receipt.membershipIds}`).toBe(remaining);
}

/** Two new athletes of parent@example.com, paid in one family checkout on the 3-month plan with `cardNumber`. */
async function newFamilyCheckout(cardNumber: string) {
  const athletes = [await newClaimingAthlete(), await newClaimingAthlete()];
  const guardian = await t.tokenFor('parent@example.com');
  const started = await t.call('POST', '/api/household/checkout', {
    token: guardian,
    body: {
      athletes: athletes.map((athlete) => ({ athlete_id: athlete.id, payment_plan_month: 3 })),
      checkout_key: `figures-${serial}-${Date.now().toString(36)}`,
    },
  });
  ok(started);
  const intent = started.body as { checkout_id: string; payment_intent_id: string; client_secret: string };
  const year = new Date().getUTCFullYear() + 2;
  await (t.providers.payments as SandboxCardPayments).confirm(intent.payment_intent_id, intent.client_secret, {
    number: cardNumber,
    expMonth: 12,
    expYear: year,
    cvc: '123',
  });
  const done = await t.call('POST', '/api/household/checkout-success', {
    token: guardian,
    body: { checkout_id: intent.checkout_id, stripe_payment_intent_id: intent.payment_intent_id },
  });
  ok(done);
  const answer = done.body as {
    membership_ids: number[];
    receipt: { athletes: { membership_id: number; name: string }[]; remaining: { amount_cents: number }[] };
  };
  expect(answer.membership_ids).toHaveLength(2);
  return { guardian, athletes, receipt: answer.receipt };
}

/** Every surface's figures agree, and agree with what the steps did. */
async function expectOneMeaning(
  token: string,
  name: string,
  id: number,
  made: { refundedCents: number; cancelled: boolean },
) {
  const summary = await family(token, id);
  const figures: Figures = {
    paid_cents: summary.paid_cents,
    remaining_cents: summary.remaining_cents,
    status: summary.status,
  };
  const shown = await page(id);
  expect({ paid_cents: shown.paid_cents, remaining_cents: shown.remaining_cents, status: shown.status }).toEqual(
    figures,
  );
  const row = await rosterRow(name, id);
  expect({ paid_cents: row.paid_cents, remaining_cents: row.remaining_cents, status: row.status }).toEqual(figures);
  expect(await rosterCsv(id)).toEqual(figures);
  expect(await paymentsCsvNet(id)).toBe(figures.paid_cents);
  // remaining = dues − paid, and paid is net of the refunds made.
  expect(summary.remaining_cents).toBe(summary.total_cents - summary.paid_cents);
  expect(summary.refunded_cents).toBe(made.refundedCents);
  const gross = summary.phases.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.amount_cents, 0);
  expect(summary.paid_cents).toBe(gross - made.refundedCents);
  expect(summary.remaining_cents).toBe(
    made.cancelled
      ? 0
      : summary.phases
          .filter((p) => ['scheduled', 'failed', 'overdue'].includes(p.status))
          .reduce((sum, p) => sum + p.amount_cents, 0),
  );
  if (made.cancelled) {
    expect(['cancelled', 'refunded']).toContain(figures.status);
    expect(summary.next_payment).toBeNull();
  }
  return { summary, shown };
}

async function runStep(step: Step, state: { token: string; id: number; clock: string }) {
  const shown = await page(state.id);
  const owed = shown.phases.filter((p) => ['scheduled', 'failed', 'overdue'].includes(p.status));
  switch (step.kind) {
    case 'collect': {
      const next = owed[0]?.due_on ?? state.clock;
      const from = next > state.clock ? next : state.clock;
      state.clock = toIsoDate(addDays(new Date(`${from}T12:00:00Z`), step.days));
      ok(await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: state.clock } }));
      return 0;
    }
    case 'staffRetry': {
      const failed = owed.find((p) => p.status === 'failed' || p.status === 'overdue');
      if (!failed) return 0;
      const path = `/api/admin/memberships/${state.id}/phases/${failed.id}/retry`;
      const retried = await t.call('POST', path, { token: registrar });
      // A cancelled schedule refuses a retry (409); otherwise the charge is tried now.
      expect([200, 409], retried.text).toContain(retried.status);
      return 0;
    }
    case 'updateCard': {
      const setup = await t.call('POST', `/api/memberships/${state.id}/card-setup`, { token: state.token, body: {} });
      ok(setup);
      const { setup_intent_id: setupId, client_secret: secret } = setup.body as {
        setup_intent_id: string;
        client_secret: string;
      };
      ok(
        await t.call('POST', `/sandbox/setup-intents/${setupId}/confirm`, {
          body: { client_secret: secret, ...cardBody(step.good ? GOOD_CARD : DECLINING_CARD) },
        }),
      );
      const saved = await t.call('POST', `/api/memberships/${state.id}/card`, {
        token: state.token,
        body: { setup_intent_id: setupId },
      });
      ok(saved);
      return 0;
    }
    case 'refund': {
      const charges = shown.phases.filter(
        (p) => p.payment_id !== null && p.status === 'paid' && p.amount_cents - p.refunded_cents > 0,
      );
      const charge = charges[step.pick % Math.max(1, charges.length)];
      if (!charge) return 0;
      const amount = Math.max(1, Math.floor((charge.amount_cents - charge.refunded_cents) * step.share));
      const refunded = await t.call('POST', `/api/admin/memberships/${state.id}/refunds`, {
        token: registrar,
        body: { amount_cents: amount, reason: 'Property test', payment_id: charge.payment_id },
      });
      ok(refunded, 201);
      return amount;
    }
    case 'offline': {
      const phase = owed[0];
      if (!phase) return 0;
      const path = `/api/admin/memberships/${state.id}/phases/${phase.id}/offline`;
      ok(await t.call('POST', path, { token: registrar, body: { method: 'cash', note: 'Paid at practice' } }));
      return 0;
    }
    case 'cancel': {
      ok(
        await t.call('POST', `/api/admin/memberships/${state.id}/cancel`, {
          token: registrar,
          body: { reason: 'Property test' },
        }),
      );
      return 0;
    }
  }
}

describe('one meaning of paid (issue 30 point 5)', () => {
  const steps = fc.array(stepArbitrary, { minLength: 1, maxLength: 10 });

  it('every surface gives the same figures after any sequence of charges, declines, retries, refunds, offline payments and cancellations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), steps, async (good, sequence) => {
        const paid = await newPaidMembership(good ? GOOD_CARD : DECLINING_CARD);
        const made = { refundedCents: 0, cancelled: false };
        const { summary } = await expectOneMeaning(paid.token, paid.name, paid.membershipId, made);
        // The checkout's receipt lists the same schedule as remaining.
        expect(paid.receipt.remaining.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(summary.remaining_cents);
        const state = { token: paid.token, id: paid.membershipId, clock: toIsoDate(new Date()) };
        for (const step of sequence) {
          const since = await lastMailId();
          made.refundedCents += await runStep(step, state);
          if (step.kind === 'cancel') made.cancelled = true;
          await expectOneMeaning(paid.token, paid.name, paid.membershipId, made);
          await expectReceiptAgrees(paid.token, [paid.membershipId], since);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  it("a family checkout: the family's receipt, the family collector's receipts and every surface agree, whatever happens to one athlete", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), steps, async (good, sequence) => {
        const checkout = await newFamilyCheckout(good ? GOOD_CARD : DECLINING_CARD);
        const members = checkout.athletes.map((athlete) => {
          const line = checkout.receipt.athletes.find((candidate) => candidate.name === athlete.name);
          expect(line, `${athlete.name} on the family's receipt`).toBeDefined();
          return { name: athlete.name, id: line!.membership_id, made: { refundedCents: 0, cancelled: false } };
        });
        let remaining = 0;
        for (const member of members) {
          remaining += (await expectOneMeaning(checkout.guardian, member.name, member.id, member.made)).summary
            .remaining_cents;
        }
        // The family's receipt lists, by date, what remains of both athletes' schedules.
        expect(checkout.receipt.remaining.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(remaining);
        const [target, other] = members as [(typeof members)[0], (typeof members)[0]];
        const state = { token: checkout.guardian, id: target.id, clock: toIsoDate(new Date()) };
        for (const step of sequence) {
          const since = await lastMailId();
          target.made.refundedCents += await runStep(step, state);
          if (step.kind === 'cancel') target.made.cancelled = true;
          for (const member of [target, other]) {
            await expectOneMeaning(checkout.guardian, member.name, member.id, member.made);
          }
          await expectReceiptAgrees(checkout.guardian, [target.id, other.id], since);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  it("staff can refund a fixture family's payment: it was paid through the card sandbox", async () => {
    const token = await t.tokenFor('paid@example.com');
    const listed = await t.call('GET', '/api/memberships', { token });
    const [membership] = (listed.body as { memberships: MembershipSummaryJson[] }).memberships;
    expect(membership).toMatchObject({ paid_cents: 47500, status: 'paid' });
    const refunded = await t.call('POST', `/api/admin/memberships/${membership!.id}/refunds`, {
      token: registrar,
      body: { amount_cents: 2500, reason: 'App fee waived' },
    });
    ok(refunded, 201);
    expect(await family(token, membership!.id)).toMatchObject({
      paid_cents: 45000,
      refunded_cents: 2500,
      total_cents: 45000,
      remaining_cents: 0,
      status: 'paid',
    });
  });
});

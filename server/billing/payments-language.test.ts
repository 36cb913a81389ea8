import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teams } from '../db/schema/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import type { HouseholdCheckoutAnswer, HouseholdCheckoutSuccessAnswer } from '../services/checkout/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import type { CatchUpAnswer } from './catch-up.ts';
import type { MembershipSummaryJson, ReceiptJson } from './phases.ts';

/**
 * Issue 31 point 2: the texts of the payments answers that a page shows as they come (a receipt's and /payments'
 * `plan_name`, a card update's own `message`) follow the request's Accept-Language; English stays the spec's text.
 * Through the app, as the site calls it (Spanish pages send `Accept-Language: es-US`).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const SPANISH = { 'Accept-Language': 'es-US,es;q=0.9' };
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 12, expYear: nextYear, cvc: '123' });
const sandbox = () => t.providers.payments as SandboxCardPayments;

/** The card typed into the payment form and, for a 3-D Secure card, the sandbox's authentication completed. */
async function confirmIntent(id: string, secret: string, cardNumber: string) {
  const confirmed = await sandbox().confirm(id, secret, card(cardNumber));
  if (confirmed.kind === 'requires-action') await sandbox().authenticate(id, secret, true);
}

async function confirmSetup(id: string, secret: string, cardNumber: string) {
  const confirmed = await sandbox().confirmSetup(id, secret, card(cardNumber));
  if (confirmed.kind === 'requires-action') await sandbox().authenticateSetup(id, secret, true);
}

function ok<T>(answer: { status: number; body: unknown; text: string }): T {
  expect(answer.status, answer.text).toBe(200);
  return answer.body as T;
}

async function tigersId(): Promise<number> {
  const [team] = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.name, '12U Tigers'));
  return team!.id;
}

/** Sam Rivera (athlete of parent@example.com) with the 12U Tigers' licence claimed (spec §6). */
async function sam(): Promise<string> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: 'TIGERS-2027' } });
  const token = await t.tokenFor('samrivera');
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token,
    body: { license_code: 'TIGERS-2027' },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  return token;
}

/** The site's Pay Now for one athlete: checkout, the card confirmed in the sandbox, checkout-success. */
async function pay(token: string, month: number, cardNumber: string, headers?: Record<string, string>) {
  const body = { payment_plan_month: month, team_id: await tigersId(), discount_code: null };
  const started = ok<{ payment_intent_id: string; client_secret: string }>(
    await t.call('POST', '/api/memberships/checkout', { token, body, ...(headers && { headers }) }),
  );
  await confirmIntent(started.payment_intent_id, started.client_secret, cardNumber);
  const success = { ...body, stripe_payment_intent_id: started.payment_intent_id };
  const answer = ok<{ membership_id: number; receipt: ReceiptJson }>(
    await t.call('POST', '/api/memberships/checkout-success', { token, body: success, ...(headers && { headers }) }),
  );
  return { ...answer, success };
}

async function planNames(token: string, headers?: Record<string, string>): Promise<string[]> {
  const listed = ok<{ memberships: MembershipSummaryJson[] }>(
    await t.call('GET', '/api/memberships', { token, ...(headers && { headers }) }),
  );
  return listed.memberships.map((membership) => membership.plan_name);
}

describe("the payments answers in the request's language (issue 31 point 2)", () => {
  it("names the plan of the one-athlete receipt and of /payments in Spanish; English as the spec's", async () => {
    const token = await sam();
    const paid = await pay(token, 3, '4242424242424242', SPANISH);
    expect(paid.receipt).toMatchObject({ plan_name: '3 pagos mensuales', team_name: '12U Tigers' });
    // The same receipt asked again in English (a repeated checkout-success) is English.
    const again = ok<{ receipt: ReceiptJson }>(
      await t.call('POST', '/api/memberships/checkout-success', { token, body: paid.success }),
    );
    expect(again.receipt.plan_name).toBe('3 monthly payments');

    expect(await planNames(token, SPANISH)).toEqual(['3 pagos mensuales']);
    expect(await planNames(token)).toEqual(['3 monthly payments']);
    expect(await planNames(token, { 'Accept-Language': 'fr-FR' })).toEqual(['3 monthly payments']);
    // The guardian sees the athlete's membership on their /payments too.
    const guardian = await t.tokenFor('parent@example.com');
    expect(await planNames(guardian, SPANISH)).toEqual(['3 pagos mensuales']);
  });

  it("names 'Pay in full' in Spanish on the receipt", async () => {
    const token = await sam();
    const paid = await pay(token, 0, '4242424242424242', SPANISH);
    expect(paid.receipt.plan_name).toBe('Pagar el total');
    expect(await planNames(token)).toEqual(['Pay in full']);
  });

  it("names each athlete's plan of the family receipt in Spanish; English as ever", async () => {
    const pat = await t.tokenFor('parent@example.com');
    const athletes = ok<{ user_id: number; name: string; token: string }[]>(
      await t.call('GET', '/api/user/athletes', { token: pat }),
    );
    for (const athlete of athletes) {
      for (const path of ['/api/subscribe/claim-license', '/api/user/latest-license']) {
        const answer = await t.call('POST', path, { token: athlete.token, body: { license_code: 'TIGERS-2027' } });
        expect(answer.status, answer.text).toBe(200);
      }
    }
    const body = {
      checkout_key: 'language-test',
      discount_code: null,
      athletes: athletes.map((athlete, index) => ({
        athlete_id: athlete.user_id,
        payment_plan_month: index === 0 ? 0 : 3,
        include_payment_protection_plan: false,
      })),
    };
    const started = ok<HouseholdCheckoutAnswer>(
      await t.call('POST', '/api/household/checkout', { token: pat, body, headers: SPANISH }),
    );
    await confirmIntent(started.payment_intent_id!, started.client_secret!, '4242424242424242');
    const success = { checkout_id: started.checkout_id, stripe_payment_intent_id: started.payment_intent_id };
    const spanish = ok<HouseholdCheckoutSuccessAnswer>(
      await t.call('POST', '/api/household/checkout-success', { token: pat, body: success, headers: SPANISH }),
    );
    expect(spanish.receipt?.athletes.map((athlete) => athlete.plan_name)).toEqual([
      'Pagar el total',
      '3 pagos mensuales',
    ]);
    const english = ok<HouseholdCheckoutSuccessAnswer>(
      await t.call('POST', '/api/household/checkout-success', { token: pat, body: success }),
    );
    expect(english.receipt?.athletes.map((athlete) => athlete.plan_name)).toEqual([
      'Pay in full',
      '3 monthly payments',
    ]);
    // A repeated Pay Now answers the receipt again, in the language it is asked in.
    const repeated = ok<HouseholdCheckoutAnswer>(
      await t.call('POST', '/api/household/checkout', { token: pat, body, headers: SPANISH }),
    );
    expect(repeated.receipt?.athletes.map((athlete) => athlete.plan_name)).toEqual([
      'Pagar el total',
      '3 pagos mensuales',
    ]);
    expect(await planNames(pat, SPANISH)).toEqual(expect.arrayContaining(['Pagar el total', '3 pagos mensuales']));
  });

  it("says the card update's own message in Spanish (a catch-up charge still to authenticate); English as ever", async () => {
    // A 3-D Secure card: the collector's off-session charge of the first instalment fails; the family saves the same
    // kind of card, whose catch-up charge waits for authentication; collect asked before it is done says so.
    const token = await sam();
    const paid = await pay(token, 3, '4000002760003184');
    const run = await t.call('POST', '/api/staff/billing/run', {
      token: t.deps.env.STAFF_TOKEN,
      body: { as_of: paid.receipt.remaining[0]!.due_date },
    });
    expect(run.status, run.text).toBe(200);
    const id = paid.membership_id;
    const setup = ok<{ setup_intent_id: string; client_secret: string }>(
      await t.call('POST', `/api/memberships/${id}/card-setup`, { token }),
    );
    await confirmSetup(setup.setup_intent_id, setup.client_secret, '4000002760003184');
    const updated = ok<CatchUpAnswer>(
      await t.call('POST', `/api/memberships/${id}/card`, {
        token,
        body: { setup_intent_id: setup.setup_intent_id },
        headers: SPANISH,
      }),
    );
    expect(updated).toMatchObject({ outcome: 'requires_action', amount_cents: 13500 });
    const collect = (headers?: Record<string, string>) =>
      t.call('POST', `/api/memberships/${id}/collect`, {
        token,
        body: { payment_intent_id: updated.payment_intent!.id },
        ...(headers && { headers }),
      });
    expect(ok<CatchUpAnswer>(await collect(SPANISH))).toMatchObject({
      outcome: 'failed',
      message: 'El pago todavía necesita autenticación.',
    });
    expect(ok<CatchUpAnswer>(await collect())).toMatchObject({
      outcome: 'failed',
      message: 'The payment still needs authentication.',
    });
  });
});

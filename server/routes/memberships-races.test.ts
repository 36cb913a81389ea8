import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutResponseSchema, checkoutSuccessResponseSchema } from '../../src/api/schemas.ts';
import { checkouts, licences, memberships, teams, users } from '../db/schema/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { withCheckoutLease } from '../services/checkout/index.ts';
import { createTestApp, type TestApp, tokenForUserId, userId } from '../test/app-harness.ts';
import { expectOk } from '../test/expect-error.ts';
import { activeMembershipsOf, paymentIntentsOf } from '../test/payment-queries.ts';

/**
 * Issue 12, points 1 and 2 under concurrency: simultaneous requests of one payer (two tabs, a double click, a retry)
 * and of many payers for the last seats. On PostgreSQL (the server-pg project) the requests really run side by side.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const sandbox = () => t.providers.payments as SandboxCardPayments;
const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' };

async function tigers(): Promise<{ id: number; seasonId: number }> {
  const [team] = await t.db.select().from(teams).where(eq(teams.name, '12U Tigers'));
  return team!;
}

async function claim(token: string, code: string): Promise<string> {
  const answer = await t.call('POST', '/api/subscribe/claim-license', { token, body: { license_code: code } });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { status: string }).status;
}

/** Sam Rivera with a claim on TIGERS-2027, as the register wizard leaves him. */
async function samWithTigers(): Promise<{ token: string; id: number }> {
  const token = await t.tokenFor('samrivera');
  expect(await claim(token, 'TIGERS-2027')).toBe('OK');
  return { token, id: await userId(t.db, 'samrivera') };
}

const intentsOf = (id: number) => paymentIntentsOf(t.db, id);
const activeMemberships = (id: number) => activeMembershipsOf(t.db, id);

const checkout = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/memberships/checkout', { token, body });
const checkoutSuccess = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/memberships/checkout-success', { token, body });

describe('one payer, simultaneous requests', () => {
  it('10 checkouts at once with alternating parameters leave exactly one open intent', async () => {
    const sam = await samWithTigers();
    const team_id = (await tigers()).id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkout(sam.token, {
          payment_plan_month: i % 4 < 2 ? 0 : 3,
          team_id,
          discount_code: i % 2 === 0 ? null : 'SAVE10',
        }),
      ),
    );
    const started = answers.map((answer) => expectOk(answer, checkoutResponseSchema));
    expect(started.every((answer) => answer.payment_complete === 0)).toBe(true);

    const open = (await intentsOf(sam.id)).filter((intent) => intent.status !== 'canceled');
    expect(open).toHaveLength(1);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.userId, sam.id));
    expect(row).toMatchObject({ paymentIntentId: open[0]!.id, leaseId: null });

    // Every answer's intent is either the open one or canceled: whatever the browsers confirm, one charge at most.
    const charged = [];
    for (const answer of started) {
      const result = await sandbox().confirm(answer.payment_intent_id!, answer.client_secret!, goodCard);
      if (result.kind === 'confirmed' && result.charged) charged.push(answer.payment_intent_id);
    }
    expect(charged).toEqual([open[0]!.id]);
  });

  it('5 checkout-success calls at once for two paid intents record one membership and refund the other intent', async () => {
    const sam = await samWithTigers();
    const team = await tigers();
    const [seat] = await t.db.select().from(licences).where(eq(licences.code, 'TIGERS-2027'));
    // Two paid intents for the same team (left open before this rule existed).
    const paid: string[] = [];
    for (const discount of ['', 'SAVE10']) {
      const intent = await sandbox().createIntent({
        amountCents: discount ? 43000 : 47500,
        currency: 'usd',
        metadata: {
          user_id: String(sam.id),
          team_id: String(team.id),
          season_id: String(team.seasonId),
          licence_id: String(seat!.id),
          payment_plan_month: '0',
          plan_total_cents: discount ? '43000' : '47500',
          discount_code: discount,
          protection: '0',
        },
        idempotencyKey: `legacy-${discount}`,
      });
      await sandbox().confirm(intent.id, intent.clientSecret, goodCard);
      paid.push(intent.id);
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        checkoutSuccess(sam.token, { payment_plan_month: 0, team_id: team.id, stripe_payment_intent_id: paid[i % 2] }),
      ),
    );
    const ids = answers.map((answer) => expectOk(answer, checkoutSuccessResponseSchema).membership_id);
    expect(new Set(ids).size).toBe(1);
    const recorded = await activeMemberships(sam.id);
    expect(recorded).toHaveLength(1);
    const refunded = [];
    for (const id of paid) if (await sandbox().isRefunded(id)) refunded.push(id);
    expect(refunded).toEqual(paid.filter((id) => id !== recorded[0]!.stripePaymentIntentId));
  });

  it('5 full-discount checkouts at once record one membership', async () => {
    const sam = await samWithTigers();
    const body = { payment_plan_month: 0, team_id: (await tigers()).id, discount_code: 'FULLRIDE' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(sam.token, body)));
    for (const answer of answers) expect(expectOk(answer, checkoutResponseSchema).payment_complete).toBe(1);
    expect(await activeMemberships(sam.id)).toHaveLength(1);
  });

  it('a checkout with other parameters racing the checkout-success of the intent it replaces records that payment once', async () => {
    const sam = await samWithTigers();
    const body = { payment_plan_month: 0, team_id: (await tigers()).id, discount_code: null };
    const first = expectOk(await checkout(sam.token, body), checkoutResponseSchema);
    await sandbox().confirm(first.payment_intent_id!, first.client_secret!, goodCard);
    const success = { ...body, stripe_payment_intent_id: first.payment_intent_id };
    const answers = await Promise.all([
      checkout(sam.token, { ...body, discount_code: 'SAVE10' }),
      checkoutSuccess(sam.token, success),
      checkout(sam.token, { ...body, payment_plan_month: 3 }),
      checkoutSuccess(sam.token, success),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(await activeMemberships(sam.id)).toMatchObject([{ stripePaymentIntentId: first.payment_intent_id }]);
    // Nothing was charged twice, and no other intent was opened once the payment was seen.
    expect(await intentsOf(sam.id)).toMatchObject([{ id: first.payment_intent_id, status: 'succeeded' }]);
    expect(await sandbox().isRefunded(first.payment_intent_id!)).toBe(false);
  });
});

describe('many payers, few seats', () => {
  it('concurrent claims of the last 3 seats never oversell, and only the 3 holders can pay', async () => {
    await t.db.update(licences).set({ availableLicenses: 3 }).where(eq(licences.code, 'TIGERS-2027'));
    const athletes = await t.db
      .insert(users)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          kind: 'athlete' as const,
          name: `Racer ${i}`,
          username: `racer${i}000`,
          passwordHash: 'not-a-login',
        })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(athletes.map((athlete) => tokenForUserId(t.db, athlete.id)));

    const claims = await Promise.all(tokens.map((token) => claim(token, 'TIGERS-2027')));
    expect(claims.filter((status) => status === 'OK')).toHaveLength(3);
    const [licence] = await t.db.select().from(licences).where(eq(licences.code, 'TIGERS-2027'));
    expect(licence?.availableLicenses).toBe(0);

    const body = { payment_plan_month: 0, team_id: (await tigers()).id, discount_code: 'FULLRIDE' };
    const answers = await Promise.all(tokens.map((token) => checkout(token, body)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(5);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status === 200, `athlete ${i}`).toBe(claims[i] === 'OK');
    }
    const members = await t.db.select().from(memberships).where(eq(memberships.teamId, body.team_id));
    expect(members.filter((row) => athletes.some((athlete) => athlete.id === row.userId))).toHaveLength(3);
  });
});

describe('the checkout lease', () => {
  it('an expired lease passes to the next checkout, and the old holder can no longer save', async () => {
    const key = { userId: await userId(t.db, 'samrivera'), seasonId: (await tigers()).seasonId };
    const start = new Date();
    const later = new Date(start.getTime() + 5 * 60_000);
    await withCheckoutLease(
      t.db,
      key,
      () => start,
      async (slow) => {
        await withCheckoutLease(
          t.db,
          key,
          () => later,
          async (next) => {
            expect(await next.save({ paymentIntentId: 'pi_next', paramsKey: 'b', attempt: 1 })).toBe(true);
          },
        );
        expect(await slow.save({ paymentIntentId: 'pi_slow', paramsKey: 'a', attempt: 1 })).toBe(false);
      },
    );
    const [row] = await t.db.select().from(checkouts);
    expect(row).toMatchObject({ paymentIntentId: 'pi_next', leaseId: null });
  });
});

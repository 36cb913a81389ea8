import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { billingTokens } from '../../db/schema/providers.ts';
import type { ProviderDb } from '../provider-deps.ts';
import { createProviderTestDb } from '../provider-test-db.ts';
import type { BillingTerm } from '../types.ts';
import {
  BILLING_TOKEN_LIFETIME_MS,
  SandboxBilling,
  TOKEN_REFUSED_TEXT,
  type TokenRequest,
  validateTokenRequest,
} from './sandbox-billing.ts';

let db: ProviderDb;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createProviderTestDb());
});
afterAll(() => close());
beforeEach(async () => {
  await db.delete(billingTokens);
});

const nextYear = new Date().getUTCFullYear() + 1;

function cardRequest(number: string): TokenRequest {
  const result = validateTokenRequest({
    number,
    month: 1,
    year: nextYear,
    cvv: '999',
    first_name: 'Sam',
    last_name: 'Lee',
    address1: '2 Oak Ave',
    city: 'Lakeside',
    state: 'MI',
    postal_code: '49000',
    country: 'US',
  });
  if (!result.ok) throw new Error(`test card rejected: ${JSON.stringify(result.messages)}`);
  return result.value;
}

const purchaseWith = (billing: SandboxBilling, tokenId: string, term: BillingTerm = 'monthly') =>
  billing.purchase({
    accountCode: 'user-9',
    email: 'trial@example.com',
    firstName: 'Sam',
    lastName: 'Lee',
    term,
    couponCode: 'SAVE5',
    tokenId,
  });

describe('tokens', () => {
  test('only the last four digits of the card are stored', async () => {
    const billing = new SandboxBilling(db);
    const { id } = await billing.createToken(cardRequest('4111-1111-1111-1111'));
    const rows = await db.select().from(billingTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, cardLast4: '1111', outcome: 'ok', expMonth: 1, expYear: nextYear });
    expect(JSON.stringify(rows[0])).not.toContain('41111111');
  });

  test('two-digit years are read as 20xx', () => {
    const result = validateTokenRequest({ ...cardRequest('4111111111111111'), year: nextYear % 100 });
    expect(result.ok).toBe(true);
  });
});

describe('purchase', () => {
  test.each([
    ['4111 1111 1111 1111', { ok: true }],
    ['4000 0000 0000 0002', { ok: false, code: 'declined' }],
    ['4000 0000 0000 0119', { ok: false, code: 'processor' }],
    ['4000 0000 0000 0036', { ok: false, code: 'error' }],
    // A real-looking card that is not a test card declines, as a gateway in test mode does.
    ['4012 8888 8888 1881', { ok: false, code: 'declined' }],
  ])('%s → %o', async (number, expected) => {
    const billing = new SandboxBilling(db);
    const { id } = await billing.createToken(cardRequest(number));
    expect(await purchaseWith(billing, id)).toMatchObject(expected);
  });

  test('a successful purchase names its subscription', async () => {
    const billing = new SandboxBilling(db);
    const { id } = await billing.createToken(cardRequest('4111111111111111'));
    const result = await purchaseWith(billing, id, 'annual-pm');
    expect(result.ok && result.subscriptionId).toMatch(/^sbx-sub-[A-Za-z0-9]{24}$/);
  });

  test('a token is consumed once, even by concurrent purchases', async () => {
    const billing = new SandboxBilling(db);
    const { id } = await billing.createToken(cardRequest('4111111111111111'));
    const results = await Promise.all(Array.from({ length: 6 }, () => purchaseWith(billing, id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, code: TOKEN_REFUSED_TEXT })),
    );
  });

  test('a declined attempt uses the token up too', async () => {
    const billing = new SandboxBilling(db);
    const { id } = await billing.createToken(cardRequest('4000000000000002'));
    await purchaseWith(billing, id);
    expect(await purchaseWith(billing, id)).toEqual({ ok: false, code: TOKEN_REFUSED_TEXT });
  });

  test('an expired token is refused', async () => {
    let now = new Date(Date.UTC(2027, 0, 1, 12));
    const billing = new SandboxBilling(db, () => now);
    const { id } = await billing.createToken(cardRequest('4111111111111111'));
    now = new Date(now.getTime() + BILLING_TOKEN_LIFETIME_MS + 1);
    expect(await purchaseWith(billing, id)).toEqual({ ok: false, code: TOKEN_REFUSED_TEXT });
  });

  test('unknown and malformed tokens are refused without touching the database', async () => {
    const billing = new SandboxBilling(db);
    expect(await purchaseWith(billing, 'sbx-tok-AAAAAAAAAAAAAAAAAAAAAAAA')).toEqual({
      ok: false,
      code: TOKEN_REFUSED_TEXT,
    });
    expect(await purchaseWith(billing, "x' or 1=1 --")).toEqual({ ok: false, code: TOKEN_REFUSED_TEXT });
  });

  test('a term that is not one of the four plans answers nosubplan and keeps the token', async () => {
    const billing = new SandboxBilling(db);
    const { id } = await billing.createToken(cardRequest('4111111111111111'));
    expect(await purchaseWith(billing, id, 'weekly' as BillingTerm)).toEqual({ ok: false, code: 'nosubplan' });
    expect(await purchaseWith(billing, id)).toMatchObject({ ok: true });
  });
});

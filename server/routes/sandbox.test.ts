import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { billingTokens, paymentIntents } from '../db/schema/providers.ts';
import { createProviders } from '../providers/index.ts';
import type { ProviderDb, ProviderEnv, ProviderLog } from '../providers/provider-deps.ts';
import { createProviderTestDb } from '../providers/provider-test-db.ts';
import type { PaymentIntent, Providers } from '../providers/types.ts';
import { sandboxRoutes } from './sandbox.ts';

const silentLog: ProviderLog = { info() {}, warn() {}, error() {} };
const env: ProviderEnv = { NODE_ENV: 'test' };
const ORIGIN = 'http://localhost:5173';
const RETURN_URL = `${ORIGIN}/payment?step=2`;
const nextYear = new Date().getUTCFullYear() + 1;

let db: ProviderDb;
let close: () => Promise<void>;
let providers: Providers;
let app: Hono;

beforeAll(async () => {
  ({ db, close } = await createProviderTestDb());
  providers = await createProviders(env, db, silentLog);
  app = sandboxRoutes({ db, providers, env });
});
afterAll(async () => {
  await providers.realtime.close();
  await close();
});
beforeEach(async () => {
  await db.delete(paymentIntents);
  await db.delete(billingTokens);
});

const postJson = (path: string, body: unknown) =>
  app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

let keySeq = 0;
const newIntent = (amountCents = 47_900) =>
  providers.payments.createIntent({
    amountCents,
    currency: 'usd',
    metadata: { user_id: '1', team_id: '1' },
    idempotencyKey: `test-${++keySeq}`,
  });

const confirm = (intent: PaymentIntent, card: string, extra: Record<string, unknown> = {}) =>
  postJson(`/sandbox/payment-intents/${intent.id}/confirm`, {
    client_secret: intent.clientSecret,
    card_number: card,
    exp_month: 12,
    exp_year: nextYear,
    cvc: '123',
    return_url: RETURN_URL,
    ...extra,
  });

interface StripeErrorBody {
  error: { type: string; code: string; decline_code?: string; message: string; param?: string };
}
interface ConfirmBody {
  payment_intent: {
    id: string;
    status: string;
    amount: number;
    client_secret: string;
    next_action: { type: string; redirect_to_url: { url: string; return_url: string } } | null;
  };
}

describe('GET /sandbox/payment-intents/{id}', () => {
  test('answers id, status, amount and client_secret to the holder of the secret', async () => {
    const intent = await newIntent();
    const res = await app.request(
      `${ORIGIN}/sandbox/payment-intents/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: intent.id,
      status: 'requires_payment_method',
      amount: 47_900,
      currency: 'usd',
      client_secret: intent.clientSecret,
    });
  });

  test('a wrong or missing secret and an unknown id answer Stripe-shaped 4xx errors', async () => {
    const intent = await newIntent();
    const wrong = await app.request(`${ORIGIN}/sandbox/payment-intents/${intent.id}?client_secret=pi_x_secret_y`);
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as StripeErrorBody).error.code).toBe('resource_missing');
    const missing = await app.request(`${ORIGIN}/sandbox/payment-intents/${intent.id}`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'client_secret' } });
    const unknown = await app.request(`${ORIGIN}/sandbox/payment-intents/pi_unknown12345?client_secret=x`);
    expect(unknown.status).toBe(404);
  });
});

describe('POST /sandbox/payment-intents/{id}/confirm', () => {
  test('4242 4242 4242 4242 succeeds', async () => {
    const intent = await newIntent();
    const res = await confirm(intent, '4242 4242 4242 4242', {
      billing_details: { name: 'Pat Rivera', address: { postal_code: '12345' } },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ConfirmBody;
    expect(body.payment_intent).toMatchObject({ id: intent.id, status: 'succeeded', next_action: null });
    expect((await providers.payments.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  test.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s is declined with 402 and Stripe text', async (number, declineCode, message) => {
    const intent = await newIntent();
    const res = await confirm(intent, number);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
    });
    expect((await providers.payments.retrieveIntent(intent.id))?.status).toBe('requires_payment_method');
  });

  test.each([
    [{ card_number: '4242 4242 4242 4241' }, 'incorrect_number', 'Your card number is incorrect.'],
    [{ exp_year: 2020 }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
    [{ exp_month: 13 }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    [{ cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('card problems are card errors: %o', async (override, code, message) => {
    const intent = await newIntent();
    const res = await confirm(intent, '4242424242424242', override);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { type: 'card_error', code, message } });
  });

  test('an already succeeded intent is returned unchanged and not charged again', async () => {
    const intent = await newIntent();
    expect((await confirm(intent, '4242424242424242')).status).toBe(200);
    const again = await confirm(intent, '4000000000000002');
    expect(again.status).toBe(200);
    expect(((await again.json()) as ConfirmBody).payment_intent.status).toBe('succeeded');
  });

  test('concurrent confirmations all answer succeeded', async () => {
    const intent = await newIntent();
    const responses = await Promise.all(Array.from({ length: 6 }, () => confirm(intent, '4242424242424242')));
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(((await res.json()) as ConfirmBody).payment_intent.status).toBe('succeeded');
    }
  });

  test.each([
    ['not JSON', '{', 'parameter_invalid'],
    ['an array', [], 'parameter_invalid'],
    [
      'no card number',
      { client_secret: 's', exp_month: 1, exp_year: 2030, cvc: '1', return_url: RETURN_URL },
      'parameter_missing',
    ],
    [
      'a javascript: return_url',
      {
        client_secret: 's',
        card_number: '4242',
        exp_month: 1,
        exp_year: 2030,
        cvc: '1',
        return_url: 'javascript:alert(1)',
      },
      'parameter_invalid',
    ],
    [
      'a non-numeric month',
      { client_secret: 's', card_number: '4242', exp_month: 'May', exp_year: 2030, cvc: '1', return_url: RETURN_URL },
      'parameter_invalid',
    ],
  ])('bad input (%s) answers 400 invalid_request_error', async (_label, body, code) => {
    const intent = await newIntent();
    const res = await postJson(`/sandbox/payment-intents/${intent.id}/confirm`, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', code } });
  });

  test('a body over 16 KB is refused with 413', async () => {
    const intent = await newIntent();
    const res = await confirm(intent, '4242424242424242', { billing_details: { name: 'x'.repeat(20_000) } });
    expect(res.status).toBe(413);
  });

  test('an unknown intent or a wrong secret answers 404', async () => {
    const intent = await newIntent();
    expect((await confirm({ ...intent, clientSecret: 'nope' }, '4242424242424242')).status).toBe(404);
    expect((await confirm({ ...intent, id: 'pi_missing000000' }, '4242424242424242')).status).toBe(404);
  });
});

describe('3-D Secure round trip (4000 0025 0000 3155)', () => {
  async function startAuthentication() {
    const intent = await newIntent(12_345);
    const res = await confirm(intent, '4000 0025 0000 3155');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ConfirmBody;
    expect(body.payment_intent.status).toBe('requires_action');
    expect(body.payment_intent.next_action?.type).toBe('redirect_to_url');
    const pageUrl = new URL(body.payment_intent.next_action!.redirect_to_url.url);
    expect(pageUrl.origin + pageUrl.pathname).toBe(`${ORIGIN}/sandbox/3ds`);
    expect(pageUrl.searchParams.get('return_url')).toBe(RETURN_URL);
    return { intent, pageUrl };
  }

  async function submit(pageUrl: URL, outcome: 'complete' | 'fail') {
    const form = new URLSearchParams({
      payment_intent: pageUrl.searchParams.get('payment_intent')!,
      client_secret: pageUrl.searchParams.get('client_secret')!,
      return_url: pageUrl.searchParams.get('return_url')!,
      outcome,
    });
    return app.request(`${ORIGIN}/sandbox/3ds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  test('the page explains the check and offers Complete and Fail buttons', async () => {
    const { pageUrl } = await startAuthentication();
    const page = await app.request(pageUrl.toString());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>3-D Secure authentication</h1>');
    expect(html).toContain('$123.45');
    expect(html).toContain('>Complete authentication</button>');
    expect(html).toContain('>Fail authentication</button>');
  });

  test("in the site's language: Spanish by the language cookie, by Accept-Language or by lang=, the amount in bold", async () => {
    const { pageUrl } = await startAuthentication();
    const spanish: Array<{ url?: string; headers: Record<string, string> }> = [
      { headers: { Cookie: 'diamond-language=es' } },
      { headers: { 'Accept-Language': 'es-US,es;q=0.9' } },
      { url: `${pageUrl.toString()}&lang=es`, headers: { Cookie: 'diamond-language=en' } },
    ];
    for (const { url, headers } of spanish) {
      const page = await app.request(url ?? pageUrl.toString(), { headers });
      expect(page.status).toBe(200);
      expect(page.headers.get('vary')).toContain('Accept-Language');
      const html = await page.text();
      expect(html).toContain('<html lang="es">');
      expect(html).toContain('<h1>Autenticación 3-D Secure</h1>');
      expect(html).toContain('Tu banco te pide que confirmes este pago de <strong>$123.45</strong>.');
      expect(html).toContain('>Completar la autenticación</button>');
      expect(html).not.toContain('Complete authentication');
    }
    const invalid = await app.request(`${ORIGIN}/sandbox/3ds?payment_intent=pi_nope`, {
      headers: { 'Accept-Language': 'es' },
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('<h1>Enlace de autenticación no válido</h1>');
  });

  test('Complete returns to return_url with redirect_status=succeeded and the intent succeeded', async () => {
    const { intent, pageUrl } = await startAuthentication();
    const res = await submit(pageUrl, 'complete');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/payment`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      step: '2',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: 'succeeded',
    });
    expect((await providers.payments.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  test('Fail returns with redirect_status=failed and the intent asks for another card', async () => {
    const { intent, pageUrl } = await startAuthentication();
    const res = await submit(pageUrl, 'fail');
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    expect((await providers.payments.retrieveIntent(intent.id))?.status).toBe('requires_payment_method');
  });

  test('opening the page again after completion goes straight back with the result', async () => {
    const { pageUrl } = await startAuthentication();
    await submit(pageUrl, 'complete');
    const again = await app.request(pageUrl.toString());
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('redirect_status')).toBe('succeeded');
  });

  test('a tampered secret or a missing field shows a "not valid" page and changes nothing', async () => {
    const { intent, pageUrl } = await startAuthentication();
    const tampered = new URL(pageUrl);
    tampered.searchParams.set('client_secret', 'wrong');
    const page = await app.request(tampered.toString());
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Authentication link not valid');
    expect((await submit(tampered, 'complete')).status).toBe(404);
    const noReturn = new URL(pageUrl);
    noReturn.searchParams.delete('return_url');
    expect((await app.request(noReturn.toString())).status).toBe(400);
    expect((await providers.payments.retrieveIntent(intent.id))?.status).toBe('requires_action');
  });

  test('values are HTML-escaped in the page', async () => {
    const intent = await newIntent();
    const res = await confirm(intent, '4000002500003155', { return_url: `${ORIGIN}/payment?x="><script>` });
    const body = (await res.json()) as ConfirmBody;
    const html = await (await app.request(body.payment_intent.next_action!.redirect_to_url.url)).text();
    expect(html).not.toContain('"><script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('POST /sandbox/billing/tokens', () => {
  const valid = {
    number: '4111 1111 1111 1111',
    month: '12',
    year: String(nextYear),
    cvv: '123',
    first_name: 'Pat',
    last_name: 'Rivera',
    address1: '1 Main St',
    city: 'Springfield',
    state: 'il',
    postal_code: '62701',
    country: 'us',
  };

  test('valid card details answer a single-use sbx-tok- token that purchase() charges once', async () => {
    const res = await postJson('/sandbox/billing/tokens', valid);
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^sbx-tok-/);
    const purchase = {
      accountCode: 'user-1',
      email: 'parent@example.com',
      firstName: 'Pat',
      lastName: 'Rivera',
      term: 'monthly' as const,
      couponCode: null,
      tokenId: id,
    };
    expect(await providers.billing.purchase(purchase)).toMatchObject({ ok: true });
    expect(await providers.billing.purchase(purchase)).toMatchObject({ ok: false });
  });

  test('4000 0000 0000 0002 tokenizes but purchase answers declined', async () => {
    const res = await postJson('/sandbox/billing/tokens', { ...valid, number: '4000000000000002' });
    const { id } = (await res.json()) as { id: string };
    const result = await providers.billing.purchase({
      accountCode: 'user-1',
      email: 'parent@example.com',
      firstName: 'Pat',
      lastName: 'Rivera',
      term: 'annual',
      couponCode: null,
      tokenId: id,
    });
    expect(result).toEqual({ ok: false, code: 'declined' });
  });

  test('invalid fields answer 422 with a message per field', async () => {
    const res = await postJson('/sandbox/billing/tokens', {
      ...valid,
      number: '4111 1111 1111 1112',
      cvv: '1',
      state: 'Illinois',
      first_name: '  ',
      country: undefined,
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; messages: Record<string, string[]> };
    expect(body.message).toBe('Please check your card details.');
    expect(body.messages).toEqual({
      number: ['Card number is invalid.'],
      cvv: ['Security code is invalid.'],
      state: ['State must be a two-letter code.'],
      first_name: ['First name is required.'],
      country: ['Country is required.'],
    });
  });

  test('an expired card is a field error on the year', async () => {
    const res = await postJson('/sandbox/billing/tokens', { ...valid, year: '2019' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { messages: Record<string, string[]> }).messages).toEqual({
      year: ['Card has expired.'],
    });
  });

  test('a body that is not JSON or not an object is refused with 4xx', async () => {
    expect((await postJson('/sandbox/billing/tokens', '{nope')).status).toBe(400);
    const array = await postJson('/sandbox/billing/tokens', [1, 2]);
    expect(array.status).toBe(422);
    expect(await array.json()).toMatchObject({ messages: { body: expect.any(Array) } });
  });
});

describe('setup intents (update card)', () => {
  interface SetupBody {
    setup_intent: {
      id: string;
      status: string;
      payment_method: string | null;
      next_action: { type: string; redirect_to_url: { url: string; return_url: string } } | null;
    };
  }
  const newSetup = () =>
    providers.payments.createSetupIntent({ customerId: 'cus_sandboxtest', metadata: { membership_id: '1' } });
  const confirmSetup = (setup: { id: string; clientSecret: string }, card: string, secret = setup.clientSecret) =>
    postJson(`/sandbox/setup-intents/${setup.id}/confirm`, {
      client_secret: secret,
      card_number: card,
      exp_month: 12,
      exp_year: nextYear,
      cvc: '123',
      return_url: RETURN_URL,
    });

  test('a good card succeeds and is saved to the customer with its brand and last four digits', async () => {
    const setup = await newSetup();
    expect(setup).toMatchObject({ id: expect.stringMatching(/^seti_/), status: 'requires_payment_method' });
    const res = await confirmSetup(setup, '5555 5555 5555 4444');
    expect(res.status).toBe(200);
    const body = (await res.json()) as SetupBody;
    expect(body.setup_intent).toMatchObject({ id: setup.id, status: 'succeeded' });
    const read = await app.request(
      `${ORIGIN}/sandbox/setup-intents/${setup.id}?client_secret=${encodeURIComponent(setup.clientSecret)}`,
    );
    expect(await read.json()).toMatchObject({ id: setup.id, status: 'succeeded' });
    const saved = await providers.payments.retrieveSetupIntent(setup.id);
    expect(saved).toMatchObject({ status: 'succeeded', customerId: 'cus_sandboxtest' });
    expect(await providers.payments.cardSummary(saved!.paymentMethodId!)).toEqual({
      brand: 'mastercard',
      last4: '4444',
    });
  });

  test('a declined card answers 402 with the card error; a wrong secret 404', async () => {
    const setup = await newSetup();
    const declined = await confirmSetup(setup, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { type: 'card_error', code: 'card_declined' } });
    expect((await confirmSetup(setup, '4242 4242 4242 4242', 'seti_wrong_secret')).status).toBe(404);
    const read = await app.request(`${ORIGIN}/sandbox/setup-intents/${setup.id}?client_secret=nope`);
    expect(read.status).toBe(404);
  });

  test('4000 0027 6000 3184 goes through the 3-D Secure page and returns with setup_intent', async () => {
    const setup = await newSetup();
    const res = await confirmSetup(setup, '4000 0027 6000 3184');
    const body = (await res.json()) as SetupBody;
    expect(body.setup_intent.status).toBe('requires_action');
    const page = new URL(body.setup_intent.next_action!.redirect_to_url.url);
    expect(page.searchParams.get('setup_intent')).toBe(setup.id);
    const html = await (await app.request(page.toString())).text();
    expect(html).toContain('this card may be saved for your later payments');
    const form = new URLSearchParams({
      setup_intent: setup.id,
      client_secret: setup.clientSecret,
      return_url: RETURN_URL,
      outcome: 'complete',
    });
    const back = await app.request(`${ORIGIN}/sandbox/3ds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      step: '2',
      setup_intent: setup.id,
      setup_intent_client_secret: setup.clientSecret,
      redirect_status: 'succeeded',
    });
    expect((await providers.payments.retrieveSetupIntent(setup.id))?.status).toBe('succeeded');
  });
});

describe('saved cards (collector charges)', () => {
  async function savedCard(card: string) {
    const setup = await providers.payments.createSetupIntent({ customerId: 'cus_saved', metadata: {} });
    await postJson(`/sandbox/setup-intents/${setup.id}/confirm`, {
      client_secret: setup.clientSecret,
      card_number: card,
      exp_month: 12,
      exp_year: nextYear,
      cvc: '123',
      return_url: RETURN_URL,
    });
    const form = new URLSearchParams({
      setup_intent: setup.id,
      client_secret: setup.clientSecret,
      return_url: RETURN_URL,
      outcome: 'complete',
    });
    await app.request(`${ORIGIN}/sandbox/3ds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    return (await providers.payments.retrieveSetupIntent(setup.id))!.paymentMethodId!;
  }
  const charge = (paymentMethodId: string, offSession: boolean, key = `charge-${++keySeq}`) =>
    providers.payments.chargeSavedCard({
      customerId: 'cus_saved',
      paymentMethodId,
      amountCents: 13_500,
      currency: 'usd',
      metadata: { kind: 'instalment' },
      idempotencyKey: key,
      offSession,
    });

  test('a good card is charged off-session, once per idempotency key', async () => {
    const card = await savedCard('4242424242424242');
    const first = await charge(card, true, 'same-key');
    expect(first.status).toBe('succeeded');
    const again = await charge(card, true, 'same-key');
    expect(again.status === 'succeeded' && first.status === 'succeeded' && again.intent.id).toBe(first.intent?.id);
  });

  test('4000 0000 0000 0341 is declined on every later charge', async () => {
    const card = await savedCard('4000000000000341');
    expect(await charge(card, true)).toMatchObject({ status: 'failed', code: 'card_declined' });
    expect(await charge(card, false)).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
  });

  test('4000 0027 6000 3184 fails off-session (authentication_required) and asks for 3-D Secure on-session', async () => {
    const card = await savedCard('4000002760003184');
    expect(await charge(card, true)).toMatchObject({ status: 'failed', code: 'authentication_required' });
    const present = await charge(card, false);
    expect(present.status).toBe('requires_action');
    // The browser confirms it with the saved card (no card fields): the sandbox sends it to the 3-D Secure page.
    const res = await postJson(`/sandbox/payment-intents/${present.intent!.id}/confirm`, {
      client_secret: present.intent!.clientSecret,
      return_url: RETURN_URL,
    });
    expect(((await res.json()) as ConfirmBody).payment_intent.next_action?.type).toBe('redirect_to_url');
  });

  test('a card saved to another customer is not charged', async () => {
    const card = await savedCard('4242424242424242');
    const other = await providers.payments.chargeSavedCard({
      customerId: 'cus_someone_else',
      paymentMethodId: card,
      amountCents: 13_500,
      currency: 'usd',
      metadata: {},
      idempotencyKey: `charge-${++keySeq}`,
      offSession: true,
    });
    expect(other.status).toBe('failed');
  });
});

describe('when production adapters are configured', () => {
  test('the sandbox routes answer 404 and create nothing', async () => {
    const stripeEnv: ProviderEnv = {
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_x',
      RECURLY_API_KEY: 'rk_x',
    };
    const real = await createProviders(stripeEnv, db, silentLog);
    try {
      const routes = sandboxRoutes({ db, providers: real, env: stripeEnv });
      const confirmRes = await routes.request(`${ORIGIN}/sandbox/payment-intents/pi_abcdefgh123/confirm`, {
        method: 'POST',
        body: '{}',
      });
      expect(confirmRes.status).toBe(404);
      expect(await confirmRes.json()).toMatchObject({ error: { code: 'sandbox_disabled' } });
      expect((await routes.request(`${ORIGIN}/sandbox/3ds`)).status).toBe(404);
      const tokenRes = await routes.request(`${ORIGIN}/sandbox/billing/tokens`, {
        method: 'POST',
        body: JSON.stringify(valid()),
      });
      expect(tokenRes.status).toBe(404);
      expect(await db.select().from(billingTokens)).toHaveLength(0);
    } finally {
      await real.realtime.close();
    }
  });
});

describe('NODE_ENV=production', () => {
  test('the sandbox routes do not exist even if sandbox providers were passed in', async () => {
    const prodEnv: ProviderEnv = { NODE_ENV: 'production' };
    const routes = sandboxRoutes({ db, providers, env: prodEnv });
    const intent = await newIntent();
    const retrieve = await routes.request(
      `${ORIGIN}/sandbox/payment-intents/${intent.id}?client_secret=${encodeURIComponent(intent.clientSecret)}`,
    );
    expect(retrieve.status).toBe(404);
    const token = await routes.request(`${ORIGIN}/sandbox/billing/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(token.status).toBe(404);
  });
});

function valid() {
  return {
    number: '4111111111111111',
    month: 12,
    year: nextYear,
    cvv: '123',
    first_name: 'Pat',
    last_name: 'Rivera',
    address1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country: 'US',
  };
}

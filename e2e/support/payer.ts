import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { check } from './controls';
import { FIXTURE_PASSWORD, registerGuardian, storeUser, WEBSITE } from './session';

/** A guardian who pays in a journey: its API token and e-mail address. */
export interface Payer {
  token: string;
  email: string;
}

/**
 * A new guardian who claimed a team licence and has not paid (payment_complete 0), stored in the browser: register,
 * add an athlete, pick the licence, claim it.
 */
export async function newPayer(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  licence = 'TIGERS-2027',
): Promise<Payer> {
  const user = await registerGuardian(request, prefix, 'Pat Payer', { do_not_claim: true });
  const auth = { ...WEBSITE, Authorization: `Bearer ${user.token}` };
  const athlete = await request.post('/api/auth/register-athlete', {
    headers: auth,
    data: {
      name: 'Sam Payer',
      username: `sampayer${Date.now()}${Math.floor(Math.random() * 1e4)}`,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      relationship: 'Mother',
    },
  });
  expect(athlete.ok(), 'register athlete').toBe(true);
  const latest = await request.post('/api/user/latest-license', { headers: auth, data: { license_code: licence } });
  expect(latest.ok(), 'latest licence').toBe(true);
  const claim = await request.post('/api/subscribe/claim-license', { headers: auth, data: { license_code: licence } });
  expect(await claim.json()).toMatchObject({ status: 'OK' });
  // The site keeps what register answered (src/session/current-user.ts); the flow refreshes it on entry.
  await storeUser(page, user);
  return { token: user.token, email: user.email };
}

/** The payer's `payment_complete` as the server sees it now (1 once the team licence is paid). */
export async function paymentComplete(request: APIRequestContext, payer: Payer): Promise<number> {
  const response = await request.get('/api/memberships/subscription-status', {
    headers: { ...WEBSITE, Authorization: `Bearer ${payer.token}` },
  });
  return ((await response.json()) as { payment_complete: number }).payment_complete;
}

/** Fills the sandbox card form (any future expiry and CVC do). */
export async function enterCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** Cents as dollars with two decimals (the journeys compare amounts under $1,000, so no thousands separator). */
export function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The staff token of the fixtures (docs/fixtures.md), for the staff calls the journeys make. */
const STAFF = { Authorization: 'Bearer staff-dev-token', 'Content-Type': 'application/json' };

/** Runs the collector as of `asOf` (POST /api/staff/billing/run) and answers what it did. */
export async function runBilling(request: APIRequestContext, asOf: string) {
  const response = await request.post('/api/staff/billing/run', { headers: STAFF, data: { as_of: asOf } });
  expect(response.ok(), `billing run as of ${asOf}`).toBe(true);
  return (await response.json()) as { charged: number; failed: number; reminded: number };
}

/**
 * Pays TIGERS-2027's 3-month plan on /payment with the given sandbox card, for the payer the browser holds: plan,
 * injury protection left out, the waiver agreed, Pay Now; then the claimed page with the payment confirmation at its
 * top (issue 15, 19.1). `licence`: another licence of the 12U Tigers with the same plans (FULL-2027's waitlist seat).
 */
export async function payTigersThreeMonths(page: Page, card: string, licence = 'TIGERS-2027'): Promise<void> {
  await page.goto('/payment');
  await check(page.getByRole('radio', { name: /^3 monthly payments/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Injury Protection' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // As a person would: the card form has loaded (the card provider loads lazily, then the step renders it).
  await expect(page.getByLabel('Card number')).toBeVisible();
  await check(page.getByLabel('I agree to the terms and conditions stated above.'));
  await enterCard(page, card);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/licenses/${licence}\\?claimed_registration=true$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
}

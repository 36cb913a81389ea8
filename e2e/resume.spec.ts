import { check } from './support/controls';
import {
  type APIRequestContext,
  type Browser,
  type CspViolations,
  devices,
  expect,
  type Page,
  reportCspViolations,
  test,
} from './support/fixtures';
import { enterCard, newPayer, type Payer, paymentComplete } from './support/payer';
import { FIXTURE_PASSWORD, WEBSITE } from './support/session';

/**
 * Issue 21 points 1, 2, 5: a registration saved on one device resumes on another. A guardian who claimed 12U Tigers
 * stops at payment step 2 on a phone; on a fresh desktop browser, logging in with the licence offers 'Continue where
 * you left off', which restores checkout with the same plan and protection, and the payment clears the saved
 * registration. A registration left for 24 hours gets the reminder e-mail, whose link leads, after login, back to it.
 * Each journey has its own new guardian, so the shared fixtures are not changed.
 */

const LICENCE = 'TIGERS-2027';
const STAFF = { Authorization: 'Bearer staff-dev-token', 'Content-Type': 'application/json' };
const AGREE = 'I agree to the terms and conditions stated above.';

function bearer(token: string) {
  return { ...WEBSITE, Authorization: `Bearer ${token}` };
}

async function savedProgress(request: APIRequestContext, payer: Payer) {
  const response = await request.get(`/api/registrations/progress?license=${LICENCE}`, {
    headers: bearer(payer.token),
  });
  expect(response.ok(), 'GET /api/registrations/progress').toBe(true);
  return ((await response.json()) as { progress: { step: string; snapshot: unknown } | null }).progress;
}

/** A browser of its own (its pages report CSP violations to the test like the test's own). */
async function freshContext(browser: Browser, cspViolations: CspViolations, options = {}) {
  const context = await browser.newContext(options);
  await reportCspViolations(context, cspViolations);
  return context;
}

interface SavedAnswer {
  progress?: { step?: string; snapshot?: { context?: { includeProtection?: boolean } } };
}

/** Waits for the site to save the flow at `step` with protection added on the server (the row the PUT answers). */
function savedAt(page: Page, step: string) {
  return page.waitForResponse(async (response) => {
    if (!response.url().includes('/api/registrations/progress') || response.request().method() !== 'PUT') return false;
    const { progress } = (await response.json()) as SavedAnswer;
    return progress?.step === step && progress.snapshot?.context?.includeProtection === true;
  });
}

/** On a phone: payment options (3 monthly payments), injury protection added, then on to `stopAt`. */
async function stopOnPhone(page: Page, stopAt: 'protection' | 'checkout') {
  await page.goto('/payment');
  await check(page.getByRole('radio', { name: /^3 monthly payments/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Injury Protection' })).toBeVisible();
  if (stopAt === 'protection') {
    const saved = savedAt(page, 'payment.protection');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    return;
  }
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
  const saved = savedAt(page, 'payment.checkout');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  expect((await saved).ok()).toBe(true);
}

/** Login step 2 with the licence in the link, as the guardian. */
async function logIn(page: Page, payer: Payer) {
  await expect(page.getByLabel('Guardian Email')).toBeVisible();
  await page.getByLabel('Guardian Email').fill(payer.email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test.describe('resume a registration on another device (issue 21)', () => {
  test('stopped at payment step 2 on a phone, continued and paid on a desktop', async ({
    browser,
    request,
    cspViolations,
  }) => {
    const phone = await freshContext(browser, cspViolations, { ...devices['Pixel 7'] });
    const phonePage = await phone.newPage();
    const payer = await newPayer(phonePage, request, 'resume.phone');
    await stopOnPhone(phonePage, 'checkout');
    // The server keeps the step and nothing of a password or a card.
    const progress = await savedProgress(request, payer);
    expect(progress?.step).toBe('payment.checkout');
    expect(JSON.stringify(progress?.snapshot)).not.toMatch(/password|card.?number|cvc|client_secret|token/i);
    // A reload on the same device resumes without asking.
    await phonePage.reload();
    await expect(phonePage.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await phone.close();

    const desktop = await freshContext(browser, cspViolations);
    const page = await desktop.newPage();
    await page.goto(`/login?license=${LICENCE}`);
    await logIn(page, payer);
    const offer = page.getByRole('region', { name: 'Welcome back' });
    await expect(offer).toContainText('12U Tigers');
    await expect(offer).toContainText('stopped at checkout.');
    await offer.getByRole('button', { name: 'Continue where you left off' }).click();

    // Checkout again, with the same choices: protection added, 3 monthly payments.
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: /^3 monthly payments/ })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

    await check(page.getByRole('checkbox', { name: AGREE }));
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
    expect(await paymentComplete(request, payer)).toBe(1);
    // A completed payment clears the saved registration, on the server and in the browser.
    expect(await savedProgress(request, payer)).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('diamond.progress'))).toBeNull();
    await desktop.close();
  });

  test("'Start over' discards the saved registration", async ({ browser, request, cspViolations, page }) => {
    const payer = await newPayer(page, request, 'resume.over');
    await stopOnPhone(page, 'protection');
    const desktop = await freshContext(browser, cspViolations);
    const other = await desktop.newPage();
    await other.goto(`/continue?license=${LICENCE}`);
    await expect(other).toHaveURL(/\/login\?/);
    await logIn(other, payer);
    const offer = other.getByRole('region', { name: 'Welcome back' });
    await expect(offer).toContainText('stopped at injury protection.');
    await offer.getByRole('button', { name: 'Start over' }).click();
    await expect(offer).toHaveCount(0);
    // Gone from the server; the login goes on from the athlete list and saves that step instead.
    expect((await savedProgress(request, payer))?.step).not.toBe('payment.protection');
    await desktop.close();
  });

  test('a reminder 24 hours later leads back to where the guardian stopped', async ({
    browser,
    request,
    cspViolations,
    page,
  }) => {
    const payer = await newPayer(page, request, 'resume.remind');
    await stopOnPhone(page, 'protection');

    // The collector's run as of tomorrow sends the reminder (24 h after the last save).
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000).toISOString().slice(0, 10);
    const run = await request.post('/api/staff/billing/run', { headers: STAFF, data: { as_of: tomorrow } });
    expect(run.ok(), 'billing run').toBe(true);

    await page.goto('/dev/mailbox');
    const mail = page
      .getByRole('article')
      .filter({ hasText: `To ${payer.email}` })
      .filter({ hasText: 'Finish registering' })
      .first();
    await expect(mail).toContainText('12U Tigers');
    const href = await mail.locator('a[href*="/continue?license="]').first().getAttribute('href');
    expect(href).toContain(`/continue?license=${LICENCE}`);

    const desktop = await freshContext(browser, cspViolations);
    const other = await desktop.newPage();
    await other.goto(href ?? '/continue');
    await logIn(other, payer);
    const offer = other.getByRole('region', { name: 'Welcome back' });
    await offer.getByRole('button', { name: 'Continue where you left off' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Injury Protection' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    await desktop.close();
  });
});

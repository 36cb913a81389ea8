import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { type ApiUser, loginThroughApi, registerGuardian, storeUser, WEBSITE } from './support/session';

/**
 * /subscribe (issue 7 points 1-3 and 6; spec §2 Subscribe, §4 Subscribe, §5, §8, §9) against the seeded fixtures
 * (docs/fixtures.md: monthly 14.99 with a 7-day trial, annual 119.99 with 14 days, annual billed monthly 11.99 and
 * quarterly 39.99 without; SAVE5 is 500 cents off for 3 months; sandbox billing: 4111 1111 1111 1111 succeeds,
 * 4000 0000 0000 0002 is declined). Every journey that buys uses a guardian of its own, registered through the API.
 */

const DECLINED_TEXT = 'Your card was declined. Please check your payment information and try again.';

/** Registers a fresh guardian through the API and stores it the way the site does after a login. */
async function newGuardian(page: Page, request: APIRequestContext, prefix: string): Promise<ApiUser> {
  const user = await registerGuardian(request, prefix, 'Sam Subscriber');
  await storeUser(page, user);
  return user;
}

/** The user as the server sees it now (GET /api/user). */
async function serverUser(request: APIRequestContext, token: string) {
  const response = await request.get('/api/user', { headers: { ...WEBSITE, Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    has_subscription: boolean;
    subscription: { status_message: string; paid_through: string | null } | null;
  };
}

async function fillBilling(page: Page, cardNumber: string): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill('Sam');
  await page.getByLabel('Last name', { exact: true }).fill('Subscriber');
  await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
  await page.getByLabel('City', { exact: true }).fill('Springfield');
  await page.getByLabel('State or province', { exact: true }).fill('IL');
  await page.getByLabel('Postal code', { exact: true }).fill('62701');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration month').fill('12');
  await page.getByLabel('Expiration year').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('Security code (CVV)').fill('123');
}

async function openSubscribe(page: Page, query = ''): Promise<void> {
  await page.goto(`/subscribe${query}`);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
}

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
  }
}

test.describe('subscribe', () => {
  test('a guardian subscribes monthly with SAVE5 and the dashboard shows the new status', async ({ page, request }) => {
    const user = await newGuardian(page, request, 'subscribe.monthly');
    await openSubscribe(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible();
    // §4: monthly is the default when a monthly price exists; §9 prices and trials.
    await expect(page.getByRole('radio', { name: 'Monthly', exact: true })).toBeChecked();
    for (const name of ['Annual', 'Annual, billed monthly', 'Quarterly', 'Monthly']) {
      await expect(page.getByRole('radio', { name, exact: true })).toBeVisible();
    }
    await expect(page.locator('label.plan-tile').first()).toContainText('$9.99 per month');
    await expect(page.locator('label.plan-tile').first()).toContainText('Billed once a year: $119.99.');
    await expect(page.getByText('Billed every month, with a 12-month commitment.')).toBeVisible();
    await expect(page.getByText('7-day free trial.')).toBeVisible();
    await expect(page.getByText('Your card will not be charged until your free trial ends.').first()).toBeVisible();
    await expect(
      page.getByText('A full refund is available on request within 7 days of your initial purchase.'),
    ).toBeVisible();
    await axeAtBothWidths(page, '/subscribe');

    await page.getByLabel('Coupon code (optional)').fill('SAVE5');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByText('Coupon SAVE5 applied.')).toBeVisible();
    await expect(
      page.getByText('With your coupon: $9.99 a month for the first 3 months, then $14.99 a month.'),
    ).toBeVisible();
    // §4: a coupon forces monthly.
    await expect(page.getByRole('radio', { name: 'Monthly', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Annual', exact: true })).toBeDisabled();

    await fillBilling(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const after = await serverUser(request, user.token);
    expect(after.has_subscription).toBe(true);
    // The fixtures give the monthly plan a 7-day trial: the new subscription starts in it (§9).
    expect(after.subscription?.status_message).toBe('Trial period active.');
    await expect(page.getByText('Status: Trial period active.')).toBeVisible();
    await expect(page.getByText('You are currently on your free trial.')).toBeVisible();
  });

  test("a plan without a trial shows 'Subscription active.' on the dashboard", async ({ page, request }) => {
    const user = await newGuardian(page, request, 'subscribe.annualpm');
    await openSubscribe(page);
    await check(page.getByRole('radio', { name: 'Annual, billed monthly' }));
    await fillBilling(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Status: Subscription active.')).toBeVisible();
    expect((await serverUser(request, user.token)).subscription?.status_message).toBe('Subscription active.');
  });

  test('a declined card shows the §8 declined text and buys nothing', async ({ page, request }) => {
    const user = await newGuardian(page, request, 'subscribe.declined');
    await openSubscribe(page);
    await fillBilling(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText(DECLINED_TEXT);
    await expect(page).toHaveURL(/\/subscribe/);
    await axeAtBothWidths(page, '/subscribe with a declined card');
    expect((await serverUser(request, user.token)).has_subscription).toBe(false);
  });

  test('a coupon must be applied before subscribing, and a bad one is invalid', async ({ page, request }) => {
    await newGuardian(page, request, 'subscribe.coupon');
    await openSubscribe(page);
    await fillBilling(page, '4111 1111 1111 1111');
    await page.getByLabel('Coupon code (optional)').fill('SAVE5');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert')).toHaveText('Apply your coupon code to your order before submitting.');
    await page.getByLabel('Coupon code (optional)').fill('NOPE');
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await expect(page.getByRole('alert')).toHaveText('This coupon is invalid.');
    await expect(page.getByText('$14.99 per month')).toBeVisible();
  });

  test("/subscribe?coupon_code=BOGUS says 'Sorry, this coupon is not valid.'", async ({ page, request }) => {
    await newGuardian(page, request, 'subscribe.bogus');
    await openSubscribe(page, '?coupon_code=BOGUS');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, this coupon is not valid.');
    await expect(page.getByText('$14.99 per month')).toBeVisible();
    await axeAtBothWidths(page, '/subscribe?coupon_code=BOGUS');
  });

  test("an invalid coupon in an annual link also says 'Sorry, this coupon is not valid.'", async ({
    page,
    request,
  }) => {
    // Issue 19 point 3: the link's coupon is validated whatever the term.
    await newGuardian(page, request, 'subscribe.annualbogus');
    await openSubscribe(page, '?term=annual&coupon_code=BOGUS');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, this coupon is not valid.');
    await expect(page.getByRole('radio')).toHaveCount(2);
    await openSubscribe(page, '?term=annual&coupon_code=SAVE5');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your plan');
    await expect(page.getByRole('radio', { name: 'Annual', exact: true })).toBeChecked();
  });

  test("'Apply Coupon' keeps the focus while the coupon is looked up", async ({ page, request }) => {
    await newGuardian(page, request, 'subscribe.applyfocus');
    await openSubscribe(page);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = () => resolve();
    });
    await page.route('**/api/subscribe/coupon-details/**', async (route) => {
      await answered;
      await route.continue();
    });
    await page.getByLabel('Coupon code (optional)').fill('SAVE5');
    const apply = page.getByRole('button', { name: 'Apply Coupon' });
    await apply.focus();
    await page.keyboard.press('Enter');
    await expect(apply).toHaveAttribute('aria-disabled', 'true');
    await expect(apply).toBeFocused();
    answer();
    await expect(page.getByText('Coupon SAVE5 applied.')).toBeVisible();
    await expect(apply).toHaveAttribute('aria-disabled', 'false');
    await expect(apply).toBeFocused();
  });

  test('a link with term=annual shows only the two annual tiles', async ({ page, request }) => {
    await newGuardian(page, request, 'subscribe.annual');
    await openSubscribe(page, '?term=annual');
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('radio', { name: 'Annual', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Monthly', exact: true })).toHaveCount(0);
  });

  test('an existing subscriber is sent to the dashboard', async ({ page, request }) => {
    await loginThroughApi(page, request, 'subscriber@example.com');
    await page.goto('/subscribe');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Status: Subscription active.')).toBeVisible();
  });

  test('a user whose trial has ended stays on /subscribe and sees the plan tiles', async ({ page, request }) => {
    await loginThroughApi(page, request, 'trialended@example.com');
    await openSubscribe(page);
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('heading', { name: 'Your plan' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(4);
  });

  test('billing code loads only on /subscribe, and the sandbox never contacts js.recurly.com', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await newGuardian(page, request, 'subscribe.chunks');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
    expect(scripts.filter((url) => /billing/.test(url))).toEqual([]);
    await openSubscribe(page);
    expect(scripts.some((url) => /sandbox-billing/.test(url))).toBe(true);
    expect(scripts.filter((url) => url.includes('recurly'))).toEqual([]);
  });
});

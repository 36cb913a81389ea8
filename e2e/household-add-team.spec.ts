import { expect, type Page, test } from './support/fixtures';
import { startIsolatedServer } from './support/isolated-server';
import { enterCard } from './support/payer';
import { FIXTURE_PASSWORD, WEBSITE } from './support/session';

/**
 * Issue 20 point 1, with the fixtures' household (docs/fixtures.md "Households"): Pat Rivera (parent@example.com)
 * registers Sam Rivera on 12U Tigers through the licence link, then on the payment page adds Alex Rivera on another
 * team of Northside, 14U Storm (STORM-2026, Fall 2026), by that team's licence code. Both athletes are listed with
 * their own team and season, one card payment pays both, and the confirmation lists both. The seasons differ, so no
 * household discount applies. It claims licences for Pat's athletes, so it runs on a server of its own.
 */

const NORTHSIDE_WAIVER = 'I agree to the terms and conditions stated above. (Northside Youth Baseball waiver)';

async function pickAthlete(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
  await page.getByRole('radio', { name }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

function amountOf(page: Page, scope: string, term: string) {
  return page
    .locator(scope)
    .locator('.amounts__row', { has: page.locator('dt', { hasText: new RegExp(`^${term}`) }) })
    .locator('dd');
}

async function choosePlan(page: Page, athlete: string, plan: RegExp, dueToday: string) {
  const radio = page.getByRole('group', { name: `Payment plan for ${athlete}` }).getByRole('radio', { name: plan });
  await radio.check();
  await expect(amountOf(page, '.household-totals', 'Due today')).toHaveText(dueToday);
  await expect(radio).toBeChecked();
  await expect(page.locator('.household-athletes')).toHaveAttribute('aria-busy', 'false');
}

test.describe("'Add another athlete' on another team of the organization", () => {
  test('Pat adds Alex on 14U Storm (STORM-2026) to Sam on 12U Tigers and pays once', async ({ page, request }) => {
    test.setTimeout(180_000);
    const server = await startIsolatedServer();
    try {
      const { baseURL } = server;
      await page.goto(`${baseURL}/licenses/TIGERS-2027`);
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(/\/login\?/);
      await page.getByLabel('Guardian Email').fill('parent@example.com');
      await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      await pickAthlete(page, 'Sam Rivera');
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();

      await page.getByRole('button', { name: 'Add another athlete' }).click();
      await expect(page.getByText('Team: 12U Tigers')).toBeVisible();
      await page.getByRole('button', { name: "Use another team's license code" }).click();
      await page.getByLabel("Another team's license code").fill('STORM-2026');
      await page.getByRole('button', { name: 'Use This Team' }).click();
      await expect(page.getByText('Team: 14U Storm')).toBeVisible();
      await pickAthlete(page, 'Alex Rivera');

      // Both athletes, each with their own team and season.
      await expect(page.getByRole('heading', { level: 2, name: 'Sam Rivera' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Alex Rivera' })).toBeVisible();
      await expect(page.getByText('12U Tigers · Spring 2027')).toHaveCount(1);
      await expect(page.getByText('14U Storm · Fall 2026')).toHaveCount(1);
      await choosePlan(page, 'Sam Rivera', /^Pay in full/, '$475.00');
      await choosePlan(page, 'Alex Rivera', /^Pay in full/, '$795.00');
      // Different seasons: no household discount.
      await expect(amountOf(page, '.household-totals', 'Sibling discount')).toHaveCount(0);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
      await expect(page.locator('.household-summary__athlete')).toHaveCount(2);
      await expect(amountOf(page, '.household-summary__totals', 'Due today')).toHaveText('$795.00');
      // The summary keeps its row for the household discount (fixed rows, CLS 0), with nothing off.
      await expect(amountOf(page, '.household-summary__totals', 'Sibling discount')).toHaveText('$0.00');
      await expect(page.getByRole('checkbox', { name: NORTHSIDE_WAIVER })).toHaveCount(1);

      // One card payment for both.
      const intents: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/api/household/checkout') intents.push(sent.method());
      });
      await enterCard(page, '4242 4242 4242 4242');
      await page.getByRole('checkbox', { name: NORTHSIDE_WAIVER }).check();
      await page.getByRole('button', { name: 'Pay Now' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
      expect(intents).toEqual(['POST']);
      for (const name of ['Sam Rivera', 'Alex Rivera']) {
        const region = page.getByRole('region', { name });
        await expect(region).toBeVisible();
        await expect(region.locator('.amounts__row', { hasText: 'Sibling discount' })).toHaveCount(0);
      }

      // Two memberships of one household checkout, each on its own team.
      const login = await request.post(`${baseURL}/api/auth/login`, {
        headers: WEBSITE,
        data: { email: 'parent@example.com', password: FIXTURE_PASSWORD },
      });
      const { token } = (await login.json()) as { token: string };
      const answer = await request.get(`${baseURL}/api/memberships`, {
        headers: { ...WEBSITE, Authorization: `Bearer ${token}` },
      });
      expect(answer.ok()).toBe(true);
      const body = JSON.stringify(await answer.json());
      expect(body).toContain('12U Tigers');
      expect(body).toContain('14U Storm');
    } finally {
      await server.stop();
    }
  });
});

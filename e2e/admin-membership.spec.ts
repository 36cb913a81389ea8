/**
 * The club console's membership page (issue 22 points 3, 4 and 8): a registrar finds an overdue family on 14U Storm's
 * roster, retries the charge, then refunds half of the first payment (with a confirm step); the family sees the refund
 * on /payments. The page passes axe at 375 and 1280 px, and a refund works by keyboard alone. Every journey here
 * changes money, so each runs on an isolated server seeded with the console's roster (docs/fixtures.md "Staff").
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { type APIRequestContext, expect, type Page, reportCspViolations, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD, WEBSITE } from './support/session';

const REGISTRAR = 'registrar@northside.example';
const FAMILY = 'priya.patel@example.com';

/** The id of an athlete's membership on 14U Storm, found the way the roster page finds it (the console's API). */
async function membershipIdOf(request: APIRequestContext, baseURL: string, athlete: string): Promise<number> {
  const login = await request.post(`${baseURL}/api/admin/login`, {
    data: { email: REGISTRAR, password: FIXTURE_PASSWORD },
  });
  expect(login.ok(), 'registrar login').toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const teams = (await (await request.get(`${baseURL}/api/admin/teams`, { headers })).json()) as {
    teams: { id: number; name: string }[];
  };
  const storm = teams.teams.find((team) => team.name === '14U Storm');
  expect(storm, '14U Storm among the registrar’s teams').toBeTruthy();
  const roster = await request.get(
    `${baseURL}/api/admin/teams/${storm?.id}/memberships?q=${encodeURIComponent(athlete)}`,
    { headers },
  );
  const { memberships } = (await roster.json()) as { memberships: { id: number; athlete: { name: string } }[] };
  const row = memberships.find((membership) => membership.athlete.name === athlete);
  expect(row, `${athlete} on the roster`).toBeTruthy();
  return row?.id ?? 0;
}

/** Opens the membership's page: the console's guard sends the visitor to log in, then back to the page. */
async function openAsRegistrar(page: Page, baseURL: string, id: number): Promise<void> {
  await page.goto(`${baseURL}/admin/memberships/${id}`);
  await expect(page).toHaveURL(/\/admin\/login\?returnUrl=/);
  await page.getByLabel('Email').fill(REGISTRAR);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/memberships/${id}`);
}

const fact = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('+ dd');

test.describe('a membership in the club console', () => {
  test.describe.configure({ timeout: 240_000 });
  let server: IsolatedServer;

  // One server for the file: the journeys change different families (Drew Patel, Avery Stone).
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    server = await acquireIsolatedServer({ seedRoster: true });
  });

  test.afterAll(async () => {
    await server?.release();
  });

  test('a registrar finds an overdue family on the roster, retries the charge, refunds half a payment; the family sees the refund', async ({
    page,
    request,
    browser,
    cspViolations,
  }) => {
    const { baseURL } = server;
    // The registrar finds the overdue family on the team's roster (issue 22 point 8).
    await page.goto(`${baseURL}/admin`);
    await page.getByLabel('Email').fill(REGISTRAR);
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: '14U Storm', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '14U Storm roster' })).toBeFocused();
    await page.getByLabel('Status').selectOption('overdue');
    await expect(page).toHaveURL(/status=overdue/);
    const roster = page.getByRole('table');
    await expect(roster.getByRole('row')).toHaveCount(2);
    await roster.getByRole('link', { name: 'Drew Patel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Drew Patel: 14U Storm' })).toBeFocused();
    // Issue 33 point 4: the page links back to where it was opened from, the team's roster.
    await expect(page.getByRole('link', { name: 'Back to the 14U Storm roster' })).toHaveAttribute(
      'href',
      /\/admin\/teams\/\d+$/,
    );
    await expect(fact(page, 'Status')).toHaveText('Overdue');
    await expect(fact(page, 'Guardian')).toHaveText(`Priya Patel (${FAMILY})`);
    await expect(fact(page, 'Card')).toHaveText('Visa ending 4242');
    const payments = page.getByRole('table', { name: 'Payments of this membership' });
    const audit = () => page.getByRole('table', { name: 'Staff actions on this membership' });

    // 1. The overdue instalment, charged now: its status changes and the audit log shows who did it.
    const overdue = payments.getByRole('row').filter({ hasText: 'Overdue' });
    await expect(overdue).toHaveCount(1);
    await overdue.getByRole('button', { name: /^Retry .* now$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The charge was retried.' })).toBeVisible();
    await expect(payments.getByRole('row').filter({ hasText: 'Overdue' })).toHaveCount(0);
    await expect(fact(page, 'Status')).toHaveText('On schedule');
    await expect(audit().getByRole('row').filter({ hasText: 'Retried a charge' })).toContainText('Ray Ortiz');

    // 2. Half of the first payment back, with a reason and a confirm step.
    await page.getByRole('button', { name: 'Refund First payment' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Refund First payment' })).toBeFocused();
    const amount = page.getByLabel('Amount to refund (dollars)');
    await expect(amount).toHaveValue('105.00');
    // More than is left: the server's refusal, on the amount field.
    await amount.fill('500');
    await page.getByLabel('Reason').fill('Missed half the season');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('This is more than is left to refund.');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('52.50');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('group', { name: 'Refund $52.50 to Priya Patel (Visa ending 4242)?' })).toBeVisible();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The refund is done.' })).toBeVisible();
    await expect(payments.getByRole('row', { name: /First payment/ })).toContainText('Refunded $52.50');
    const refundRow = audit().getByRole('row').filter({ hasText: 'Missed half the season' });
    await expect(refundRow).toContainText('Refund');
    await expect(refundRow).toContainText('Ray Ortiz');
    await expect(refundRow).toContainText('$52.50');

    // 3. The family, in a browser of their own: /payments shows the refund.
    const context = await browser.newContext();
    await reportCspViolations(context, cspViolations);
    try {
      const family = await context.newPage();
      const login = await request.post(`${baseURL}/api/auth/login`, {
        headers: WEBSITE,
        data: { email: FAMILY, password: FIXTURE_PASSWORD },
      });
      expect(login.ok(), 'family login').toBe(true);
      const user = await login.json();
      await family.goto(`${baseURL}/no-such-page`);
      await family.evaluate((stored) => localStorage.setItem('diamond.currentUser', JSON.stringify(stored)), user);
      await family.goto(`${baseURL}/payments`);
      const storm = family.getByRole('article', { name: '14U Storm' });
      await expect(storm.getByText('Refunded $52.50')).toBeVisible();
      await expect(storm.locator('dt', { hasText: 'Refunded' }).locator('+ dd')).toHaveText('$52.50');
    } finally {
      await context.close();
    }
  });

  test('the page passes axe at 375 and 1280 px, and a refund works by keyboard alone', async ({ page, request }) => {
    const { baseURL } = server;
    const id = await membershipIdOf(request, baseURL, 'Avery Stone');
    await openAsRegistrar(page, baseURL, id);
    const heading = page.getByRole('heading', { level: 1, name: 'Avery Stone: 14U Storm' });
    await expect(heading).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSeriousA11yViolations(page, `/admin/memberships/$id at ${viewport.width} px`);
    }

    // Keyboard only, from the focused heading: Tab to the payment's 'Refund', then the form, then the confirm step.
    await page.reload();
    await expect(heading).toBeFocused();
    const refund = page.getByRole('button', { name: 'Refund Payment in full' });
    for (
      let presses = 0;
      presses < 40 && !(await refund.evaluate((node) => node === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(refund).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Refund Payment in full' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'the refund form at 1280 px');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Amount to refund (dollars)')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('10.00');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Reason')).toBeFocused();
    await page.keyboard.type('Goodwill refund');
    await page.keyboard.press('Enter');
    // The confirm step: the safe answer has the focus; the refund is one Shift+Tab away.
    await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();
    await expect(page.getByRole('group', { name: /^Refund \$10\.00 to / })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the refund confirm step at 1280 px');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'The refund is done.' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Payments of this membership' }).getByRole('row', { name: /Payment in full/ }),
    ).toContainText('Refunded $10.00');
  });
});

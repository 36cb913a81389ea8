/**
 * The club console's roster (issue 22 points 3, 5 and 8): a registrar filters, searches and sorts 14U Storm's roster
 * (by mouse and by keyboard alone) and exports it: the CSV files are opened and checked; a coach sees only their own
 * team's roster, read-only; the page passes axe at 375 and 1280 px. Nothing here changes data: one isolated server
 * seeded with the console's roster (docs/fixtures.md "Staff") serves the whole file.
 */
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD } from './support/session';

const REGISTRAR = 'registrar@northside.example';
const COACH = 'coach.tigers@northside.example';

async function logIn(page: Page, baseURL: string, email: string): Promise<void> {
  await page.goto(`${baseURL}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();
}

async function openStorm(page: Page): Promise<void> {
  await page.getByRole('link', { name: '14U Storm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '14U Storm roster' })).toBeFocused();
}

const athletes = (page: Page) => page.getByRole('table').locator('tbody th');

test.describe('a team roster in the club console', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: IsolatedServer;

  test.beforeAll(async () => {
    server = await acquireIsolatedServer({ seedRoster: true });
  });

  test.afterAll(async () => {
    await server?.release();
  });

  test('a registrar filters by status, searches by name and sorts by a column', async ({ page }) => {
    await logIn(page, server.baseURL, REGISTRAR);
    await openStorm(page);
    await expect(page.getByRole('status').filter({ hasText: 'memberships' })).toHaveText('5 memberships');
    await expect(athletes(page)).toHaveText([
      'Avery Stone',
      'Blake Moreno',
      'Casey Nguyen',
      'Drew Patel',
      'Emery Walsh',
    ]);
    const drew = page.getByRole('row').filter({ hasText: 'Drew Patel' });
    await expect(drew).toContainText('priya.patel@example.com');
    await expect(drew).toContainText('3 monthly payments');
    await expect(drew).toContainText('$105.00');
    await expect(drew).toContainText('$210.00');
    await expect(drew).toContainText('Overdue');

    await page.getByLabel('Status').selectOption('overdue');
    await expect(athletes(page)).toHaveText(['Drew Patel']);
    await expect(page).toHaveURL(/status=overdue/);
    await page.getByLabel('Status').selectOption('');
    await expect(athletes(page)).toHaveCount(5);

    await page.getByLabel('Search by name').fill('moreno');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(athletes(page)).toHaveText(['Blake Moreno']);
    await expect(page).toHaveURL(/q=moreno/);
    // The query is the page's address: a reload shows the same rows.
    await page.reload();
    await expect(athletes(page)).toHaveText(['Blake Moreno']);
    await page.getByLabel('Search by name').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(athletes(page)).toHaveCount(5);

    await page.getByRole('button', { name: 'Athlete' }).click();
    await expect(page.getByRole('columnheader', { name: 'Athlete' })).toHaveAttribute('aria-sort', 'descending');
    await expect(athletes(page).first()).toHaveText('Emery Walsh');
    await page.getByRole('button', { name: 'Remaining' }).click();
    await expect(page.getByRole('columnheader', { name: 'Remaining' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('columnheader', { name: 'Athlete' })).toHaveAttribute('aria-sort', 'none');
  });

  test('the roster and payments exports download as CSV files that open and read right', async ({ page }) => {
    await logIn(page, server.baseURL, REGISTRAR);
    await openStorm(page);

    const rosterDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export roster (CSV)' }).click();
    const roster = await rosterDownload;
    expect(roster.suggestedFilename()).toMatch(/^14u-storm-roster-\d{4}-\d{2}-\d{2}\.csv$/);
    const rosterLines = (await readFile(await roster.path(), 'utf8')).trimEnd().split(/\r?\n/);
    expect(rosterLines).toHaveLength(1 + 5);
    const header = rosterLines[0] ?? '';
    expect(header).toContain('athlete');
    const drew = rosterLines.find((line) => line.includes('Drew Patel')) ?? '';
    expect(drew).toContain('priya.patel@example.com');
    expect(drew).toContain('105.00');
    expect(drew).toContain('210.00');
    expect(drew).toMatch(/,\d{4}-\d{2}-\d{2},/);
    expect(drew).toContain('overdue');

    const paymentsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export payments (CSV)' }).click();
    const payments = await paymentsDownload;
    expect(payments.suggestedFilename()).toMatch(/\.csv$/);
    const paymentLines = (await readFile(await payments.path(), 'utf8')).trimEnd().split(/\r?\n/);
    expect(paymentLines.length).toBeGreaterThan(1);
    // Emery Walsh's refund is a row of its own, in dollars with two decimals.
    expect(paymentLines.some((line) => line.includes('Emery Walsh') && /320\.00/.test(line))).toBe(true);
    expect(paymentLines.slice(1).every((line) => /\d{4}-\d{2}-\d{2}/.test(line))).toBe(true);
  });

  test('a coach sees only their own team, read-only; another team is not found', async ({ page }) => {
    await logIn(page, server.baseURL, COACH);
    await expect(page.getByRole('link', { name: '12U Tigers', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '14U Storm' })).toHaveCount(0);
    const tigers = await page.getByRole('link', { name: '12U Tigers', exact: true }).getAttribute('href');
    await page.getByRole('link', { name: '12U Tigers', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '12U Tigers roster' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Export roster (CSV)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export payments (CSV)' })).toHaveCount(0);

    // 14U Storm's roster by its address: the server answers as for a team that does not exist.
    const storm = await page.request.post(`${server.baseURL}/api/admin/login`, {
      data: { email: REGISTRAR, password: FIXTURE_PASSWORD },
    });
    const { token } = (await storm.json()) as { token: string };
    const teams = (await (
      await page.request.get(`${server.baseURL}/api/admin/teams`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { teams: { id: number; name: string }[] };
    const stormId = teams.teams.find((team) => team.name === '14U Storm')?.id;
    expect(tigers).not.toBe(`/admin/teams/${stormId}`);
    await page.goto(`${server.baseURL}/admin/teams/${stormId}`);
    await expect(page.getByRole('alert')).toHaveText('Team not found.');
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test("a coach's roster has the guardians' phones and a standing, no amounts and no membership pages", async ({
    page,
  }) => {
    await logIn(page, server.baseURL, COACH);
    await page.getByRole('link', { name: '12U Tigers', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '12U Tigers roster' })).toBeFocused();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Paid' })).toHaveCount(0);
    await expect(table).not.toContainText('$');
    await expect(table.getByRole('link')).toHaveCount(0);
    await expect(page.getByLabel('Status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "a coach's /admin/teams/$teamId");
  });

  test('the roster works by keyboard alone and passes axe at 375 and 1280 px', async ({ page }) => {
    await logIn(page, server.baseURL, REGISTRAR);
    await openStorm(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSeriousA11yViolations(page, `/admin/teams/$teamId at ${viewport.width} px`);
    }
    const status = page.getByLabel('Status');
    for (
      let presses = 0;
      presses < 20 && !(await status.evaluate((node) => node === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(status).toBeFocused();
    // Overdue is the fourth status: the arrows move the choice, each one loads its page; the focus stays put.
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
    await expect(athletes(page)).toHaveText(['Drew Patel']);
    await expect(status).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Search by name')).toBeFocused();
    await page.keyboard.type('zzz');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No memberships match.')).toBeVisible();
    await expect(page.getByLabel('Search by name')).toBeFocused();
    const sort = page.getByRole('button', { name: 'Guardian' });
    for (
      let presses = 0;
      presses < 20 && !(await sort.evaluate((node) => node === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: 'Guardian' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(sort).toBeFocused();
  });
});

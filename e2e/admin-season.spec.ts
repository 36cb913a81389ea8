/**
 * The season's picture on the console's home (issue 33 point 4): owners and registrars see, per team and for the club,
 * who registered and where each stands, the money collected, refunded and still due, the chart and table of collected
 * and due by month (the chart library loads only here), and what waits for them; another season from the picker. A
 * coach sees none of it. axe at 375 and 1280 px. Fixtures: docs/fixtures.md "Staff" (Northside's Spring 2027 with the
 * two paid families of 12U Tigers, and Fall 2026).
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, test } from './support/fixtures';
import { logInToConsole } from './support/session';

const REGISTRAR = 'registrar@northside.example';
const COACH = 'coach.tigers@northside.example';

test.describe("the season's picture", () => {
  test('a registrar reads the season per team and for the club, by month, and picks another season', async ({
    page,
  }) => {
    const charts: string[] = [];
    page.on('request', (request) => {
      if (/season-chart/.test(request.url())) charts.push(request.url());
    });
    await logInToConsole(page, REGISTRAR);
    const picture = page.getByRole('region', { name: 'Spring 2027 so far' });
    await expect(picture).toBeVisible();
    const table = picture.getByRole('table').first();
    const tigers = table.getByRole('row', { name: /12U Tigers/ });
    await expect(tigers.getByRole('cell')).toHaveText(['2', '2', '0', '0', '0', '$950.00', '$0.00', '$0.00']);
    await expect(
      table
        .getByRole('row', { name: /Whole club/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('2');
    await expect(picture.getByRole('img', { name: /Chart of money collected and due by month/ })).toBeVisible();
    await expect(picture.locator('canvas')).toBeVisible();
    expect(charts.length).toBeGreaterThan(0);
    await expect(picture.getByText('Nothing is waiting for you.')).toBeVisible();

    // One link per team on the home: the team list's (the picture's rows name the teams without linking them again).
    await expect(page.getByRole('link', { name: '12U Tigers', exact: true })).toHaveCount(1);

    // Another season of the organization.
    await page.getByLabel('Season').selectOption({ label: 'Fall 2026' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('region', { name: 'Fall 2026 so far' })).toBeVisible();
  });

  test("a coach's home has no money", async ({ page }) => {
    await logInToConsole(page, COACH);
    await expect(page.getByRole('link', { name: '12U Tigers', exact: true })).toBeVisible();
    await expect(page.getByText(/so far/)).toHaveCount(0);
  });

  for (const viewport of VIEWPORTS) {
    test(`the picture passes axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await logInToConsole(page, REGISTRAR);
      const picture = page.getByRole('region', { name: 'Spring 2027 so far' });
      await expect(picture.locator('canvas')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin's season picture at ${viewport.width} px`);
    });
  }
});

/**
 * The console's 'Billing' page (issue 33 point 4): a registrar opens it from the console's home, reads today's
 * instalments by outcome (the two fixture families paid today: docs/fixtures.md), picks another day, downloads the
 * day's CSV and goes back to the console. axe at 375 and 1280 px. The live updates during a run are covered by the
 * API test (the run pings the channel) and the flow's model test (BILLING_CHANGED reads the day again).
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, test } from './support/fixtures';
import { logInToConsole } from './support/session';

const REGISTRAR = 'registrar@northside.example';

test.describe("the 'Billing' page", () => {
  test('a registrar reads a day by outcome, picks another day, downloads its CSV', async ({ page }) => {
    await logInToConsole(page, REGISTRAR);
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeFocused();
    const figures = page.getByRole('table').first();
    await expect(figures.getByRole('row', { name: /^Collected/ }).getByRole('cell')).toHaveText(['2', '$950.00']);
    await expect(page.getByText('No failed payments that day.')).toBeVisible();
    // The job engine's dead letters (none in the fixtures), each with 'Try again' when there are.
    await expect(page.getByRole('heading', { level: 2, name: 'Background jobs that failed' })).toBeVisible();
    await expect(page.getByText('No background job has failed.')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^northside-youth-baseball-billing-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.getByLabel('Day').fill('2026-01-15');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText(/the instalments due on January 15, 2026/)).toBeVisible();
    await expect(figures.getByRole('row', { name: /^Due/ }).getByRole('cell')).toHaveText(['0', '$0.00']);

    await page.getByRole('link', { name: 'Back to the console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
  });

  for (const viewport of VIEWPORTS) {
    test(`the page passes axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await logInToConsole(page, REGISTRAR);
      await page.goto('/admin/billing');
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/billing at ${viewport.width} px`);
    });
  }
});

/**
 * The club's console (issue 22): staff log in at /admin/login and out from the console's header; the console's pages
 * pass axe at 375 and 1280 px. Fixtures: docs/fixtures.md "Staff".
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, test } from './support/fixtures';
import { FIXTURE_PASSWORD } from './support/session';

const REGISTRAR = 'registrar@northside.example';

test.describe('club console', () => {
  test('staff log in and out', async ({ page }) => {
    // Without a staff session the console sends the visitor to its login, and back after it.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?returnUrl=%2Fadmin/);
    const heading = page.getByRole('heading', { level: 1, name: 'Staff log in' });
    await expect(heading).toBeFocused();

    // A wrong password: the server's text, announced and tied to the e-mail field.
    await page.getByLabel('Email').fill(REGISTRAR);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();
    // The staff session has its own key; the family's is untouched.
    const stored = await page.evaluate(() => ({
      staff: localStorage.getItem('diamond.staffSession'),
      family: localStorage.getItem('diamond.currentUser'),
    }));
    expect(stored.staff).toContain('"token"');
    expect(stored.family).toBeNull();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('diamond.staffSession'))).toBeNull();
    // The console is closed again.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?returnUrl=/);
  });

  for (const viewport of VIEWPORTS) {
    test(`console pages pass axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/admin/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff log in' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/login at ${viewport.width} px`);
      await page.getByLabel('Email').fill(REGISTRAR);
      await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin at ${viewport.width} px`);
    });
  }
});

/**
 * The draft editor (issue 22 point 6): a registrar edits draft 1 (it mirrors 12U Tigers, docs/fixtures.md) beside
 * its preview; a second browser showing the family's /draft?draft_id=1 follows the save without a reload. Changes a
 * fixture: an isolated server. Fixtures: docs/fixtures.md "Staff".
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, test } from './support/fixtures';
import { acquireIsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD } from './support/session';

const REGISTRAR = 'registrar@northside.example';

test.describe('draft editor', () => {
  test('a save reaches every open preview without a reload', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const server = await acquireIsolatedServer();
    const family = await browser.newContext();
    try {
      const { baseURL } = server;
      await page.goto(`${baseURL}/admin/login`);
      await page.getByLabel('Email').fill(REGISTRAR);
      await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();

      await page.goto(`${baseURL}/admin/drafts/1`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit draft' })).toBeVisible();
      await expect(page.getByTitle('Draft preview')).toHaveAttribute('src', '/draft?draft_id=1');
      const dues = page.getByLabel('Total dues ($)');
      await expect(dues).not.toHaveValue('');
      const before = Number(await dues.inputValue());

      // The family's preview, in another browser.
      const preview = await family.newPage();
      await preview.goto(`${baseURL}/draft?draft_id=1`);
      await expect(preview.getByRole('radio', { name: 'Pay in full $475.00 due today' })).toBeVisible();
      await preview.evaluate(() => {
        (window as unknown as { previewMark: string }).previewMark = 'still here';
      });

      await dues.fill((before + 100).toFixed(2));
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByRole('status')).toHaveText('Draft saved. Every open preview shows it now.');
      await expect(preview.getByRole('radio', { name: 'Pay in full $575.00 due today' })).toBeVisible({
        timeout: 20_000,
      });
      // Not reloaded by anyone: the mark on the window is still there.
      expect(await preview.evaluate(() => (window as unknown as { previewMark?: string }).previewMark)).toBe(
        'still here',
      );
    } finally {
      await family.close();
      await server.release();
    }
  });

  test('the editor passes axe at 375 and 1280 px and works by keyboard', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(REGISTRAR);
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
    await page.goto('/admin/drafts/1');
    const heading = page.getByRole('heading', { level: 1, name: 'Edit draft' });
    await expect(page.getByLabel('Total dues ($)')).not.toHaveValue('');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expect(heading).toBeVisible();
      await expectNoSeriousA11yViolations(page, `draft editor at ${viewport.width} px`);
    }
    // Keyboard alone: Tab from the name past the season to the dues, type an invalid amount, Enter: the error is tied
    // to the field.
    await page.getByLabel('Team name').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Season')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Total dues ($)')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('lots');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Total dues ($)')).toHaveAttribute('aria-invalid', 'true');
  });
});

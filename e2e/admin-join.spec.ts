/**
 * Accepting a staff invitation (issue 22 point 1, site side): the owner invites a registrar (through the API: the site
 * has no 'Invite staff' form yet), the invitee follows the e-mail's link from /dev/mailbox, sets a password and lands
 * on /admin seeing Northside; the same link a second time is refused. Creates an account: an isolated server.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, test } from './support/fixtures';
import { acquireIsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD } from './support/session';

const OWNER = 'owner@northside.example';
const NEW_PASSWORD = 'Joining-2027!';

test.describe('joining the console', () => {
  test('an invitee joins by the e-mail link, once', async ({ page }) => {
    test.setTimeout(180_000);
    const server = await acquireIsolatedServer();
    try {
      const { baseURL } = server;
      // The owner invites a registrar from the set-up page's 'Staff' section (issue 22 point 1).
      const email = `jo.park.${Date.now()}@example.com`;
      await page.goto(`${baseURL}/admin/login`);
      await page.getByLabel('Email').fill(OWNER);
      await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('link', { name: 'Season set-up' }).first().click();
      await page.getByRole('button', { name: 'Invite staff' }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'Invite staff' })).toBeFocused();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Name').fill('Jo Park');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Role').selectOption('coach');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText('Choose the team this coach works with.')).toBeVisible();
      await page.getByLabel('Role').selectOption('registrar');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Invitation sent.' })).toBeVisible();
      await page.evaluate(() => localStorage.clear());

      await page.goto(`${baseURL}/dev/mailbox`);
      const message = page
        .locator('article')
        .filter({ hasText: `To ${email}` })
        .first();
      await expect(message).toBeVisible();
      const href = (await message.locator('a[href*="/admin/join"]').first().getAttribute('href')) ?? '';
      expect(href, 'the join link in the e-mail').toContain('token=');
      const link = new URL(href, baseURL);
      const joinUrl = `${baseURL}${link.pathname}${link.search}`;

      await page.goto(joinUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Join your club’s console' })).toBeFocused();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await expectNoSeriousA11yViolations(page, `/admin/join at ${viewport.width} px`);
      }
      await page.getByLabel('Your name').fill('Jo Park');
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Join' }).click();
      await expect(page).toHaveURL(`${baseURL}/admin`);
      await expect(page.getByRole('heading', { level: 2, name: /Northside/ })).toBeVisible();

      // The same link again: the server refuses it, with its own text.
      await page.evaluate(() => localStorage.clear());
      await page.goto(joinUrl);
      await page.getByLabel('Your name').fill('Jo Park');
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Join' }).click();
      await expect(page.getByRole('alert')).not.toHaveText('');
      await expect(page).toHaveURL(joinUrl);
    } finally {
      await server.release();
    }
  });
});

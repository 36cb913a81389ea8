/**
 * Accepting a staff invitation (issue 22 point 1, site side): the owner invites a registrar (through the API: the site
 * has no 'Invite staff' form yet), the invitee follows the e-mail's link from /dev/mailbox, sets a password and lands
 * on /admin seeing Northside; the same link a second time is refused. Creates an account: an isolated server.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, test } from './support/fixtures';
import { startIsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD } from './support/session';

const OWNER = 'owner@northside.example';
const NEW_PASSWORD = 'Joining-2027!';

test.describe('joining the console', () => {
  test('an invitee joins by the e-mail link, once', async ({ page, request }) => {
    test.setTimeout(180_000);
    const server = await startIsolatedServer();
    try {
      const { baseURL } = server;
      const login = await request.post(`${baseURL}/api/admin/login`, {
        data: { email: OWNER, password: FIXTURE_PASSWORD },
      });
      expect(login.ok(), 'owner login').toBe(true);
      const owner = (await login.json()) as { token: string; staff: { organizations: { id: number; name: string }[] } };
      const northside = owner.staff.organizations.find((organization) => organization.name.startsWith('Northside'));
      expect(northside, 'the owner is in Northside').toBeTruthy();
      const email = `jo.park.${Date.now()}@example.com`;
      const invite = await request.post(`${baseURL}/api/admin/organizations/${northside?.id}/invites`, {
        headers: { Authorization: `Bearer ${owner.token}` },
        data: { email, name: 'Jo Park', role: 'registrar' },
      });
      expect(invite.status(), 'invitation').toBe(201);

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
      await server.stop();
    }
  });
});

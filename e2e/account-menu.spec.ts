import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, type Locator, type Page, test } from './support/fixtures';
import { newPayer } from './support/payer';
import { loginThroughApi, WEBSITE } from './support/session';

/**
 * The header's account menu (issue 19 point 2): a family with a team licence is always sent on from /dashboard, so
 * the menu in the header of the pages they do see is their way to "My payments" and LOG OUT. Driven by keyboard.
 */

const menuButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Account menu' }).getByRole('button', { name: 'My account' });

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 40; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('header account menu', () => {
  test('a family with an unpaid team licence opens it on /payment with the keyboard and reaches My payments', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'menu.payment');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/payment$/);
    // The plans step has loaded (and moved the focus to its heading) before the keyboard user starts.
    await expect(page.getByRole('radio', { name: /^3 monthly payments/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    const toggle = menuButton(page);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'My payments' })).toHaveCount(0);
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(payer.email);
    await expectNoSeriousA11yViolations(page, 'payment page with the account menu open');

    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'My payments' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(panel).toBeHidden();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'My payments' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
    // The menu is in the header of My payments too, closed.
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a paid family on /apps logs out from it: token revoked, local data cleared, the menu gone', async ({
    page,
    request,
  }) => {
    await loginThroughApi(page, request, 'paid@example.com');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('diamond.currentUser') ?? '{}').token);
    await page.goto('/');
    await expect(page).toHaveURL(/\/apps$/);
    const toggle = menuButton(page);
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Account menu' }).getByText('paid@example.com')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Issue 20 point 4: 'Invite a guardian' comes between My payments and LOG OUT.
    await page.keyboard.press('Tab');
    const logOut = page.getByRole('button', { name: 'LOG OUT' });
    await expect(logOut).toBeFocused();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('diamond.currentUser'))).toBeNull();
    const user = await request.get('/api/user', { headers: { ...WEBSITE, Authorization: `Bearer ${token}` } });
    expect(user.status()).toBe(401);
  });
});

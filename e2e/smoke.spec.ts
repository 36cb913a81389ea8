import { expect, test } from './support/fixtures';

test.describe('smoke', () => {
  test('the site loads and a protected route sends a visitor to log in with returnUrl', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard/);
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('the API answers on the same origin', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.ok()).toBe(true);
  });

  test('the loading overlay covers the page during a slow request and goes away after it', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/registration-link/info/TIGERS-2027', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/licenses/TIGERS-2027');
    const overlay = page.getByRole('status', { name: 'Loading' });
    await expect(overlay).toBeVisible();
    release();
    await expect(overlay).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Welcome to Diamond Academy' })).toBeVisible();
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

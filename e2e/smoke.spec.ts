import { expect, test } from './support/fixtures';

test.describe('smoke', () => {
  test('the site loads and a protected route sends a visitor to log in with returnUrl', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard/);
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('every login-required address (the _auth layout) sends a visitor to log in with returnUrl', async ({ page }) => {
    for (const href of ['/player', '/subscribe', '/payment', '/payments', '/payments/update-card?membership_id=4']) {
      await page.goto(href);
      await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('/login and /register load the stylesheet of the licence in their URL (spec §1)', async ({ page, request }) => {
    const info = await request.get('/api/registration-link/info/TIGERS-2027', {
      headers: { 'X-Requested-With': 'website' },
    });
    const { organization_id: organizationId } = (await info.json()) as { organization_id: number };
    const brandStylesheet = page.locator('link[data-brand-stylesheet]');
    for (const href of ['/login?license=TIGERS-2027', '/register?license=TIGERS-2027&is_team_license=true']) {
      await page.goto(href);
      await expect(brandStylesheet).toHaveAttribute(
        'href',
        new RegExp(`/api/organizations/${organizationId}/website-css$`),
      );
    }
    // Without a licence (and without a stored user), the client's.
    await page.goto('/login');
    await expect(brandStylesheet).toHaveAttribute('href', /\/api\/clients\/[^/]+\/website-css$/);
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

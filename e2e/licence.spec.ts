import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer } from './support/isolated-server';
import {
  FIXTURE_PASSWORD,
  loginThroughApi,
  registerGuardian,
  storeUser,
  uniqueEmail,
  WEBSITE,
} from './support/session';

/**
 * Licence pages (issue 5, spec §2 Licence page, §4 Licence page and claiming) on the seeded fixtures
 * (docs/fixtures.md). Journeys that claim use accounts they create; the coach journey takes one COACH-2027 seat.
 */

async function storedUser(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('diamond.currentUser'));
}

async function coachSeatsLeft(request: APIRequestContext, code: string): Promise<number> {
  const response = await request.get(`/api/registration-link/license/coach/code/${code}`, { headers: WEBSITE });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { available_licenses: number }).available_licenses;
}

/** Runs the visible checks and axe at 375 px and at 1280 px. */
async function atBothWidths(page: Page, label: string, check: () => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await check();
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
  }
}

/** Step 1 of the register wizard (§2 Register: first name, last name, phone, e-mail, password, confirm password). */
async function createGuardianAccount(page: Page, email: string): Promise<void> {
  await page.getByLabel(/first name/i).fill('Jordan');
  await page.getByLabel(/last name/i).fill('Newcomer');
  await page.getByLabel(/phone/i).fill('5551234567');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  // §5: Enter submits the guardian form.
  await page.getByLabel(/confirm password/i).fill(FIXTURE_PASSWORD);
  await page.getByLabel(/confirm password/i).press('Enter');
}

test.describe('team licence page', () => {
  test('PAUSED-2027 shows the paused notice with the organization, season and team names', async ({ page }) => {
    await page.goto('/licenses/PAUSED-2027');
    await atBothWidths(page, 'paused licence', async () => {
      await expect(page.getByText('Registration has been paused by the organization.')).toBeVisible();
      await expect(page.getByText('Northside Youth Baseball')).toBeVisible();
      await expect(page.getByText('Spring 2027')).toBeVisible();
      await expect(page.getByText('12U Tigers')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Yes' })).toHaveCount(0);
    });
    // §1/§7: the organization's stylesheet is applied once the licence names the organization.
    await expect(page.locator('link[data-brand-stylesheet]')).toHaveAttribute(
      'href',
      /\/api\/organizations\/\d+\/website-css$/,
    );
  });

  test('FULL-2027 shows the unavailable text', async ({ page }) => {
    await page.goto('/licenses/FULL-2027');
    await atBothWidths(page, 'unavailable licence', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Diamond Academy');
      await expect(page.getByRole('alert')).toHaveText('Sorry, this license is not available.');
      await expect(page.getByText('Already have a Diamond Academy App account?')).toHaveCount(0);
    });
  });

  test('an unknown licence shows the load error', async ({ page }) => {
    await page.goto('/licenses/NO-SUCH-CODE');
    await expect(page.getByRole('alert')).toHaveText('Sorry, an error occurred.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('the code may come as the license query parameter', async ({ page }) => {
    await page.goto('/licenses?license=FULL-2027');
    await expect(page).toHaveURL(/\/licenses\/FULL-2027$/);
    await expect(page.getByRole('alert')).toHaveText('Sorry, this license is not available.');
  });

  test('a logged-in user arriving without a claimed flag is silently logged out', async ({ page, request }) => {
    await loginThroughApi(page, request, 'parent@example.com');
    expect(await storedUser(page)).not.toBeNull();
    await page.goto('/licenses/TIGERS-2027');
    await expect(page.getByText('Already have a Diamond Academy App account?')).toBeVisible();
    expect(await storedUser(page)).toBeNull();
  });

  test('failed white-label and stylesheet loads never block the page', async ({ page }) => {
    await page.route('**/api/white-label-settings/**', (route) => route.abort('failed'));
    await page.route('**/website-css', (route) => route.abort('failed'));
    await page.goto('/licenses/TIGERS-2027?api_subdomain=northside');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Diamond Academy');
    await expect(page.getByRole('button', { name: 'Yes' })).toBeEnabled();
    await expect(page.locator('link[data-brand-stylesheet]')).toHaveCount(0);
  });

  test('TIGERS-2027 → No → register → add athlete → /payment', async ({ page }) => {
    await page.goto('/licenses/TIGERS-2027');
    await atBothWidths(page, 'welcome', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Diamond Academy');
      await expect(page.getByText('Already have a Diamond Academy App account?')).toBeVisible();
    });
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/register\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('license')).toBe('TIGERS-2027');
    expect(url.searchParams.get('is_team_license')).toBe('true');

    await createGuardianAccount(page, uniqueEmail('licence.no'));
    await page.getByRole('button', { name: 'Add New Athlete' }).click();
    await page.getByLabel('Athlete First Name').fill('Riley');
    await page.getByLabel('Athlete Last Name').fill('Newcomer');
    await page.getByLabel('Username').fill(`riley${Date.now()}`);
    await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/payment(\?|$)/);
  });

  test('TIGERS-2027 → Yes → log in as parent@example.com → athlete → /payment', async ({ page }) => {
    // The claim changes parent@example.com for good, so this journey runs on a server of its own (fresh fixtures).
    const server = await acquireIsolatedServer();
    try {
      await page.goto(`${server.baseURL}/licenses/TIGERS-2027`);
      await page.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(/\/login\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('license')).toBe('TIGERS-2027');
      expect(url.searchParams.get('is_team_license')).toBe('true');
      expect(url.searchParams.get('step')).toBe('2');

      await page.getByLabel('Guardian Email').fill('parent@example.com');
      await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log In' }).click();
      // docs/fixtures.md: parent@example.com's athletes are Sam Rivera and Alex Rivera.
      await check(page.getByRole('radio', { name: 'Sam Rivera' }));
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/payment(\?|$)/);
    } finally {
      await server.release();
    }
  });
});

test.describe('team licence success screen', () => {
  test('an automatic claim logs out and shows the three activation steps, at 375 px and 1280 px', async ({
    page,
    request,
  }, testInfo) => {
    const guardian = await registerGuardian(request, 'licence.success', 'Jamie Fresh', { do_not_claim: true });
    await storeUser(page, guardian);
    await page.goto('/licenses/TIGERS-2027?claimed_login=true&api_subdomain=northside');
    await expect(page).toHaveURL(/claimed_registration=true/);
    expect(new URL(page.url()).searchParams.get('preset_email')).toBe(guardian.email);
    expect(await storedUser(page)).toBeNull();

    // White-label data from the organization's host (northside.localhost): its app name.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Three steps to activate your Northside Youth Baseball account');
    await expect(page.getByText(`Log in as ${guardian.email} with your password.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    // Issue 19.1, 19.2: no payment was made here, so nothing is confirmed; My payments is a link away.
    await expect(page.getByText('Payment confirmed')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My payments' })).toHaveAttribute('href', '/payments');

    const steps = page.locator('.activation-step');
    await expect(steps).toHaveCount(3);
    const tops = async () => Promise.all([0, 1, 2].map(async (i) => (await steps.nth(i).boundingBox())?.y ?? -1));

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const [first, second, third] = await tops();
      if (viewport.width > 768) {
        // Desktop layout: the steps side by side.
        expect(second).toBe(first);
        expect(third).toBe(first);
      } else {
        // Mobile layout: the steps stacked.
        expect(second).toBeGreaterThan(first ?? 0);
        expect(third).toBeGreaterThan(second ?? 0);
      }
      const screenshot = testInfo.outputPath(`team-success-${viewport.width}.png`);
      await page.screenshot({ path: screenshot, fullPage: true });
      await testInfo.attach(`team success screen at ${viewport.width} px`, {
        path: screenshot,
        contentType: 'image/png',
      });
      await expectNoSeriousA11yViolations(page, `team success screen at ${viewport.width} px`);
    }
  });
});

test.describe('coach licence page', () => {
  test('COACH-2027 claimed by a new coach ends on the claimed coach view with one fewer licence', async ({
    page,
    request,
  }) => {
    const before = await coachSeatsLeft(request, 'COACH-2027');
    await page.goto('/coach/COACH-2027');
    await atBothWidths(page, 'coach licence', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Northside Coach License 2027');
      await expect(page.getByText(`${before} ${before === 1 ? 'license' : 'licenses'} available`)).toBeVisible();
      await expect(page.getByText('Access to the Coach app until:')).toContainText('2027');
    });
    await page.getByRole('button', { name: 'Claim one' }).click();

    await expect(page).toHaveURL(/\/register\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('license')).toBe('COACH-2027');
    expect(url.searchParams.get('coach')).toBe('true');
    await createGuardianAccount(page, uniqueEmail('licence.coach'));

    // The registration claimed the licence (a coach has no athlete step); back on the licence page the coach holds it.
    await expect(page).toHaveURL(/\/coach\/COACH-2027/);
    await atBothWidths(page, 'claimed coach view', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "You've already registered for Northside Coach License 2027",
      );
      await expect(page.getByText('You have full access to the Coach app until:')).toContainText('2027');
      await expect(page.getByText('Download the app now to get started.')).toBeVisible();
      await expect(page.getByText('Simply log in with the email and password provided.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    });
    // §4: claimed leads to silent logout.
    expect(await storedUser(page)).toBeNull();
    expect(await coachSeatsLeft(request, 'COACH-2027')).toBe(before - 1);
  });

  test('COACH-GONE shows the no-longer-available text', async ({ page }) => {
    await page.goto('/coach/COACH-GONE');
    await atBothWidths(page, 'coach licence gone', async () => {
      await expect(page.getByRole('alert')).toHaveText('Sorry, Coach licenses are no longer available.');
      await expect(page.getByRole('button', { name: 'Claim one' })).toHaveCount(0);
    });
  });

  test('a coach who already holds the licence sees the claimed view without taking another seat', async ({
    page,
    request,
  }) => {
    const before = await coachSeatsLeft(request, 'COACH-2027');
    await loginThroughApi(page, request, 'coach@example.com');
    await page.goto('/coach/COACH-2027?claimed_login=true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "You've already registered for Northside Coach License 2027",
    );
    expect(await storedUser(page)).toBeNull();
    expect(await coachSeatsLeft(request, 'COACH-2027')).toBe(before);
  });

  test('redirLogin sends a visitor to login with the code and the coach flag', async ({ page }) => {
    await page.goto('/coach/COACH-2027?redirLogin=true');
    await page.getByRole('button', { name: 'Claim one' }).click();
    await expect(page).toHaveURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('license')).toBe('COACH-2027');
    expect(url.searchParams.get('coach')).toBe('true');
  });
});

test.describe('apps page', () => {
  test('/apps names the app and links both stores', async ({ page }) => {
    await page.goto('/apps');
    await atBothWidths(page, 'apps page', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get the Diamond Academy app');
      await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    });
  });

  test("/apps?lang=es says it in Spanish, the app's name as the club wrote it", async ({ page }) => {
    await page.goto('/apps?lang=es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Descarga la app Diamond Academy');
    await expect(page.getByText('Descarga la app Diamond Academy desde la App Store o Google Play.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Descargar en la App Store' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});

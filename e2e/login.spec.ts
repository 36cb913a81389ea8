import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { FIXTURE_PASSWORD, uniqueEmail } from './support/session';

/** Axe at both widths of the acceptance criteria, then back to the desktop width the project runs at. */
async function checkA11y(page: Page, screen: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${screen} at ${viewport.width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A guardian of its own for journeys that record a licence on the account (fixture accounts stay untouched). */
async function newGuardian(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('login-guardian');
  const response = await request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'website' },
    data: {
      name: 'Robin Guardian',
      email,
      phone: '5551230000',
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      do_not_claim: true,
    },
  });
  expect(response.ok(), 'registering a guardian through the API').toBe(true);
  return email;
}

test.describe('login wizard (spec §2 Login, §4 Login wizard)', () => {
  test('parent@example.com logs in and reaches the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Already have a Diamond Academy App account?' })).toBeVisible();
    await expect(page).toHaveURL(/step=1/);
    await checkA11y(page, 'login welcome');

    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Guardian Login' })).toBeVisible();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/resetpwd/forgot');
    await checkA11y(page, 'guardian login');

    await page.getByLabel('Guardian Email').fill('parent@example.com');
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong password shows "Invalid login." and stays on the form', async ({ page }) => {
    await page.goto('/login?step=2');
    await page.getByLabel('Guardian Email').fill('parent@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Invalid login.');
    await expect(page).toHaveURL(/\/login/);
    await checkA11y(page, 'guardian login with an error');
  });

  test('login is completed with the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    // Each step's heading takes focus, so the next Tab reaches the step's first control.
    await expect(page.getByRole('heading', { name: 'Already have a Diamond Academy App account?' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Yes' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Guardian Login' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Guardian Email')).toBeFocused();
    await page.keyboard.type('parent@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(FIXTURE_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('"No" without a licence leads to /contact-coach', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/contact-coach$/);
  });

  test('a licence forces step 2, Back returns to the licence page', async ({ page }) => {
    await page.goto('/login?license=TIGERS-2027&preset_email=parent%40example.com');
    await expect(page.getByRole('heading', { name: 'Guardian Login' })).toBeVisible();
    // §2: preset_email pre-fills the e-mail.
    await expect(page.getByLabel('Guardian Email')).toHaveValue('parent@example.com');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/licenses\/TIGERS-2027$/);
  });

  test('with a licence, login leads through the athlete steps', async ({ page, request }) => {
    const email = await newGuardian(request);
    await page.goto(`/login?license=TIGERS-2027`);
    await page.getByLabel('Guardian Email').fill(email);
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
    await expect(page).toHaveURL(/step=3/);
    // Season and team of the licence (§2 Login step 3); a new guardian has no athletes yet.
    await expect(page.getByText('Spring 2027')).toBeVisible();
    await expect(page.getByText('12U Tigers')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await checkA11y(page, 'athlete list');

    await page.getByRole('button', { name: 'Add New Athlete' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Athlete' })).toBeVisible();
    await expect(page).toHaveURL(/step=4/);
    await expect(page.getByLabel('Relationship')).toHaveValue('Mother');
    await expect(page.getByText('Must contain 7 characters long.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    await checkA11y(page, 'create athlete');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
  });

  test('an athlete who already has a membership for the season is blocked', async ({ page }) => {
    // member@example.com's Jordan Lee holds an active 12U Tigers membership (docs/fixtures.md); nothing is claimed.
    await page.goto('/login?license=TIGERS-2027');
    await page.getByLabel('Guardian Email').fill('member@example.com');
    await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await check(page.getByRole('radio', { name: 'Jordan Lee' }));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Sorry, this athlete already has a membership for the season.');
    await expect(page.getByRole('radio', { name: 'Jordan Lee' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page).toHaveURL(/step=3/);
    await checkA11y(page, 'athlete list with a blocked athlete');
  });

  test('an invalid website token falls back to the login form', async ({ page }) => {
    await page.goto('/login?websiteToken=not-a-token&userID=1');
    await expect(page.getByRole('alert')).toHaveText('The authentication token was invalid.');
    await expect(page.getByLabel('Guardian Email')).toBeVisible();
    // The spent token is dropped from the address.
    await expect(page).not.toHaveURL(/websiteToken/);
  });
});

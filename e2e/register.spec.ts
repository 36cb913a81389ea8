import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, type Page, test } from './support/fixtures';
import { FIXTURE_PASSWORD, uniqueEmail } from './support/session';

/** Axe at both widths of the acceptance criteria, then back to the desktop width the project runs at. */
async function checkA11y(page: Page, screen: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${screen} at ${viewport.width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const REGISTER = '/register?license=TIGERS-2027&is_team_license=true';

test.describe('register wizard (spec §2 Register wizard, §4 Register wizard)', () => {
  test('a new guardian registers, adds an athlete with relationship Other and reaches /payment', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('register');
    const username = `ath${Date.now().toString(36)}`;
    await page.goto(REGISTER);
    await expect(page.getByRole('heading', { name: 'Create your Primary Guardian account' })).toBeVisible();
    await expect(page).toHaveURL(/step=1/);
    await checkA11y(page, 'register step 1');

    await page.getByLabel('First Name').fill('Morgan');
    await page.getByLabel('Last Name').fill('Fields');
    // The mask formats the digits as 000-000-0000 (§5).
    await page.getByLabel('Phone').pressSequentially('5557654321');
    await expect(page.getByLabel('Phone')).toHaveValue('555-765-4321');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Choose an Athlete' })).toBeVisible();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByText('Spring 2027')).toBeVisible();
    await expect(page.getByText('12U Tigers')).toBeVisible();
    await checkA11y(page, 'register athlete list');

    await page.getByRole('button', { name: 'Add New Athlete' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Athlete' })).toBeVisible();
    await expect(page).toHaveURL(/step=3/);
    await page.getByLabel('Athlete First Name').fill('Casey');
    await page.getByLabel('Athlete Last Name').fill('Fields');
    await page.getByLabel('Relationship').selectOption('Other');
    await page.getByLabel('Type Relationship Here').fill('step-mother');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
    await checkA11y(page, 'register create athlete');

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/payment/);

    // What the server recorded: the custom relationship title-cased (§5); the athlete's token kept for payments (§6).
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('diamond.currentUser') ?? 'null') as { token: string } | null,
      athleteToken: localStorage.getItem('diamond.athleteToken'),
    }));
    expect(stored.athleteToken).toBeTruthy();
    const athletes = await request.get('/api/user/athletes', {
      headers: { 'X-Requested-With': 'website', Authorization: `Bearer ${stored.user?.token}` },
    });
    expect(await athletes.json()).toEqual([
      expect.objectContaining({ name: 'Casey Fields', relationship: 'Step-Mother' }),
    ]);
    // §3 Registration payload: the guardian form has no username, so the e-mail was sent as the username.
    const me = await request.get('/api/user', {
      headers: { 'X-Requested-With': 'website', Authorization: `Bearer ${stored.user?.token}` },
    });
    expect(await me.json()).toMatchObject({ email, username: email });
  });

  test('an existing e-mail stops registration with a link to log in at step 2', async ({ page }) => {
    await page.goto(`${REGISTER}&preset_email=parent%40example.com`);
    await expect(page.getByLabel('Email')).toHaveValue('parent@example.com');
    await page.getByLabel('First Name').fill('Pat');
    await page.getByLabel('Last Name').fill('Rivera');
    await page.getByLabel('Phone').pressSequentially('5555550100');
    await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('alert')).toHaveText('That account already exists. Log in here.');
    await checkA11y(page, 'register step 1 with an existing account');
    await page.getByRole('link', { name: 'Log in here.' }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('heading', { name: 'Guardian Login' })).toBeVisible();
    await expect(page.getByLabel('Guardian Email')).toHaveValue('parent@example.com');
  });

  test('an invalid coupon in the query is reported', async ({ page }) => {
    await page.goto(`${REGISTER}&coupon_code=NOT-A-COUPON`);
    await page.getByLabel('First Name').fill('Lee');
    await page.getByLabel('Last Name').fill('Coupon');
    await page.getByLabel('Phone').pressSequentially('5550001111');
    await page.getByLabel('Email').fill(uniqueEmail('coupon'));
    await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.getByLabel('Confirm Password').fill(FIXTURE_PASSWORD);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Sorry, this coupon is not valid.');
  });

  test('without the team-licence flag the visitor is sent to log in', async ({ page }) => {
    await page.goto('/register?license=TIGERS-2027');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page).toHaveURL(/license=TIGERS-2027/);
    await expect(page.getByRole('heading', { name: 'Guardian Login' })).toBeVisible();
  });

  test('Back on step 1 returns to the licence page', async ({ page }) => {
    await page.goto(REGISTER);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/licenses\/TIGERS-2027$/);
  });
});

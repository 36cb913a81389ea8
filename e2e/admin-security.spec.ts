/**
 * Two-step verification in the club console (issue 30 point 2): a registrar turns it on at /admin/security (the
 * code computed here with otpauth from the key the page shows, as an authenticator app would), gets ten recovery
 * codes, logs out, and logs in again with a code; a wrong code is refused on its field; a recovery code works once.
 * An owner requires it of everyone who can move money. By keyboard, and the page passes axe. It changes fixture
 * accounts, so it runs on an isolated server.
 */
import { TOTP } from 'otpauth';
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, type Page, test } from './support/fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { FIXTURE_PASSWORD } from './support/session';

const REGISTRAR = 'registrar@northside.example';
const OWNER = 'owner@northside.example';

/**
 * The code an authenticator app shows now for `secret`; when that is still `used` (a step's code is accepted once),
 * the next step's, which the server accepts too (one step either way, as for a phone whose clock runs a little
 * ahead), instead of waiting up to 30 s for it.
 */
function freshCode(secret: string, used?: string): string {
  const totp = new TOTP({ secret });
  const code = totp.generate();
  return code !== used ? code : totp.generate({ timestamp: Date.now() + totp.period * 1000 });
}

async function logIn(page: Page, baseURL: string, email: string): Promise<void> {
  await page.goto(`${baseURL}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByLabel('Password').press('Enter');
}

test.describe('two-step verification in the club console', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let server: IsolatedServer;

  test.beforeAll(async () => {
    // A second server migrates and seeds its own data directory first: slow on a busy machine.
    test.setTimeout(240_000);
    server = await acquireIsolatedServer();
  });

  test.afterAll(async () => {
    await server?.release();
  });

  test('a registrar turns it on, by keyboard, and logs in with a code, then a recovery code', async ({ page }) => {
    await logIn(page, server.baseURL, REGISTRAR);
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeFocused();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoSeriousA11yViolations(page, `/admin/security at ${viewport.width} px`);
    }

    const start = page.getByRole('button', { name: 'Turn on two-step verification' });
    await start.focus();
    await page.keyboard.press('Enter');
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('link', { name: 'open it in the app' })).toHaveAttribute(
      'href',
      new RegExp(`^otpauth://totp/.*secret=${secret}`),
    );

    // A wrong code: refused on its field.
    const code = page.getByLabel('Code');
    await code.focus();
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();

    const enrolCode = freshCode(secret);
    await code.fill('');
    await page.keyboard.type(enrolCode);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Two-step verification is on.')).toBeVisible();
    const recovery = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(recovery).toHaveLength(10);
    await expectNoSeriousA11yViolations(page, '/admin/security with recovery codes');

    // Log out, and in again: the password, then the code.
    await page.getByRole('link', { name: 'Back to the console' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await logIn(page, server.baseURL, REGISTRAR);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, '/admin/login, the code step');
    await page.getByLabel('Code').fill('111111');
    await page.getByLabel('Code').press('Enter');
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Code').fill(freshCode(secret, enrolCode));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();

    // A recovery code works once.
    await page.getByRole('button', { name: 'Log out' }).click();
    await logIn(page, server.baseURL, REGISTRAR);
    await page.getByLabel('Code').fill(recovery[0] ?? '');
    await page.getByLabel('Code').press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();
    await page.getByRole('button', { name: 'Log out' }).click();
    await logIn(page, server.baseURL, REGISTRAR);
    await page.getByLabel('Code').fill(recovery[0] ?? '');
    await page.getByLabel('Code').press('Enter');
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an owner requires it: who has not turned it on is told, and money actions are refused', async ({ page }) => {
    await logIn(page, server.baseURL, OWNER);
    await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeFocused();
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page.getByText('Two-step verification is not required here.')).toBeVisible();
    await page.getByRole('button', { name: 'Require two-step verification in Northside Youth Baseball' }).click();
    await expect(page.getByText('Everyone who can move money here must use two-step verification.')).toBeVisible();
    await expect(
      page.getByText(
        'Northside Youth Baseball requires two-step verification to refund, retry, mark paid offline, cancel or approve financial assistance.',
        { exact: false },
      ),
    ).toBeVisible();
    // The owner has not turned it on: the API refuses a refund with the reason.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('diamond.staffSession') ?? '{}').token);
    const headers = { Authorization: `Bearer ${token}` };
    const teams = await (await page.request.get(`${server.baseURL}/api/admin/teams`, { headers })).json();
    const tigers = teams.teams.find((team: { name: string }) => team.name === '12U Tigers').id;
    const roster = await (
      await page.request.get(`${server.baseURL}/api/admin/teams/${tigers}/memberships`, { headers })
    ).json();
    const membership = roster.memberships[0].id;
    const refused = await page.request.post(`${server.baseURL}/api/admin/memberships/${membership}/refunds`, {
      headers,
      data: { amount_cents: 100, reason: 'Test' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(
      'Your organization requires two-step verification to move money. Turn it on under Security first.',
    );
    // Back again: not required.
    await page
      .getByRole('button', { name: 'Stop requiring two-step verification in Northside Youth Baseball' })
      .click();
    await expect(page.getByText('Two-step verification is not required here.')).toBeVisible();
  });
});

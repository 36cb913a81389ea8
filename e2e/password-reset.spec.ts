import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { type APIRequestContext, expect, type Page, test } from './support/fixtures';
import { FIXTURE_PASSWORD, registerGuardian, WEBSITE } from './support/session';

/**
 * Forgotten password (issue 4 points 5 and 8; spec §2 Forgotten password, §4, §8). Every journey resets the password
 * of a guardian it registers itself: a reset revokes the account's sessions, so no fixture account is touched.
 */

const NEW_PASSWORD = 'BrandNew-Passw0rd';
const INSTRUCTIONS_SENT =
  'We have sent instructions on how to reset your password to the email address you provided. Check your inbox.';
const PASSWORD_UPDATED = 'SUCCESS! Your password has been successfully updated.';

async function apiLoginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const response = await request.post('/api/auth/login', { headers: WEBSITE, data: { email, password } });
  return response.status();
}

/** Runs the visible checks and axe at 375 px and at 1280 px. */
async function atBothWidths(page: Page, label: string, check: () => Promise<void>): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await check();
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
  }
}

/** The reset link of the newest e-mail to `email` in the server's outbox page (/dev/mailbox, newest first). */
async function resetLinkFromMailbox(page: Page, email: string): Promise<string> {
  await page.goto('/dev/mailbox');
  const message = page
    .locator('article')
    .filter({ hasText: `To ${email}` })
    .first();
  await expect(message).toBeVisible();
  const href = await message.locator('a[href*="/resetpwd/forgot"]').first().getAttribute('href');
  expect(href, `reset link in the e-mail to ${email}`).toBeTruthy();
  return href ?? '';
}

test.describe('forgotten password', () => {
  test('request → mailbox link → reset → log in with the new password', async ({ page, request }) => {
    const { email } = await registerGuardian(request, 'reset', 'Robin Reset');

    await page.goto('/resetpwd/forgot');
    await atBothWidths(page, 'reset request form', async () => {
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
    });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await atBothWidths(page, 'reset instructions sent', async () => {
      await expect(page.getByText(INSTRUCTIONS_SENT)).toBeVisible();
    });

    const link = await resetLinkFromMailbox(page, email);
    expect(new URL(link).searchParams.get('email')).toBe(email);
    await page.goto(link);
    await atBothWidths(page, 'reset form', async () => {
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(email);
    });
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await atBothWidths(page, 'password updated', async () => {
      await expect(page.getByText(PASSWORD_UPDATED)).toBeVisible();
    });

    // The old password no longer works; the new one does.
    expect(await apiLoginStatus(request, email, FIXTURE_PASSWORD)).toBeGreaterThanOrEqual(400);

    await page.getByRole('link', { name: 'Log in with your new password' }).click();
    await expect(page).toHaveURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('password_is_reset')).toBe('true');
    expect(url.searchParams.get('preset_email')).toBe(email);
    // password_is_reset opens the login step with the address filled (§4 Login wizard).
    await expect(page.getByLabel('Guardian Email')).toHaveValue(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    // A guardian without a licence goes on to the dashboard (§4 Login wizard "otherwise /dashboard").
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' })).toContainText(email);
  });

  test('a link that is no longer valid shows the response and removes the stored user (§8)', async ({
    page,
    request,
  }) => {
    const { email } = await registerGuardian(request, 'reset.stale', 'Robin Reset');
    // A user stored in this browser: §8 removes it after a thrown reset error.
    const login = await request.post('/api/auth/login', {
      headers: WEBSITE,
      data: { email, password: FIXTURE_PASSWORD },
    });
    const user: unknown = await login.json();
    await page.goto('/no-such-page');
    await page.evaluate((stored) => localStorage.setItem('diamond.currentUser', JSON.stringify(stored)), user);

    await page.goto(`/resetpwd/forgot?token=not-a-real-token&email=${encodeURIComponent(email)}`);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').press('Enter');
    await atBothWidths(page, 'reset failure', async () => {
      await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.');
    });
    expect(await page.evaluate(() => localStorage.getItem('diamond.currentUser'))).toBeNull();
    // The password is unchanged.
    expect(await apiLoginStatus(request, email, FIXTURE_PASSWORD)).toBe(200);
  });

  test('a refused request shows the response text (§8)', async ({ page, request }) => {
    const address = 'not-an-email-address';
    // What the server answers to this request, to compare with what the page shows.
    const answer = await request.post('/api/auth/password/forgot-password', {
      headers: WEBSITE,
      data: { email: address },
    });
    expect(answer.status()).toBe(422);
    const { messages } = (await answer.json()) as { messages: Record<string, string[]> };
    const lines = Object.values(messages).flat();
    expect(lines.length).toBeGreaterThan(0);

    await page.goto('/resetpwd/forgot');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Email').press('Enter');
    await atBothWidths(page, 'reset request failure', async () => {
      for (const line of lines) await expect(page.getByRole('alert')).toContainText(line);
      await expect(page.getByText(INSTRUCTIONS_SENT)).toHaveCount(0);
    });
  });
});

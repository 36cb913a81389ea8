import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Every fixture account's password (docs/fixtures.md). */
export const FIXTURE_PASSWORD = 'Password1!';

/**
 * Logs a fixture account in through the real API and stores the user the way the site does, for journeys whose
 * subject is not the login itself. The storage key is the site's (src/session/current-user.ts).
 */
export async function loginThroughApi(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/auth/login', {
    data: { email, password: FIXTURE_PASSWORD },
    headers: { 'X-Requested-With': 'website' },
  });
  expect(response.ok(), `login of ${email}`).toBe(true);
  await storeUser(page, await response.json());
}

/** The header the API wants on every call from the website. */
export const WEBSITE = { 'X-Requested-With': 'website' };

/** What the API answers a register or a login with: the user, with its token. */
export interface ApiUser {
  token: string;
  email: string;
}

/**
 * Registers a fresh guardian through the real API with a unique e-mail address; `extra` adds fields to the
 * request (e.g. `do_not_claim`).
 */
export async function registerGuardian(
  request: APIRequestContext,
  prefix: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<ApiUser> {
  const email = uniqueEmail(prefix);
  const response = await request.post('/api/auth/register', {
    headers: WEBSITE,
    data: {
      email,
      phone: '5551234567',
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      name,
      ...extra,
    },
  });
  expect(response.ok(), `register ${email}`).toBe(true);
  return (await response.json()) as ApiUser;
}

/**
 * Stores a user the way the site does after a login; the storage key is the site's (src/session/current-user.ts). The
 * storage is the origin's: any document of it will do, and the health answer is one without the site's code to load.
 */
export async function storeUser(page: Page, user: unknown): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((stored) => {
    localStorage.setItem('diamond.currentUser', JSON.stringify(stored));
  }, user);
}

/** A unique e-mail address per run, for journeys that create accounts on the shared seeded server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Logs a staff member into the club console through its login page (docs/fixtures.md "Staff"), for journeys whose
 * subject is what comes after: waits for the console's home.
 */
export async function logInToConsole(page: Page, email: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Club console' })).toBeVisible();
}

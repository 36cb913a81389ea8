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
  const user = await response.json();
  await page.goto('/no-such-page');
  await page.evaluate((stored) => {
    localStorage.setItem('diamond.currentUser', JSON.stringify(stored));
  }, user);
}

/** A unique e-mail address per run, for journeys that create accounts on the shared seeded server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

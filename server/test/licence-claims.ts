import { expect } from 'vitest';
import type { TestApp } from './app-harness.ts';

/**
 * A guardian (parent@example.com) picks a licence, then their athlete Sam claims it (spec §6): the answer is Sam's
 * token, the one that pays the team's dues.
 */
export async function samClaims(t: TestApp, code: string): Promise<string> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: code } });
  const athlete = await t.tokenFor('samrivera');
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: athlete,
    body: { license_code: code },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  return athlete;
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentDataSchema } from '../../src/api/payment-data.schemas.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectOk } from '../test/expect-error.ts';

/**
 * Issue 32 point 2: the registration's documents step. The payment data names the documents the team requires
 * (`team.required_documents`, additive), so the site knows after the checkout whether to ask for them: 12U Sharks
 * requires a 'Proof of age' (docs/fixtures.md "Eligibility"); 12U Tigers requires none and answers as before. On
 * PostgreSQL too.
 */

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

/** Sam (Pat Rivera's athlete) with the licence claimed: the payer of that team's dues. */
async function samWithLicence(code: string): Promise<string> {
  const sam = await t.tokenFor('samrivera');
  // 12U Sharks has an age rule (issue 32 point 1): a date of birth it allows first.
  const born = await t.call('PUT', `/api/eligibility/athletes/${await userId(t.db, 'samrivera')}/birth-date`, {
    token: sam,
    body: { birth_date: '2015-06-01', license_code: code },
  });
  expect(born.status, born.text).toBe(200);
  const claimed = await t.call('POST', '/api/subscribe/claim-license', { token: sam, body: { license_code: code } });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  return sam;
}

const plans = async (token: string) =>
  expectOk(
    await t.call('POST', '/api/memberships/payment-plans', {
      token,
      body: { discount_code: null, include_payment_protection_plan: false },
    }),
    paymentDataSchema,
  );

describe('the payment data names the documents the team requires (issue 32 point 2)', () => {
  it("12U Sharks: 'Proof of age'", async () => {
    const data = await plans(await samWithLicence('SHARKS-2027'));
    expect(data.team).toMatchObject({ name: '12U Sharks', required_documents: ['Proof of age'] });
  });

  it('12U Tigers, which requires none: no field at all, as before', async () => {
    const answer = await t.call('POST', '/api/memberships/payment-plans', {
      token: await samWithLicence('TIGERS-2027'),
      body: { discount_code: null, include_payment_protection_plan: false },
    });
    expect(answer.status, answer.text).toBe(200);
    const team = (answer.body as { team: Record<string, unknown> }).team;
    expect(team.name).toBe('12U Tigers');
    expect(team).not.toHaveProperty('required_documents');
  });
});

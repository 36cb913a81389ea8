import { expectNoSeriousA11yViolations } from './support/axe';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Page } from './support/fixtures';
import { test } from './support/own-server';
import {
  enterCard,
  newPayer,
  type Payer,
  paymentComplete,
  payTigersThreeMonths,
  runBilling,
  usd,
} from './support/payer';
import { loginThroughApi, WEBSITE } from './support/session';
import { updateFailedCard } from './support/update-card';

/**
 * Payment plans that collect (issue 15) against the real server and its card sandbox: a family pays a 3-month plan,
 * gets a receipt, the collector charges the first instalment with the saved card, and "My payments" shows it; a
 * family whose saved card declines later charges (4000 0000 0000 0341) updates the card and is charged at once. The
 * collector's runs charge, remind and release for every family of the server they run on: the file runs apart from
 * the shared server (support/own-server.ts), where they cancelled other files' families awaiting a check.
 */

/** Pays TIGERS-2027's 3-month plan on /payment with the given sandbox card, as the existing payment journey does. */
async function payThreeMonths(page: Page, request: APIRequestContext, payer: Payer, card: string) {
  await payTigersThreeMonths(page, card);
  await expect.poll(() => paymentComplete(request, payer)).toBe(1);
}

interface MembershipSummary {
  id: number;
  team_name: string;
  paid_cents: number;
  phases: { due_date: string; amount_cents: number; status: string }[];
}

async function memberships(request: APIRequestContext, payer: Payer): Promise<MembershipSummary[]> {
  const response = await request.get('/api/memberships', {
    headers: { ...WEBSITE, Authorization: `Bearer ${payer.token}` },
  });
  expect(response.ok(), 'GET /api/memberships').toBe(true);
  return ((await response.json()) as { memberships: MembershipSummary[] }).memberships;
}

/** The first instalment after today's payment: the phase the collector charges first. */
async function firstInstalment(request: APIRequestContext, payer: Payer) {
  const [membership] = await memberships(request, payer);
  const instalment = membership?.phases.find((phase) => phase.status === 'scheduled');
  if (!membership || !instalment) throw new Error('The 3-month plan has no scheduled instalment.');
  return { membership, instalment };
}

function factOf(page: Page, team: string, term: string) {
  return page
    .getByRole('article', { name: team })
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');
}

async function checkA11y(page: Page, label: string) {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `${label} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('payment plans that collect', () => {
  test("the dashboard's top menu leads to My payments", async ({ page, request }) => {
    await loginThroughApi(page, request, 'parent@example.com');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
  });

  test('a 3-month plan: receipt, the first instalment collected as of its date, paid so far rises', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'plan.collect');
    await payThreeMonths(page, request, payer, '4242 4242 4242 4242');

    // The receipt of today's payment is in the outbox.
    await page.goto('/dev/mailbox');
    const receipt = page
      .getByRole('article')
      .filter({ hasText: `To ${payer.email}` })
      .filter({ hasText: 'Receipt:' });
    await expect(receipt.first()).toBeVisible();
    await expect(receipt.first()).toContainText('/payments');

    const { membership, instalment } = await firstInstalment(request, payer);
    const team = membership.team_name;

    // A paid family with a licence is still sent on from the dashboard (spec §4), so they open /payments directly
    // (the e-mails link there); the dashboard's menu link is checked below for an account that stays on it.
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
    await expect(factOf(page, team, 'Paid so far')).toHaveText(usd(membership.paid_cents));
    const schedule = page.getByRole('article', { name: team }).getByRole('table', { name: 'Payment schedule' });
    await expect(schedule.getByRole('row')).toHaveCount(membership.phases.length + 1);
    await checkA11y(page, 'my payments');

    const run = await runBilling(request, instalment.due_date);
    expect(run.charged).toBeGreaterThanOrEqual(1);
    // A second run for the same date charges this family nothing new.
    await runBilling(request, instalment.due_date);

    await page.reload();
    await expect(factOf(page, team, 'Paid so far')).toHaveText(usd(membership.paid_cents + instalment.amount_cents));
    const after = await firstInstalment(request, payer).catch(() => null);
    expect(after?.instalment.due_date ?? null).not.toBe(instalment.due_date);
  });

  test('10U Waves monthly with nothing due today: the card is saved, then the first instalment is collected', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'plan.waves', 'WAVES-2027');
    await page.goto('/payment');
    // No deposit and no app fee: without the protection plan, a monthly plan charges nothing today.
    await check(page.getByRole('radio', { name: /monthly payments \$0\.00 due today/ }).first());
    // No protection plan is offered for 10U Waves: Next goes straight to checkout.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
    await expect(page.locator('.amounts__row', { has: page.locator('dt', { hasText: 'Paid today' }) })).toContainText(
      '$0.00',
    );
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await expect.poll(() => paymentComplete(request, payer)).toBe(1);

    const { membership, instalment } = await firstInstalment(request, payer);
    expect(membership.paid_cents).toBe(0);
    expect((await runBilling(request, instalment.due_date)).charged).toBeGreaterThanOrEqual(1);
    const [after] = await memberships(request, payer);
    expect(after?.paid_cents).toBe(instalment.amount_cents);
  });

  test('a saved card that declines later (4000 0000 0000 0341): notice, update card with 4242, collected', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'plan.decline');
    await payThreeMonths(page, request, payer, '4000 0000 0000 0341');
    const { membership, instalment } = await firstInstalment(request, payer);
    const team = membership.team_name;

    const run = await runBilling(request, instalment.due_date);
    expect(run.failed).toBeGreaterThanOrEqual(1);

    // The failure e-mail links to the update-card page of this membership.
    await page.goto('/dev/mailbox');
    const failure = page
      .getByRole('article')
      .filter({ hasText: `To ${payer.email}` })
      .filter({ hasText: 'Payment failed:' });
    await expect(failure.first()).toContainText(`/payments/update-card?membership_id=${membership.id}`);

    await page.goto('/payments');
    await updateFailedCard(
      page,
      { team, membershipId: membership.id, amountCents: instalment.amount_cents },
      (updateCardPage) => checkA11y(updateCardPage, 'update card'),
    );
    await expect(factOf(page, team, 'Paid so far')).toHaveText(usd(membership.paid_cents + instalment.amount_cents));
    await expect(factOf(page, team, 'Card')).toHaveText('Visa ending in 4242');
  });

  test('a card that needs 3-D Secure (4000 0027 6000 3184): the card and the charge are authenticated, then collected', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'plan.3ds');
    await payThreeMonths(page, request, payer, '4000 0000 0000 0341');
    const { membership, instalment } = await firstInstalment(request, payer);
    const run = await runBilling(request, instalment.due_date);
    expect(run.failed).toBeGreaterThanOrEqual(1);

    await page.goto(`/payments/update-card?membership_id=${membership.id}`);
    await enterCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Save card' }).click();
    // The new card is authenticated first (SetupIntent), then the catch-up charge (PaymentIntent).
    await expect(page.getByRole('heading', { level: 1, name: '3-D Secure authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '3-D Secure authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(page.getByText('Payment succeeded!')).toBeVisible();
    // The provider's query is gone from the address: a reload does not replay the result.
    await expect(page).toHaveURL(new RegExp(`/payments/update-card\\?membership_id=${membership.id}$`));
    const [after] = await memberships(request, payer);
    expect(after?.paid_cents).toBe(membership.paid_cents + instalment.amount_cents);
  });
});

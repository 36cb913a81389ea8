import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { check } from './support/controls';
import { expect, type Page, test } from './support/fixtures';
import { enterCard, newPayer, type Payer, paymentComplete } from './support/payer';

/**
 * Team payment (issue 6, spec §2 Payment page, §4 Payment flow, §5, §8, §9) against the real server and its card
 * sandbox. Every journey pays as a guardian it creates: register, add an athlete, pick TIGERS-2027, claim it.
 */

const AGREE = 'I agree to the terms and conditions stated above.';

async function checkA11y(page: Page, label: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoSeriousA11yViolations(page, `${label} at ${viewport.width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const claimedPage = /\/licenses\/TIGERS-2027\?claimed_registration=true$/;
const WAVES = { licence: 'WAVES-2027', team: '10U Waves' };

/**
 * Issue 15, 19.1: after paying, the claimed page at once (no extra click, nothing more in its URL), with the
 * confirmation at its top and the activation steps below it.
 */
async function expectConfirmation(
  page: Page,
  payer: Payer,
  paidToday: string,
  plan: string,
  { licence, team } = { licence: 'TIGERS-2027', team: '12U Tigers' },
) {
  await expect(page).toHaveURL(new RegExp(`/licenses/${licence}\\?claimed_registration=true$`));
  const heading = page.getByRole('heading', { level: 1, name: 'Payment confirmed' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: /^Three steps to activate your / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Log in' })).toBeVisible();
  // Issue 19.2: My payments is a link away.
  await expect(page.getByRole('link', { name: 'My payments' })).toHaveAttribute('href', '/payments');
  const value = (term: string) => page.locator('.amounts__row', { has: page.locator('dt', { hasText: term }) });
  await expect(value('Paid today').locator('dd')).toHaveText(paidToday);
  await expect(value('Team').locator('dd')).toHaveText(team);
  await expect(value('Season').locator('dd')).toHaveText('Spring 2027');
  await expect(value('Plan').locator('dd')).toHaveText(plan);
  await expect(page.getByText(`A receipt has been sent to ${payer.email}.`)).toBeVisible();
}

/** Issue 19.1: a reload of the claimed page later shows the activation steps and no stale confirmation. */
async function expectNoConfirmationAfterReload(page: Page) {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Three steps to activate your / })).toBeVisible();
  await expect(page.getByText('Payment confirmed')).toHaveCount(0);
  await expect(page.getByText('Paid today')).toHaveCount(0);
}

test.describe('team payment', () => {
  test('TIGERS-2027 paid by card 4242 with injury protection and the 3-month plan', async ({ page, request }) => {
    const payer = await newPayer(page, request, 'pay.card');
    await page.goto('/payment');

    await expect(page.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
    await expect(page.getByText('Spring 2027 starts Mar 1, 2027.')).toBeVisible();
    const threeMonths = page.getByRole('radio', { name: '3 monthly payments $75.00 due today' });
    await expect(page.getByRole('radio', { name: 'Pay in full $475.00 due today' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await checkA11y(page, 'payment options');
    await check(threeMonths);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Injury Protection' })).toBeVisible();
    await expect(page.getByText('$29.00: a one-time payment due today.')).toBeVisible();
    await checkA11y(page, 'injury protection');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeVisible();
    // The toggle kept the focus through the reload (it is never disabled under the keyboard).
    await expect(page.getByRole('button', { name: 'Added', exact: true })).toBeFocused();
    await expect(page.getByText('Due today with 3 monthly payments: $104.00')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByLabel('Name on card')).toHaveValue('Pat Payer');
    await expect(page.getByRole('region', { name: 'Waiver text' })).toContainText('Participant Waiver and Release');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await check(page.getByLabel(AGREE));
    await page.getByLabel(AGREE).uncheck();
    await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
    await check(page.getByLabel(AGREE));
    await enterCard(page, '4242 4242 4242 4242');
    await checkA11y(page, 'checkout');
    await page.getByRole('button', { name: 'Pay Now' }).click();

    // Issue 15: the confirmation (amount, team, season, plan, the card, the remaining schedule, the receipt line).
    await expectConfirmation(page, payer, '$104.00', '3 monthly payments');
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    const schedule = page.getByRole('table', { name: 'Remaining payments' });
    await expect(schedule.getByRole('row')).toHaveCount(4);
    for (const row of await schedule.getByRole('row').all()) {
      if ((await row.textContent()) === 'DateAmount') continue;
      await expect(row).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}\$\d+\.\d{2}$/);
    }
    await checkA11y(page, 'payment confirmation on the claimed page');
    expect(await paymentComplete(request, payer)).toBe(1);
    // My payments by keyboard: the link is reachable and opens the payments page.
    await page.getByRole('link', { name: 'My payments' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(claimedPage);
    // Back on the claimed page later: no stale confirmation.
    await expect(page.getByRole('heading', { level: 1, name: /^Three steps to activate your / })).toBeVisible();
    await expect(page.getByText('Payment confirmed')).toHaveCount(0);
    await expectNoConfirmationAfterReload(page);

    // Paid: a second visit cannot pay again; it shows the waiver-only page (the organization has a waiver).
    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Team Waiver' })).toBeVisible();
    await checkA11y(page, 'team waiver');
    await expect(page.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await check(page.getByLabel(AGREE));
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(claimedPage);

    // §4 Dashboard on load: payment_complete 1 no longer sends the user to the payment page.
    await page.goto('/dashboard');
    await expect(page).not.toHaveURL(/\/payment/);
  });

  test('a declined card (4000 0000 0000 0002) shows the decline, and a retry with 4242 succeeds', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'pay.decline');
    await page.goto('/payment');
    await check(page.getByRole('radio', { name: /^Pay in full/ }));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await check(page.getByLabel(AGREE));
    await enterCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    expect(await paymentComplete(request, payer)).toBe(0);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectConfirmation(page, payer, '$475.00', 'Pay in full');
    await expect(page.getByText('Nothing more is due.')).toBeVisible();
    expect(await paymentComplete(request, payer)).toBe(1);
  });

  test('4000 0025 0000 3155 passes the local 3-D Secure page and shows Payment succeeded! and the confirmation', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'pay.threeds');
    await page.goto('/payment');
    await check(page.getByRole('radio', { name: /^3 monthly payments/ }));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await check(page.getByLabel(AGREE));
    await enterCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay Now' }).click();

    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(page.getByText('Payment succeeded!')).toBeVisible();
    // The provider's query is not left in any address to replay the result: the claimed page's is its own.
    await expectConfirmation(page, payer, '$75.00', '3 monthly payments');
    await expect(page.getByRole('table', { name: 'Remaining payments' }).getByRole('row')).toHaveCount(4);
    await checkA11y(page, 'payment result');
    expect(await paymentComplete(request, payer)).toBe(1);
    await expectNoConfirmationAfterReload(page);
  });

  test('10U Waves monthly ($0.00 today) with 4000 0025 0000 3155: the card is saved after 3-D Secure', async ({
    page,
    request,
  }) => {
    const payer = await newPayer(page, request, 'pay.waves3ds', 'WAVES-2027');
    await page.goto('/payment');
    await check(page.getByRole('radio', { name: /monthly payments \$0\.00 due today/ }).first());
    await page.getByRole('button', { name: 'Next' }).click();
    await enterCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Pay Now' }).click();

    // The SetupIntent that saves the card for the instalments needs authentication, and comes back to /payment.
    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    // The \$0-today SetupIntent lands on the claimed page the same way.
    await expect(page.getByText('Payment succeeded!')).toBeVisible();
    await expectConfirmation(page, payer, '$0.00', '3 monthly payments', WAVES);
    const value = (term: string) => page.locator('.amounts__row', { has: page.locator('dt', { hasText: term }) });
    await expect(value('Card').locator('dd')).toHaveText('Visa ending in 3155');
    expect(await paymentComplete(request, payer)).toBe(1);
  });

  test('FULLRIDE completes without a card', async ({ page, request }) => {
    const payer = await newPayer(page, request, 'pay.fullride');
    await page.goto('/payment');
    await page.getByLabel('Discount code').fill('OLDCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Code not found.')).toBeVisible();
    await page.getByLabel('Discount code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Code not found.')).toBeVisible();

    await page.getByLabel('Discount code').fill('FULLRIDE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Discount FULLRIDE applied (100% off).')).toBeVisible();
    // The lookup and the reload never dropped the focus to <body>.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    // §4: a full discount collapses the plans to the first.
    await expect(page.getByRole('radio')).toHaveCount(1);
    // Issue 15: the summary's lines add up ($450.00 − $450.00 + app fee waived = $0.00), the waived fee says so.
    const fees = page.getByRole('region', { name: 'Team fees' });
    await expect(fees.locator('.amounts__row', { hasText: 'Discount FULLRIDE' }).locator('dd')).toHaveText('−$450.00');
    await expect(fees.locator('.amounts__row', { hasText: 'App fee' }).locator('dd')).toHaveText('$25.00 Waived');
    await expect(fees.locator('.amounts__row--total dd')).toHaveText('$0.00');
    await expect(page.getByText('Charged today', { exact: true })).toHaveCount(0);
    await check(page.getByRole('radio', { name: 'Pay in full $0.00 due today' }));
    await page.getByRole('button', { name: 'Next' }).click();

    // §4 'then the injury protection page if the plan exists', under a full discount too: added, it is the one
    // payment due today; declined here.
    await expect(page.getByRole('heading', { level: 1, name: 'Injury Protection' })).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Due today with Pay in full: $29.00')).toBeVisible();
    await page.getByRole('button', { name: 'Added', exact: true }).click();
    await expect(page.getByText('Due today with Pay in full: $0.00')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText(/nothing is charged and no card is needed/)).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await check(page.getByLabel(AGREE));
    await checkA11y(page, 'full-discount checkout');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectConfirmation(page, payer, '$0.00', 'Pay in full');
    await expect(page.getByText('Nothing more is due.')).toBeVisible();
    expect(await paymentComplete(request, payer)).toBe(1);
    await expectNoConfirmationAfterReload(page);
  });

  test('14U Storm shows the season-started and non-itemized app fee displays', async ({ page, request }) => {
    await newPayer(page, request, 'pay.storm', 'STORM-2026');
    await page.goto('/payment');
    await expect(page.getByText(/Fall 2026 has already started \(Sep 1, 2026\)/)).toContainText(
      'the player deposit, which includes the app fee, is due today',
    );
    await expect(page.getByText('Player deposit (includes the $20.00 app fee, non-refundable)')).toBeVisible();
    await expect(page.getByText('Overall fees (dues and app fee)')).toBeVisible();
    await expect(page.getByText(/^App fee/)).toHaveCount(0);
    await checkA11y(page, 'payment options of a started season');
  });

  test('FLAT500 on 10U Waves (no app fee, no waiver) is a full discount too', async ({ page, request }) => {
    const payer = await newPayer(page, request, 'pay.waves', 'WAVES-2027');
    await page.goto('/payment');
    await page.getByLabel('Discount code').fill('FLAT500');
    await page.getByRole('button', { name: 'Apply' }).click();
    await check(page.getByRole('radio', { name: 'Pay in full $0.00 due today' }));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    // No waiver: nothing to agree to, Pay Now is enabled at once (§5).
    await expect(page.getByLabel(AGREE)).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectConfirmation(page, payer, '$0.00', 'Pay in full', WAVES);
    expect(await paymentComplete(request, payer)).toBe(1);
  });

  test('Back from step 1 takes a new user back to the register wizard', async ({ page, request }) => {
    await newPayer(page, request, 'pay.back');
    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Options' })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/register\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('step')).toBe('2');
    expect(url.searchParams.get('license')).toBe('TIGERS-2027');
    expect(url.searchParams.get('is_team_license')).toBe('true');
  });

  test('a visitor without a stored user is sent to log in first', async ({ page }) => {
    await page.goto('/payment');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fpayment/);
  });
});

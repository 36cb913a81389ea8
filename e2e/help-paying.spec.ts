/**
 * Help paying (issue 34) against the real server: a family asks for 50 % of the dues, a registrar approves it in the
 * console, and the family pays the rest on a 3-month plan with 'Financial assistance' as its own line; a 100 % award
 * registers with the waiver only; the season's budget refuses an approval; the owner changes the check or cash
 * instructions on the set-up page and a family's checkout shows them. axe at 375 and 1280 px on the new screens.
 * Northside (12U Tigers, TIGERS-2027) offers assistance with a Spring 2027 budget of $2,000.00 (docs/fixtures.md
 * "Help paying"). The journeys run in order, apart from the shared server (support/own-server.ts): the approvals add
 * up ($225.00, then $450.00), and the owner changes Northside's budget and its check or cash instructions, which the
 * family checkout's journeys read.
 */
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { chooseCheckOrCash, markReceivedByCheque, NORTHSIDE_CHECK_INSTRUCTIONS } from './support/check-or-cash';
import { check } from './support/controls';
import { type APIRequestContext, expect, type Locator, type Page } from './support/fixtures';
import { test } from './support/own-server';
import { newPayer, type Payer, paymentComplete } from './support/payer';
import { logInToConsole } from './support/session';

const REGISTRAR = 'registrar@northside.example';
const OWNER = 'owner@northside.example';

test.describe.configure({ mode: 'serial' });

/** On /payment step 1: 'Need help paying?', the share, a reason, 'Send request'; then the page says it was sent. */
async function askForHelp(page: Page, share: string, options: { axe?: boolean } = {}) {
  await page.goto('/payment');
  await page.getByRole('button', { name: 'Need help paying?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request financial assistance' })).toBeFocused();
  if (options.axe) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoSeriousA11yViolations(page, `request form at ${viewport.width} px`);
    }
  }
  await check(page.getByRole('radio', { name: share }));
  await check(page.getByLabel('Our children receive free or reduced-price school meals'));
  await page.getByLabel('Reason').fill('Two kids on teams this spring and one income.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByText('We sent your request to Northside Youth Baseball. We will e-mail you when they decide.'),
  ).toBeVisible();
  if (options.axe) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoSeriousA11yViolations(page, `request sent at ${viewport.width} px`);
    }
  }
}

/** A registrar (or the owner) decides the family's request in the console. */
async function decide(page: Page, email: string, athlete: string, action: (card: Locator) => Promise<void>) {
  await logInToConsole(page, email);
  await page.getByRole('link', { name: 'Financial assistance', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Financial assistance' })).toBeFocused();
  const card = page.getByRole('article', { name: new RegExp(`^${athlete} on 12U Tigers`) }).first();
  await expect(card.getByText('Two kids on teams this spring and one income.')).toBeVisible();
  await action(card);
}

async function family(page: Page, request: APIRequestContext, prefix: string): Promise<Payer> {
  return newPayer(page, request, prefix);
}

test('a family asks for 50 %, a registrar approves, the family pays the rest on a 3-month plan', async ({
  page,
  browser,
  request,
}) => {
  const payer = await family(page, request, 'help50');
  await askForHelp(page, '50%', { axe: true });
  await page.getByRole('button', { name: 'Back to payment options' }).click();
  await expect(page.getByText(/^Your request for financial assistance is waiting/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Need help paying?' })).toHaveCount(0);

  const staff = await browser.newPage();
  await decide(staff, REGISTRAR, 'Pat Payer', async (card) => {
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card.getByText('Approved: $225.00')).toBeVisible();
  });
  for (const viewport of VIEWPORTS) {
    await staff.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(staff, `assistance queue at ${viewport.width} px`);
  }
  await staff.close();

  await page.goto('/payment');
  await expect(
    page.getByText('Financial assistance', { exact: true }).locator('xpath=following-sibling::dd'),
  ).toHaveText('−$225.00');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page, `payment options with an award at ${viewport.width} px`);
  }
  await check(page.getByRole('radio', { name: /^3 monthly payments/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await check(page.getByLabel('I agree to the terms and conditions stated above.'));
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  await expect(page.getByText('Financial assistance', { exact: true })).toBeVisible();
  await expect.poll(() => paymentComplete(request, payer)).toBe(1);
});

test('a 100 % award registers with the waiver only', async ({ page, browser, request }) => {
  const payer = await family(page, request, 'help100');
  await askForHelp(page, '100%');
  const staff = await browser.newPage();
  await decide(staff, REGISTRAR, 'Pat Payer', async (card) => {
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card.getByText('Approved: $450.00')).toBeVisible();
  });
  await staff.close();

  await page.goto('/payment');
  await expect(page.getByText('Total due', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$0.00');
  await expect(page.getByRole('radio')).toHaveCount(1);
  await check(page.getByRole('radio', { name: /^Pay in full/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  // The protection plan is still offered; declined, checkout needs no card.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await check(page.getByLabel('I agree to the terms and conditions stated above.'));
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeVisible();
  await expect.poll(() => paymentComplete(request, payer)).toBe(1);
});

test("the season's budget refuses an approval", async ({ page, browser, request }) => {
  await family(page, request, 'helpbudget');
  await askForHelp(page, '100%');
  // The owner lowers the budget to $700.00 ($675.00 approved above): $25.00 left.
  const owner = await browser.newPage();
  await logInToConsole(owner, OWNER);
  await owner.getByRole('link', { name: 'Financial assistance', exact: true }).click();
  await owner.getByLabel('Season budget (dollars)').fill('700.00');
  await owner.getByRole('button', { name: 'Save budget' }).click();
  await expect(owner.getByText('Left', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$25.00');
  await owner.close();

  const staff = await browser.newPage();
  await decide(staff, REGISTRAR, 'Pat Payer', async (card) => {
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card.getByRole('alert')).toHaveText("This would exceed the season's assistance budget ($25.00 left).");
  });
  await staff.close();
});

test('a family chooses check, the registrar marks it received and the family gets its receipt', async ({
  page,
  browser,
  request,
}) => {
  const payer = await family(page, request, 'helpcheck');
  const instructions = NORTHSIDE_CHECK_INSTRUCTIONS;
  await page.goto('/payment');
  await check(page.getByRole('radio', { name: /^3 monthly payments/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await chooseCheckOrCash(page);
  await check(page.getByLabel('I agree to the terms and conditions stated above.'));
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page, `check or cash on checkout at ${viewport.width} px`);
  }
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/memberships/checkout') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Complete registration' }).click();
  const checkout = (await (await answer).json()) as { awaiting_payment: { membership_id: number } };
  await expect(page.getByRole('heading', { level: 1, name: 'Registration complete: awaiting payment' })).toBeVisible();
  await expect(page.getByText(/recorded as 'Awaiting payment'/)).toBeVisible();
  await expect(page.getByText(instructions)).toBeVisible();
  // Registered, nothing received yet: no receipt.
  await expect.poll(() => paymentComplete(request, payer)).toBe(1);
  const mails = await browser.newPage();
  await mails.goto('/dev/mailbox');
  const receipt = mails
    .getByRole('article')
    .filter({ hasText: `To ${payer.email}` })
    .filter({ hasText: 'Receipt:' });
  await expect(receipt).toHaveCount(0);

  const staff = await browser.newPage();
  await logInToConsole(staff, REGISTRAR);
  await markReceivedByCheque(staff, checkout.awaiting_payment.membership_id);
  await staff.close();

  await mails.reload();
  await expect(receipt.first()).toBeVisible();
  await mails.close();
});

test("the owner changes the check or cash instructions on the set-up page; the family's checkout shows them", async ({
  page,
  browser,
  request,
}) => {
  const changed = 'Make checks payable to Northside Youth Baseball and leave them at the club house on Saturdays.';
  const owner = await browser.newPage();
  await logInToConsole(owner, OWNER);
  await owner
    .getByRole('link', { name: /Season set-up/ })
    .first()
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: /^Season set-up/ })).toBeFocused();
  const section = owner.getByRole('region', { name: 'Help paying' });
  await expect(section.getByText(NORTHSIDE_CHECK_INSTRUCTIONS)).toBeVisible();

  /** 'Change help paying' with `instructions`; the page reads the settings back once saved. */
  async function setInstructions(instructions: string, options: { axe?: boolean } = {}) {
    await section.getByRole('button', { name: 'Change help paying' }).click();
    await expect(owner.getByRole('heading', { level: 3, name: 'Change help paying' })).toBeFocused();
    const field = owner.getByLabel('Instructions for paying by check or cash');
    if (options.axe) {
      // Refused with the field empty: the message is tied to the field.
      await field.fill('');
      await owner.getByRole('button', { name: 'Save' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(owner.getByText('Enter the instructions for paying by check or cash.')).toBeVisible();
      for (const viewport of VIEWPORTS) {
        await owner.setViewportSize(viewport);
        await expectNoSeriousA11yViolations(owner, `help paying settings at ${viewport.width} px`);
      }
    }
    await field.fill(instructions);
    await owner.getByRole('button', { name: 'Save' }).click();
    await expect(owner.getByText('Help paying settings saved.')).toBeVisible();
    await expect(section.getByText(instructions)).toBeVisible();
  }

  await setInstructions(changed, { axe: true });
  await owner.reload();
  await expect(owner.getByRole('region', { name: 'Help paying' }).getByText(changed)).toBeVisible();

  await family(page, request, 'helpsettings');
  await page.goto('/payment');
  await check(page.getByRole('radio', { name: /^3 monthly payments/ }));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await check(
    page.getByRole('group', { name: 'How will you pay?' }).getByRole('radio', { name: 'Pay by check or cash' }),
  );
  await expect(page.getByText(changed)).toBeVisible();

  await owner.close();
});

import { check } from './controls';
import { expect, type Page } from './fixtures';

/** Issue 34 point 4: Northside's instructions for paying by check or cash (docs/fixtures.md "Help paying"). */
export const NORTHSIDE_CHECK_INSTRUCTIONS =
  'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.';

/**
 * Step 2 of a checkout (one athlete or a family): 'Pay by card' is the default; 'Pay by check or cash' shows the club's
 * instructions, hides the card, and 'Complete registration' waits for the waiver.
 */
export async function chooseCheckOrCash(page: Page): Promise<void> {
  const choice = page.getByRole('group', { name: 'How will you pay?' });
  await expect(choice.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
  await check(choice.getByRole('radio', { name: 'Pay by check or cash' }));
  await expect(page.getByRole('heading', { name: 'Instructions from Northside Youth Baseball' })).toBeVisible();
  await expect(page.getByText(NORTHSIDE_CHECK_INSTRUCTIONS)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Complete registration' })).toBeDisabled();
}

/** The registrar's existing offline mark in the console: the membership's first payment received by cheque. */
export async function markReceivedByCheque(staff: Page, membershipId: number): Promise<void> {
  await staff.goto(`/admin/memberships/${membershipId}`);
  await staff
    .getByRole('button', { name: /^Mark .* paid offline$/ })
    .first()
    .click();
  await check(staff.getByRole('radio', { name: 'Cheque' }));
  await staff.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(staff.getByText('The instalment is marked as paid.')).toBeVisible();
}

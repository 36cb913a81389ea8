import { expect, type Page } from '@playwright/test';
import { enterCard, usd } from './payer';

/**
 * The family's steps after a failed instalment (issue 15; issue 20 point 4 for a second guardian), from /payments:
 * the membership's card says the payment could not be charged and shows the failed row; 'Update card for <team>'
 * opens /payments/update-card for this membership; a good card (4242) is saved and the failed instalment is charged
 * at once ('Payment succeeded!', its amount on the Visa ending in 4242); 'Back to My payments' shows the card with
 * no notice and no failed row. `onUpdateCardPage` runs on the update-card page before the card is entered.
 */
export async function updateFailedCard(
  page: Page,
  failed: { team: string; membershipId: number; amountCents: number },
  onUpdateCardPage: (page: Page) => Promise<void> = async () => {},
): Promise<void> {
  const card = page.getByRole('article', { name: failed.team });
  await expect(card.getByRole('alert')).toContainText('A payment could not be charged to your card.');
  await expect(card.getByRole('row').filter({ hasText: 'Failed' })).toHaveCount(1);
  await card.getByRole('link', { name: `Update card for ${failed.team}` }).click();

  await expect(page).toHaveURL(new RegExp(`/payments/update-card\\?membership_id=${failed.membershipId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Update card' })).toBeVisible();
  await onUpdateCardPage(page);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Payment succeeded!')).toBeVisible();
  await expect(
    page.getByText(`${usd(failed.amountCents)} was charged to your Visa ending in 4242.`, { exact: false }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Back to My payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My payments' })).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card.getByRole('row').filter({ hasText: 'Failed' })).toHaveCount(0);
}

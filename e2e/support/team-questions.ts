/**
 * Issue 32 point 4: 12U Sharks asks its own questions in the athlete steps, after the athlete is accepted and before
 * /payment ('Jersey size', required; 'Allergies or medical notes', optional). The journeys that register for it
 * answer them as a family does.
 */
import { expect, type Page } from './fixtures';

export async function answerSharksQuestions(page: Page, jerseySize = 'YM'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: '12U Sharks asks' })).toBeFocused();
  await page.getByLabel(/^Jersey size/).selectOption(jerseySize);
  await page.getByRole('button', { name: 'Continue' }).click();
}

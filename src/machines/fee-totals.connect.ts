/**
 * The one fee-totals view model: the household discount's line and the total due under a fee summary, for the single
 * payment page's step 1 (payment.connect.ts `paymentOptionsView`, from the payment data's `household`) and the family
 * checkout's steps 1 and 2 (household-checkout.connect.ts, from the quote, with its today / later split). The server
 * computes every amount; this only names the line and takes the discount off what was due before it.
 */
import type { Message } from '../i18n/runtime';

/** The household discount's own line, 'Sibling discount' (issue 20 point 2; the spec's text, src/domain/household.ts). */
export const SIBLING_DISCOUNT: Message = { key: 'payment.siblingDiscount' };

/**
 * The household discount's label: 'Sibling discount', with its percent when the server gave one. A message (issue 31),
 * which the view shows in the language in use.
 */
export function siblingDiscountLabel(percent: number): Message {
  return percent > 0 ? { key: 'payment.siblingDiscountPercent', params: { percent } } : SIBLING_DISCOUNT;
}

/** Issue 34 point 3: the approved award's own line, 'Financial assistance'. */
export const FINANCIAL_ASSISTANCE: Message = { key: 'helpPaying.financialAssistance' };

/** What a fee summary shows under its lines, cents. */
export interface FeeTotalsView {
  /** Issue 34 point 3: the approved financial assistance's line (before the sibling discount), null when none. */
  readonly assistance?: { readonly label: Message; readonly amount: number } | null;
  /** Issue 20 point 2: the household discount's line, null when the server applied none. */
  readonly sibling: { readonly label: Message; readonly amount: number } | null;
  readonly siblingDiscountCents: number;
  /** Due in all, after the household discount. */
  readonly totalCents: number;
}

/**
 * The totals of a fee summary from what was due before the household discount (after an award, issue 34) and that
 * discount, cents; the award itself, when one was approved, is named as its own line above the sibling discount.
 */
export function feeTotalsView(
  beforeSiblingCents: number,
  sibling: { readonly cents: number; readonly percent: number } | null,
  assistanceCents = 0,
): FeeTotalsView {
  const siblingDiscountCents = sibling?.cents ?? 0;
  return {
    // Only with an award: the totals of everyone else are the ones they always were.
    ...(assistanceCents > 0 ? { assistance: { label: FINANCIAL_ASSISTANCE, amount: assistanceCents } } : {}),
    sibling:
      sibling === null || sibling.cents === 0
        ? null
        : { label: siblingDiscountLabel(sibling.percent), amount: sibling.cents },
    siblingDiscountCents,
    totalCents: beforeSiblingCents - siblingDiscountCents,
  };
}

/**
 * Test cards of the subscription-billing sandbox (design.md §6, fixtures.md "Sandbox cards"). An outcome is a spec
 * §8 card status code, or 'ok'. Numbers that are not test cards decline, as a gateway in test mode does.
 */

export type BillingOutcome = 'ok' | 'declined' | 'processor' | 'error';

const BILLING_TEST_CARDS: ReadonlyMap<string, BillingOutcome> = new Map<string, BillingOutcome>([
  ['4111111111111111', 'ok'],
  ['4242424242424242', 'ok'],
  ['5555555555554444', 'ok'],
  ['378282246310005', 'ok'],
  ['4000000000000002', 'declined'],
  ['4000000000009995', 'declined'],
  /** The gateway could not reach the card network. */
  ['4000000000000119', 'processor'],
  /** The billing provider failed for another reason. */
  ['4000000000000036', 'error'],
]);

/** `digits` must already be a Luhn-valid number without separators. */
export function billingOutcomeForCard(digits: string): BillingOutcome {
  return BILLING_TEST_CARDS.get(digits) ?? 'declined';
}

export function isBillingOutcome(value: string): value is BillingOutcome {
  return value === 'ok' || value === 'declined' || value === 'processor' || value === 'error';
}

/**
 * The checkout home (design.md §10, issue 30 point 1): paying team dues for one athlete or several, from the quote to
 * the confirmation. This file is its only door: routes, billing jobs and other services import from here, never
 * from a file beside it.
 *
 * - team-dues.ts, dues.ts: a team's dues context, its payment plans, the seat a payment uses, the spec's
 *   payment-plans, duplicate-status and subscription-status.
 * - lines.ts, quote.ts: a checkout's athlete lines priced from the server's own data, and the family quote.
 * - lease.ts: the one checkout lease (a payer's season, a household).
 * - record.ts: the one recording of memberships (the only insert into `memberships`), with their phases and card.
 * - charge.ts: the one charge of a saved card, used by the collector and the catch-up charge (server/billing).
 * - check-or-cash.ts: issue 34's Pay Now by check or cash ('Awaiting payment').
 * - one-athlete.ts, household.ts: the spec's calls (/api/memberships/checkout, /checkout-success) and the household
 *   calls (/api/household/checkout, /checkout-success).
 */

export { chargeSavedCard, type PhasesReceipt, recordPhasesPaid } from './charge.ts';
export {
  athleteDuplicateStatus,
  discountDetails,
  draftPaymentPlans,
  duesPaymentPlans,
  duesPaymentStatus,
} from './dues.ts';
export {
  type CheckoutAnswer as HouseholdCheckoutAnswer,
  type CheckoutSuccessAnswer as HouseholdCheckoutSuccessAnswer,
  checkout as householdCheckout,
  checkoutSuccess as householdCheckoutSuccess,
} from './household.ts';
export { CHECKOUT_BUSY, HOUSEHOLD_CHECKOUT_BUSY, withCheckoutLease, withHouseholdLease } from './lease.ts';
export { checkout, checkoutSuccess } from './one-athlete.ts';
export { planNameFor, plansIn } from './plan-texts.ts';
export { type QuoteJson, quoteForSession } from './quote.ts';
export { ALREADY_MEMBER, insertMemberships, type RecordLine, seasonMembership } from './record.ts';
export {
  type DuesContext,
  findProtectionPlan,
  findTeam,
  paymentDataJson,
  plansFor,
  requireTeamSeat,
  teamMembershipOf,
} from './team-dues.ts';

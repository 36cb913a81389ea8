/**
 * The family checkout's calls (issue 20 points 1, 2, 6; docs/api.md "Family checkout"): quote, checkout and
 * checkout-success, sent with the logged-in guardian's token (a household call never uses an athlete's token).
 */
import { type CallOptions, requestJson } from './client';
import {
  type HouseholdAwaiting,
  type HouseholdCheckoutResponse,
  type HouseholdCheckoutSuccess,
  householdCheckOrCashSchema,
  householdCheckoutResponseSchema,
  householdCheckoutSuccessSchema,
  type Quote,
  quoteSchema,
} from './household.schemas';

/** One athlete of a family checkout: the athlete, the chosen plan (null: none yet) and the protection choice. */
export interface HouseholdLine {
  athlete_id: number;
  payment_plan_month: number | null;
  include_payment_protection_plan: boolean;
}

export interface QuoteRequest {
  athletes: HouseholdLine[];
  discount_code: string | null;
}

/** POST /api/household/quote → every line priced (writes nothing); 422 on `discount_code` for an unknown code. */
export function getHouseholdQuote(body: QuoteRequest, options?: CallOptions): Promise<Quote> {
  return requestJson('/api/household/quote', quoteSchema, { method: 'post', json: body, auth: 'user', ...options });
}

export interface HouseholdCheckoutRequest extends QuoteRequest {
  /** Made by the site once per checkout (8..64 of [A-Za-z0-9_-]): the same key and lines reuse the open intent. */
  checkout_key: string;
  /**
   * Issue 32 point 3 (additive): the version of the waiver the family read and agreed to (the quote's
   * `waivers[].version`); a version no longer current is refused with 422 on `waiver_version`.
   */
  waiver_version?: number;
}

/**
 * POST /api/household/checkout → one intent for everything due today (a SetupIntent when only instalments are due,
 * nothing with full discounts: `payment_complete: 1` and the receipt). 409 with `messages["athletes.<id>"]` when a
 * line has a problem.
 */
export function householdCheckout(
  body: HouseholdCheckoutRequest,
  options?: CallOptions,
): Promise<HouseholdCheckoutResponse> {
  return requestJson('/api/household/checkout', householdCheckoutResponseSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/**
 * Issue 34 point 4: POST /api/household/checkout with `payment_method: 'check_or_cash'` (every waiver agreed as for a
 * card): no card, every athlete recorded 'Awaiting payment' with its plan, the seats held the club's days.
 */
export async function householdCheckoutByCheckOrCash(
  body: HouseholdCheckoutRequest,
  options?: CallOptions,
): Promise<HouseholdAwaiting> {
  const answer = await requestJson('/api/household/checkout', householdCheckOrCashSchema, {
    method: 'post',
    json: { ...body, payment_method: 'check_or_cash' },
    auth: 'user',
    ...options,
  });
  return answer.awaiting_payment;
}

export type HouseholdCheckoutSuccessRequest =
  | { checkout_id: string | number; stripe_payment_intent_id: string }
  | { checkout_id: string | number; stripe_setup_intent_id: string };

/** POST /api/household/checkout-success: records every athlete's membership once the intent succeeded (idempotent). */
export function householdCheckoutSuccess(
  body: HouseholdCheckoutSuccessRequest,
  options?: CallOptions,
): Promise<HouseholdCheckoutSuccess> {
  return requestJson('/api/household/checkout-success', householdCheckoutSuccessSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/**
 * Team-dues calls of §7 (docs/api.md): duplicate check, payment status, discount codes, checkout (the payment
 * plans: ./payment-data.ts). The payment calls are sent as the payer (§6: the athlete's token when one is stored);
 * the draft preview sends no authorization at all.
 */
import { type CallOptions, requestJson } from './client';
import {
  type CheckoutResponse,
  type CheckoutSuccessResponse,
  checkoutResponseSchema,
  checkoutSuccessResponseSchema,
  type DuplicateStatus,
  duplicateStatusSchema,
  type ServerDiscount,
  type SubscriptionStatus,
  serverDiscountSchema,
  subscriptionStatusSchema,
} from './schemas';

/** GET /api/memberships/duplicate-status/{athleteUserId} (the guardian's token). */
export function getDuplicateStatus(athleteUserId: number, options?: CallOptions): Promise<DuplicateStatus> {
  return requestJson(`/api/memberships/duplicate-status/${athleteUserId}`, duplicateStatusSchema, {
    auth: 'user',
    ...options,
  });
}

/** GET /api/memberships/subscription-status → `payment_complete` 0 or 1. */
export function getSubscriptionStatus(options?: CallOptions): Promise<SubscriptionStatus> {
  return requestJson('/api/memberships/subscription-status', subscriptionStatusSchema, { auth: 'payer', ...options });
}

/** GET /api/discount-codes/{code} (404 `{ message: 'Code not found.' }` when unknown). */
export function getDiscount(code: string, options?: CallOptions): Promise<ServerDiscount> {
  return requestJson(`/api/discount-codes/${encodeURIComponent(code)}`, serverDiscountSchema, {
    auth: 'payer',
    ...options,
  });
}

/** The same lookup for the staff draft preview, never with authorization (§6), even when a user is stored. */
export function getDraftDiscount(code: string, options?: CallOptions): Promise<ServerDiscount> {
  return getDiscount(code, { ...options, auth: 'none' });
}

export interface CheckoutRequest {
  payment_plan_month: number;
  team_id: number;
  discount_code?: string | null;
  include_payment_protection_plan?: boolean;
  /**
   * Issue 32 point 3 (additive): the version of the waiver the family read and agreed to (the payment data's
   * `team.waiver_version`); a version no longer current is refused with 422 on `waiver_version`.
   */
  waiver_version?: number;
  /** Issue 34 point 4 (additive): 'check_or_cash' where the organization accepts it; absent: card. */
  payment_method?: 'card' | 'check_or_cash';
}

/**
 * POST /api/memberships/checkout → a client secret to confirm by card, or (full discount, nothing to pay) no intent
 * and `payment_complete: 1`.
 */
export function checkout(body: CheckoutRequest, options?: CallOptions): Promise<CheckoutResponse> {
  return requestJson('/api/memberships/checkout', checkoutResponseSchema, {
    method: 'post',
    json: body,
    auth: 'payer',
    ...options,
  });
}

export interface CheckoutSuccessRequest {
  payment_plan_month: number;
  team_id: number;
  /** The payment intent that paid today's phase, or (nothing due today) the SetupIntent that saved the card. */
  stripe_payment_intent_id?: string;
  stripe_setup_intent_id?: string;
  discount_code: string | null;
  include_payment_protection_plan?: boolean;
}

/** POST /api/memberships/checkout-success: records the membership once the intent succeeded (409 otherwise). */
export function checkoutSuccess(body: CheckoutSuccessRequest, options?: CallOptions): Promise<CheckoutSuccessResponse> {
  return requestJson('/api/memberships/checkout-success', checkoutSuccessResponseSchema, {
    method: 'post',
    json: body,
    auth: 'payer',
    ...options,
  });
}

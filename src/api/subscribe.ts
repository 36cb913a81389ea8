/** Subscription calls of §7 (docs/api.md): organization check, coupon, plan details, purchase. */
import { type CallOptions, requestJson } from './client';
import {
  type Coupon,
  couponSchema,
  type OrganizationValidation,
  organizationValidationSchema,
  type PlanDetails,
  planDetailsSchema,
  type SubscribeProcessResponse,
  type SubscriptionTerm,
  subscribeProcessResponseSchema,
} from './schemas';

/** GET /api/subscribe/validate-organization/{x} → `status` true when the organization is valid. */
export function validateOrganization(organization: string, options?: CallOptions): Promise<OrganizationValidation> {
  return requestJson(
    `/api/subscribe/validate-organization/${encodeURIComponent(organization)}`,
    organizationValidationSchema,
    { auth: 'none', ...options },
  );
}

/** GET /api/subscribe/coupon-details/{code} → the coupon (404 when unknown). */
export function getCouponDetails(code: string, options?: CallOptions): Promise<Coupon> {
  return requestJson(`/api/subscribe/coupon-details/${encodeURIComponent(code)}`, couponSchema, {
    auth: 'none',
    ...options,
  });
}

/** POST /api/subscribe/plan-details → prices (cents, null when not offered) and trial days. */
export function getPlanDetails(options?: CallOptions): Promise<PlanDetails> {
  return requestJson('/api/subscribe/plan-details', planDetailsSchema, {
    method: 'post',
    json: {},
    auth: 'user',
    ...options,
  });
}

export interface SubscribeProcessRequest {
  term: SubscriptionTerm;
  coupon_code: string | null;
  /** The billing provider's card token. */
  token: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

/**
 * POST /api/subscribe/process → `success` with the new subscription state, or `error` with a card status code or a
 * text (§8). Any other status fails the schema, so the flow only ever sees these two (§7).
 */
export function processSubscription(
  body: SubscribeProcessRequest,
  options?: CallOptions,
): Promise<SubscribeProcessResponse> {
  return requestJson('/api/subscribe/process', subscribeProcessResponseSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

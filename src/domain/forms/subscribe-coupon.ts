/**
 * The coupon entry of /subscribe (spec §5 Subscribe): a typed coupon that is not applied blocks submission with
 * 'Apply your coupon code to your order before submitting.'; an empty coupon counts as none. The subscribe machine's
 * SUBSCRIBE guard (`hasUnappliedCoupon`) reads this schema with the coupon applied so far.
 */
import { z } from 'zod/mini';
import type { FormMessage } from '../form-schema.ts';
import { isCouponUnapplied } from '../subscription-pricing.ts';

/** The refusal's message: the subscribe page's text (the `subscribe` catalogue group). */
export const COUPON_NOT_APPLIED = 'subscribe.couponNotApplied' satisfies FormMessage;

export interface SubscribeCouponValues {
  /** The text in the coupon entry. */
  readonly coupon: string;
  /** The code of the coupon applied so far (from 'Apply Coupon' or the link), or null. */
  readonly applied: string | null;
}

export const subscribeCouponSchema = z
  .object({ coupon: z.string(), applied: z.nullable(z.string()) })
  .check((payload) => {
    if (isCouponUnapplied(payload.value.coupon, payload.value.applied)) {
      payload.issues.push({ code: 'custom', message: COUPON_NOT_APPLIED, path: ['coupon'], input: payload.value });
    }
  });

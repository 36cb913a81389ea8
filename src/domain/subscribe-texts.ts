/**
 * The subscription page's heading and link/coupon problems (§2 Subscribe, §4 Subscribe, §8), here rather than in the
 * views because subscribe.connect.ts picks the heading from them (machines and connect modules import no views), and
 * the server answers an unknown coupon with the same text (server/routes/subscribe.ts).
 */
export const YOUR_PLAN_HEADING = 'Your plan';
export const INVALID_URL_COUPON_TEXT = 'Sorry, this coupon is not valid.';
export const INVALID_ORGANIZATION_TEXT = 'Sorry, this organization is not valid.';
export const INVALID_APPLIED_COUPON_TEXT = 'This coupon is invalid.';

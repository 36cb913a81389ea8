/**
 * The coupon problem the server answers for an unknown coupon (§4 Subscribe, §8; server/services/subscribe.ts). The
 * site shows its own texts from the `subscribe` catalogue group (src/i18n/catalogues/<locale>/subscribe.json, issue
 * 31), whose English `subscribe.invalidAppliedCoupon` is this same text.
 */
export const INVALID_APPLIED_COUPON_TEXT = 'This coupon is invalid.';

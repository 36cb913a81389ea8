/**
 * Issue 19.1: the payment flow hands the confirmation of the payment just made to the claimed page in memory, not in
 * the URL or the history state, so the claimed page shows it once: a reload, a later visit or Back shows none.
 *
 * One-shot and validated: the payment page leaves it for one licence right before it navigates there; the claimed
 * page of that licence reads it while it renders (a render React discards and restarts reads it again), and the
 * first licence page that mounts forgets it, so a confirmation meant for another page is dropped, never shown.
 */
import type { PaymentConfirmation } from '../machines/payment.connect';

let handedOver: { license: string; confirmation: PaymentConfirmation } | null = null;

/** The payment page: the confirmation the claimed page of `license` is to show. */
export function handOverConfirmation(license: string, confirmation: PaymentConfirmation): void {
  handedOver = { license, confirmation };
}

/** The claimed page of `license`: the confirmation left for it, if any. */
export function confirmationFor(license: string): PaymentConfirmation | null {
  return handedOver !== null && handedOver.license === license ? handedOver.confirmation : null;
}

/** A licence page has mounted: whatever was handed over is spent. */
export function forgetConfirmation(): void {
  handedOver = null;
}

/**
 * Issue 20 point 6: the family checkout being paid survives the card provider's 3-D Secure page. The page that comes
 * back is a fresh load, and the return URL carries only the provider's intent; the checkout id that
 * checkout-success needs is kept in this tab's sessionStorage with the intent it is paid by (never card data). Every
 * access is guarded: storage may be missing or refused, which degrades to "nothing kept".
 */
import { STORAGE_PREFIX } from './storage';

export const HOUSEHOLD_CHECKOUT_KEY = `${STORAGE_PREFIX}householdCheckout`;

/** The family checkout a card confirmation is under way for. */
export interface PendingHouseholdCheckout {
  readonly checkoutId: string | number;
  /** The PaymentIntent's id, or the SetupIntent's when nothing is due today. */
  readonly intentId: string;
}

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function isPending(value: unknown): value is PendingHouseholdCheckout {
  if (typeof value !== 'object' || value === null) return false;
  const checkoutId: unknown = Reflect.get(value, 'checkoutId');
  const intentId: unknown = Reflect.get(value, 'intentId');
  return (
    (typeof checkoutId === 'string' || typeof checkoutId === 'number') &&
    typeof intentId === 'string' &&
    intentId !== ''
  );
}

/** Remembers the checkout before the card provider may leave the page. */
export function keepHouseholdCheckout(pending: PendingHouseholdCheckout): void {
  try {
    sessionStore()?.setItem(
      HOUSEHOLD_CHECKOUT_KEY,
      JSON.stringify({ checkoutId: pending.checkoutId, intentId: pending.intentId }),
    );
  } catch {
    // Without storage a 3-D Secure return cannot be recorded here; the server's webhook still records it.
  }
}

/** The family checkout paid by `intentId`, when this tab started it; null otherwise (a one-athlete payment). */
export function householdCheckoutFor(intentId: string): PendingHouseholdCheckout | null {
  try {
    const stored = sessionStore()?.getItem(HOUSEHOLD_CHECKOUT_KEY) ?? null;
    if (stored === null) return null;
    const parsed: unknown = JSON.parse(stored);
    return isPending(parsed) && parsed.intentId === intentId ? parsed : null;
  } catch {
    return null;
  }
}

/** The checkout was recorded (or abandoned): nothing to come back to. */
export function forgetHouseholdCheckout(): void {
  try {
    sessionStore()?.removeItem(HOUSEHOLD_CHECKOUT_KEY);
  } catch {
    // Nothing kept is the state we wanted.
  }
}

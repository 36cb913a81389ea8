/**
 * The round trip through the card provider's 3-D Secure page (design.md §6): the return URL carries what
 * checkout-success needs, because the page that comes back is a fresh load with no memory of the flow; the provider
 * appends `payment_intent`, `payment_intent_client_secret` and `redirect_status` to it (for the SetupIntent of a
 * plan with nothing due today: `setup_intent` and `setup_intent_client_secret`).
 */

/** What checkout sent, and checkout-success sends again for the same payment (docs/api.md). */
export interface CheckoutParams {
  readonly payment_plan_month: number;
  readonly team_id: number;
  readonly discount_code: string | null;
  readonly include_payment_protection_plan: boolean;
}

/** The absolute /payment URL the provider returns to, with the checkout parameters in its query. */
export function paymentReturnUrl(base: string, checkout: CheckoutParams): string {
  const url = new URL(base);
  url.search = '';
  url.searchParams.set('payment_plan_month', String(checkout.payment_plan_month));
  url.searchParams.set('team_id', String(checkout.team_id));
  if (checkout.discount_code !== null) url.searchParams.set('discount_code', checkout.discount_code);
  url.searchParams.set('include_payment_protection_plan', String(checkout.include_payment_protection_plan));
  return url.toString();
}

/** The /payment query as the route's search schema parsed it. */
export interface PaymentReturnSearch {
  readonly payment_intent?: string | undefined;
  readonly payment_intent_client_secret?: string | undefined;
  readonly setup_intent?: string | undefined;
  readonly setup_intent_client_secret?: string | undefined;
  readonly redirect_status?: string | undefined;
  readonly payment_plan_month?: number | undefined;
  readonly team_id?: number | undefined;
  readonly discount_code?: string | undefined;
  readonly include_payment_protection_plan?: boolean | undefined;
}

/** A payer coming back from the provider: the intent to look up and, when the URL kept them, the checkout params. */
export interface ReturnedPayment {
  /** The payment intent's id, or with `setup` the SetupIntent's. */
  readonly paymentIntentId: string;
  readonly clientSecret: string;
  /** A SetupIntent that saved the card of a plan with nothing due today, rather than a payment. */
  readonly setup: boolean;
  readonly checkout: CheckoutParams | null;
}

/** Stripe's client secrets are `<intent id>_secret_<random>`. */
export function intentIdFromClientSecret(clientSecret: string): string | null {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : null;
}

/** Reads a return from the query; null when this is an ordinary visit (no client secret). */
export function returnedPaymentFrom(search: PaymentReturnSearch): ReturnedPayment | null {
  const setup = search.payment_intent_client_secret === undefined;
  const clientSecret = search.payment_intent_client_secret ?? search.setup_intent_client_secret;
  if (clientSecret === undefined) return null;
  const paymentIntentId =
    (setup ? search.setup_intent : search.payment_intent) ?? intentIdFromClientSecret(clientSecret);
  if (paymentIntentId === null) return null;
  const checkout: CheckoutParams | null =
    search.payment_plan_month !== undefined && search.team_id !== undefined
      ? {
          payment_plan_month: search.payment_plan_month,
          team_id: search.team_id,
          discount_code: search.discount_code ?? null,
          include_payment_protection_plan: search.include_payment_protection_plan ?? false,
        }
      : null;
  return { paymentIntentId, clientSecret, checkout, setup };
}

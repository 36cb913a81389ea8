import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';
import { flag, text, wholeNumber } from './search-params';

/**
 * Query parameters of /payment (spec §2): on return from the card provider, its `payment_intent`,
 * `payment_intent_client_secret` and `redirect_status`, plus the checkout parameters the flow put into the return
 * URL (src/domain/payment-return.ts).
 */
export const paymentSearch = z.object({
  payment_intent: text,
  payment_intent_client_secret: text,
  // A plan with nothing due today saves the card with a SetupIntent: Stripe returns these for it instead.
  setup_intent: text,
  setup_intent_client_secret: text,
  redirect_status: text,
  payment_plan_month: wholeNumber(0, 120),
  team_id: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  discount_code: text,
  include_payment_protection_plan: flag,
});

/**
 * §2: an open route that needs a logged-in user; without one, login first and come back (returnUrl). Its texts: the
 * flow's, the notice of a saved registration that could not be restored (`resume`, src/views/resume) and help paying
 * (`helpPaying`, issue 34: 'Need help paying?', the 'Financial assistance' line, paying by check or cash).
 */
export const paymentRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/payment',
  validateSearch: paymentSearch,
}).lazy(
  withTexts(['payment', 'resume', 'card', 'waiver', 'helpPaying'], () => import('./payment.page').then((m) => m.Route)),
);

import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { authRoute } from './_auth.route';
import { withTexts } from './page-texts';
import { text, wholeNumber } from './search-params';

/**
 * Query of /payments/update-card (issue 15 point 5): the membership, and on return from the card provider's
 * 3-D Secure page what it appends: `setup_intent`, `setup_intent_client_secret` (a new card) or `payment_intent`,
 * `payment_intent_client_secret` (a charge), and `redirect_status`.
 */
export const updateCardSearch = z.object({
  membership_id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  setup_intent: text,
  setup_intent_client_secret: text,
  payment_intent: text,
  payment_intent_client_secret: text,
  redirect_status: text,
});

/**
 * Login required, like /payments: the e-mailed link brings a logged-out family through login and back. The card form
 * is the card provider's (src/providers/card-payments), whose texts are the `card` group (issue 31).
 */
export const updateCardRoute = createRoute({
  getParentRoute: () => authRoute,
  path: '/payments/update-card',
  validateSearch: updateCardSearch,
}).lazy(withTexts(['payments', 'card'], () => import('./update-card.page').then((m) => m.Route)));

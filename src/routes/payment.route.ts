import { createRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';
import { text } from './search-params';

/** Query parameters of /payment (spec §2). */
export const paymentSearch = z.object({
  payment_intent: text,
  payment_intent_client_secret: text,
  redirect_status: text,
});

export const paymentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payment',
  validateSearch: paymentSearch,
}).lazy(() => import('./payment.page').then((m) => m.Route));

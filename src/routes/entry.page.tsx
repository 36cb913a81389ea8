import { createLazyRoute } from '@tanstack/react-router';

/** The route's beforeLoad always redirects (entry.route.ts); nothing is rendered in between. */
export const Route = createLazyRoute('/')({
  component: () => null,
});

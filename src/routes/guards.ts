import { redirect } from '@tanstack/react-router';
import { getCurrentUser } from '../session/current-user';

/**
 * Spec §2: a protected route sends a visitor with no stored user to /login with `returnUrl`, so login can bring
 * them back to where they were going. The `_auth` layout route (_auth.route.ts) is the one route that runs it.
 */
export function requireUser({ location }: { location: { href: string } }): void {
  if (!getCurrentUser()) {
    throw redirect({ to: '/login', search: { returnUrl: location.href } });
  }
}

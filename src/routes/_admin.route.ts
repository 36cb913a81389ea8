import { createRoute, redirect } from '@tanstack/react-router';
import { hasStaffSession } from '../session/staff-key';
import { adminRootRoute } from './admin-root.route';

/**
 * The club console's guard (issue 22 point 1): a visitor without a staff session on this device goes to /admin/login
 * with `returnUrl`. A family session does not count (the staff session has its own key, src/session/staff.ts).
 */
export function requireStaff({ location }: { location: { href: string } }): void {
  if (!hasStaffSession()) throw redirect({ to: '/admin/login', search: { returnUrl: location.href } });
}

/**
 * The pathless layout of every console page that needs a staff session (like `_auth` for families). A child's route
 * id gains the prefix (`createLazyRoute('/_admin/admin')`), its path does not (`/admin`).
 */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => adminRootRoute,
  id: '_admin',
  beforeLoad: requireStaff,
});

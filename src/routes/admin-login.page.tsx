import { createLazyRoute } from '@tanstack/react-router';
import { type AdminLoginExit, adminLoginMachine } from '../machines/admin-login.machine';
import { AdminLoginForm } from '../views/admin/admin-login-form';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/admin/login')({ component: AdminLoginPage });

/** /admin/login: starts the admin-login flow with the validated query and follows where it leads. */
function AdminLoginPage() {
  const search = Route.useSearch();
  const actorRef = useFlowPage(adminLoginMachine, { flow: 'admin-login', input: search, follow });
  return <AdminLoginForm actorRef={actorRef} />;
}

/** Logging in replaces the form in the history (Back should not return to it). */
function follow(navigate: NavigateFunction, exit: AdminLoginExit): void {
  if ('href' in exit) void navigate({ href: exit.href, replace: true });
  else void navigate({ to: exit.to, replace: true });
}

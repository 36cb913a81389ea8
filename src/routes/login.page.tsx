import { createLazyRoute } from '@tanstack/react-router';
import { type LoginExit, type LoginStep, loginMachine } from '../machines/login.machine';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { LoginFlow } from '../views/login/login-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/login')({
  component: LoginPage,
});

/**
 * /login: the validated query and the stored user start the wizard; its `step` events are mirrored into the URL and
 * its exit is navigated. No rule lives here (login.machine.ts decides).
 */
function LoginPage() {
  const search = Route.useSearch();
  const actorRef = useFlowPage(loginMachine, {
    flow: 'login',
    input: { ...search, user: getCurrentUser() },
    mirrorStep,
    follow,
  });
  // §1: the stylesheet of the licence's organization in the URL, else the stored user's (or the client's).
  useJourneyStylesheet(useCurrentUser(), { code: search.license, coach: search.coach });
  return <LoginFlow actorRef={actorRef} />;
}

function mirrorStep(navigate: NavigateFunction, step: LoginStep): void {
  void navigate({
    to: '/login',
    // A token is spent once it logged in or failed; a reload must not try it again.
    search: ({ websiteToken: _token, userID: _user, ...rest }) => ({ ...rest, step }),
    replace: true,
  });
}

/**
 * Navigates to an exit. Where login leads once it succeeded replaces the wizard in the history (Back should not
 * return to a form that logs out); the wizard's own links (register, licence, forgot password) push.
 */
function follow(navigate: NavigateFunction, exit: LoginExit): void {
  if ('href' in exit) {
    void navigate({ href: exit.href, replace: true });
    return;
  }
  switch (exit.to) {
    case '/register':
      void navigate({ to: exit.to, search: exit.search });
      return;
    case '/licenses/$license':
      void navigate({ to: exit.to, params: exit.params });
      return;
    case '/contact-coach':
    case '/resetpwd/forgot':
      void navigate({ to: exit.to });
      return;
    case '/coach/$license':
      void navigate({ to: exit.to, params: exit.params, search: exit.search, replace: true });
      return;
    case '/waitlist':
      void navigate({ to: exit.to, search: exit.search, replace: true });
      return;
    case '/payment':
    case '/dashboard':
      void navigate({ to: exit.to, replace: true });
      return;
  }
}

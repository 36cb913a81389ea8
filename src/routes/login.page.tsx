import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import { flowInspector } from '../flows/flow-inspector';
import { type LoginExit, loginMachine } from '../machines/login.machine';
import { getCurrentUser } from '../session/current-user';
import { LoginFlow } from '../views/login/login-flow';

export const Route = createLazyRoute('/login')({
  component: LoginPage,
});

/**
 * /login: the validated query and the stored user start the wizard; its `step` events are mirrored into the URL and
 * its exit is navigated. No rule lives here (login.machine.ts decides).
 */
function LoginPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const actorRef = useActorRef(loginMachine, {
    inspect: flowInspector('login'),
    input: { ...search, user: getCurrentUser() },
  });

  // A layout effect runs before useActorRef starts the actor (a passive effect): the first step is mirrored too.
  useLayoutEffect(() => {
    const subscription = actorRef.on('step', ({ step }) => {
      void navigate({
        to: '/login',
        // A token is spent once it logged in or failed; a reload must not try it again.
        search: ({ websiteToken: _token, userID: _user, ...rest }) => ({ ...rest, step }),
        replace: true,
      });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  const exit = useSelector(actorRef, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  useEffect(() => {
    if (exit) follow(navigate, exit);
  }, [exit, navigate]);

  return <LoginFlow actorRef={actorRef} />;
}

/**
 * Navigates to an exit. Where login leads once it succeeded replaces the wizard in the history (Back should not
 * return to a form that logs out); the wizard's own links (register, licence, forgot password) push.
 */
function follow(navigate: ReturnType<typeof useNavigate>, exit: LoginExit): void {
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
    case '/payment':
    case '/dashboard':
      void navigate({ to: exit.to, replace: true });
      return;
  }
}

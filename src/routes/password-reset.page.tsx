import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { flowInspector } from '../flows/flow-inspector';
import { passwordResetMachine } from '../machines/password-reset.machine';
import { PasswordResetFlow } from '../views/password-reset/password-reset-flow';
import { passwordResetRoute } from './password-reset.route';

/** /resetpwd/forgot: the query's token and e-mail start the flow; its exit is where this page navigates. */
function PasswordResetPage() {
  const { token, email } = passwordResetRoute.useSearch();
  const navigate = useNavigate();
  const actorRef = useActorRef(passwordResetMachine, {
    inspect: flowInspector('password-reset'),
    input: { token, email },
  });
  const exit = useSelector(actorRef, (s) => (s.status === 'done' ? s.output : null));

  useEffect(() => {
    if (exit) void navigate({ to: exit.to, search: exit.search });
  }, [exit, navigate]);

  return <PasswordResetFlow actorRef={actorRef} />;
}

export const Route = createLazyRoute('/resetpwd/forgot')({
  component: PasswordResetPage,
});

import { createLazyRoute } from '@tanstack/react-router';
import { type PasswordResetExit, passwordResetMachine } from '../machines/password-reset.machine';
import { PasswordResetFlow } from '../views/password-reset/password-reset-flow';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { passwordResetRoute } from './password-reset.route';

/** /resetpwd/forgot: the query's token and e-mail start the flow; its exit is where this page navigates. */
function PasswordResetPage() {
  const { token, email } = passwordResetRoute.useSearch();
  const actorRef = useFlowPage(passwordResetMachine, { flow: 'password-reset', input: { token, email }, follow });
  return <PasswordResetFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: PasswordResetExit): void {
  void navigate({ to: exit.to, search: exit.search });
}

export const Route = createLazyRoute('/resetpwd/forgot')({
  component: PasswordResetPage,
});

import { shallowEqual, useSelector } from '@xstate/react';
import { loginSchema } from '../../domain/forms/login';
import { type AdminLoginActorRef, adminLoginView } from '../../machines/admin-login.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { AdminPage } from './admin-page';

/** /admin/login: 'Staff log in', 'Email', 'Password', 'Log in'; the server's refusal above the form and on its field. */
export function AdminLoginForm({ actorRef }: { actorRef: AdminLoginActorRef }) {
  const view = useSelector(actorRef, adminLoginView, shallowEqual);
  const form = useForm({ email: '', password: '' }, loginSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  return (
    <AdminPage>
      <form className="card" onSubmit={submit} noValidate aria-busy={view.busy}>
        <StepHeading>Staff log in</StepHeading>
        {view.alert !== null && <Alert>{view.alert}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          {...form.bind('email')}
          error={form.visibleError('email') ?? view.emailError}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
          error={form.visibleError('password') ?? view.passwordError}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={!canSubmit}>
            Log in
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

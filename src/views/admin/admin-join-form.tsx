import { shallowEqual, useSelector } from '@xstate/react';
import { type AdminJoinValues, adminJoinSchema } from '../../domain/forms/admin-join';
import { CONFIRM_PASSWORD_HINT, PASSWORD_HINT } from '../../domain/forms/password';
import { type AdminJoinActorRef, adminJoinView, NO_TOKEN_TEXT } from '../../machines/admin-join.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { AdminPage } from './admin-page';

const EMPTY: AdminJoinValues = { name: '', password: '', confirmPassword: '' };

/**
 * /admin/join?token=…: 'Join your club's console', 'Your name', 'Password', 'Confirm Password', 'Join'; the server's
 * refusal (an expired or used invitation) above the form and a field's message on its field.
 */
export function AdminJoinForm({ actorRef }: { actorRef: AdminJoinActorRef }) {
  const view = useSelector(actorRef, adminJoinView, shallowEqual);
  const form = useForm(EMPTY, adminJoinSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  if (view.noToken) {
    return (
      <AdminPage>
        <div className="card">
          <StepHeading>Join your club’s console</StepHeading>
          <Alert>{NO_TOKEN_TEXT}</Alert>
        </div>
      </AdminPage>
    );
  }
  return (
    <AdminPage>
      <form className="card" onSubmit={submit} noValidate aria-busy={view.busy}>
        <StepHeading>Join your club’s console</StepHeading>
        {view.alert !== null && <Alert>{view.alert}</Alert>}
        <TextField
          label="Your name"
          autoComplete="name"
          {...form.bind('name')}
          error={form.visibleError('name') ?? view.nameError}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...form.bind('password')}
          error={form.visibleError('password') ?? view.passwordError}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          hint={CONFIRM_PASSWORD_HINT}
          {...form.bind('confirmPassword')}
          error={form.visibleError('confirmPassword') ?? view.confirmPasswordError}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={!canSubmit}>
            Join
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

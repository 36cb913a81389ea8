import { shallowEqual, useSelector } from '@xstate/react';
import { type AdminJoinValues, adminJoinSchema } from '../../domain/forms/admin-join';
import { PASSWORD_MIN_LENGTH } from '../../domain/forms/password';
import { useT } from '../../i18n/use-t';
import { type AdminJoinActorRef, adminJoinView } from '../../machines/admin-join.connect';
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
  const t = useT();
  const view = useSelector(actorRef, adminJoinView, shallowEqual);
  const form = useForm(EMPTY, adminJoinSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  if (view.noToken) {
    return (
      <AdminPage>
        <div className="card">
          <StepHeading>{t('admin.joinHeading')}</StepHeading>
          <Alert>{t('admin.noToken')}</Alert>
        </div>
      </AdminPage>
    );
  }
  return (
    <AdminPage>
      <form className="card" onSubmit={submit} noValidate aria-busy={view.busy}>
        <StepHeading>{t('admin.joinHeading')}</StepHeading>
        {view.alert !== null && <Alert>{view.alert}</Alert>}
        <TextField
          label={t('admin.yourName')}
          autoComplete="name"
          {...form.bind('name')}
          error={form.visibleError('name') ?? view.nameError}
        />
        <TextField
          label={t('common.password')}
          type="password"
          autoComplete="new-password"
          hint={t('admin.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          {...form.bind('password')}
          error={form.visibleError('password') ?? view.passwordError}
        />
        <TextField
          label={t('common.confirmPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('admin.confirmPasswordHint')}
          {...form.bind('confirmPassword')}
          error={form.visibleError('confirmPassword') ?? view.confirmPasswordError}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={!canSubmit}>
            {t('admin.join')}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

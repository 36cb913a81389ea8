import { shallowEqual, useSelector } from '@xstate/react';
import { loginSchema } from '../../domain/forms/login';
import { useT } from '../../i18n/use-t';
import { type AdminLoginActorRef, adminLoginView } from '../../machines/admin-login.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { AdminPage } from './admin-page';
import { useCodeEntry } from './use-code-entry';

/**
 * /admin/login: 'Staff log in', 'Email', 'Password', 'Log in'; the server's refusal above the form and on its field.
 * With a second factor on (issue 30 point 2) the next step asks for 'Code' and 'Verify' sends it.
 */
export function AdminLoginForm({ actorRef }: { actorRef: AdminLoginActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminLoginView, shallowEqual);
  const form = useForm({ email: '', password: '' }, loginSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  if (view.step === 'code') return <CodeStep actorRef={actorRef} />;
  return (
    <AdminPage>
      <form className="card" onSubmit={submit} noValidate aria-busy={view.busy}>
        <StepHeading>{t('admin.staffLogIn')}</StepHeading>
        {view.alert !== null && <Alert>{view.alert}</Alert>}
        <TextField
          label={t('admin.email')}
          type="email"
          autoComplete="username"
          {...form.bind('email')}
          error={form.visibleError('email') ?? view.emailError}
        />
        <TextField
          label={t('common.password')}
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
          error={form.visibleError('password') ?? view.passwordError}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={!canSubmit}>
            {t('admin.logIn')}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

/** The second factor's step: one labelled field, its refusal tied to it. */
function CodeStep({ actorRef }: { actorRef: AdminLoginActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminLoginView, shallowEqual);
  const { code, setCode, missing, submit } = useCodeEntry((typed) =>
    actorRef.send({ type: 'SUBMIT_CODE', code: typed }),
  );
  return (
    <AdminPage>
      <form className="card" onSubmit={submit} noValidate aria-busy={view.busy}>
        <StepHeading>{t('admin.twoStep')}</StepHeading>
        {view.alert !== null && view.codeError === undefined && <Alert>{view.alert}</Alert>}
        <TextField
          label={t('admin.code')}
          name="code"
          autoComplete="one-time-code"
          hint={t('admin.codeHint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={missing ?? view.codeError}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={view.busy}>
            {t('admin.verify')}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

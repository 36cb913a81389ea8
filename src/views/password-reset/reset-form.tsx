import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { passwordResetSchema } from '../../domain/forms/password-reset';
import { useT } from '../../i18n/use-t';
import {
  canResetPassword,
  type PasswordResetActorRef,
  resetFormStart,
  resetFormView,
} from '../../machines/password-reset.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';

/** §2 reset form (with a token in the query): e-mail, password, confirm password, 'Reset Password'. */
export function ResetForm({ actorRef }: { actorRef: PasswordResetActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, resetFormView, shallowEqual);
  const [start] = useState(() => resetFormStart(actorRef.getSnapshot()));
  const form = useForm(start, passwordResetSchema);
  // The machine guards RESET_PASSWORD with the same schema.
  const event = { type: 'RESET_PASSWORD' as const, values: form.values };
  const canReset = useSelector(actorRef, (snapshot) => canResetPassword(snapshot, form.values));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.attemptSubmit() && canReset) actorRef.send(event);
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-busy={view.busy} aria-describedby="reset-intro">
      <StepHeading>{t('reset.resetHeading')}</StepHeading>
      <p id="reset-intro">{t('reset.resetIntro')}</p>
      {view.error && <Alert>{view.error}</Alert>}
      <TextField label={t('reset.email')} type="email" autoComplete="email" required {...form.bind('email')} />
      <TextField
        label={t('reset.password')}
        type="password"
        autoComplete="new-password"
        required
        {...form.bind('password')}
      />
      <TextField
        label={t('reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...form.bind('passwordConfirmation')}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canReset}>
          {t('reset.resetPassword')}
        </button>
      </div>
    </form>
  );
}

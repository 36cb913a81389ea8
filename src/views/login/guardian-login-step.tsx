import { shallowEqual, useSelector } from '@xstate/react';
import { loginSchema } from '../../domain/forms/login';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { guardianLoginView, type LoginActorRef } from '../../machines/login.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { ExitLink } from './exit-link';

/**
 * Spec §2 Login step 2: 'Guardian Email' (pre-filled from preset_email), 'Password', 'Log In', 'Back' and the
 * 'Forgot password' link; §8 failures above the form.
 */
export function GuardianLoginStep({ actorRef }: { actorRef: LoginActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, guardianLoginView, shallowEqual);
  const form = useForm({ email: view.presetEmail, password: '' }, loginSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  return (
    <form className="card guardian-login" onSubmit={submit} noValidate aria-busy={view.busy}>
      <StepHeading>{t('login.guardianLogin')}</StepHeading>
      {view.alert !== null && <Alert>{text(view.alert)}</Alert>}
      <TextField label={t('login.guardianEmail')} type="email" autoComplete="username" {...form.bind('email')} />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
      <p className="guardian-login__forgot">
        <ExitLink href="/resetpwd/forgot" onFollow={() => actorRef.send({ type: 'FORGOT_PASSWORD' })}>
          {t('login.forgotPassword')}
        </ExitLink>
      </p>
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          {t('login.logIn')}
        </button>
        <BackButton enabled={view.canBack} onBack={() => actorRef.send({ type: 'BACK' })} />
      </div>
    </form>
  );
}

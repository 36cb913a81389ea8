import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  guardianAccountView,
  guardianFormStart,
  type RegisterActorRef,
  rememberGuardianDraft,
} from '../../machines/register.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { StepHeading } from '../common/step-heading';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { ExitLink } from '../login/exit-link';
import { GuardianAccountFields, useGuardianForm } from './guardian-account-fields';

/**
 * Spec §2 Register step 1: 'Create your Primary Guardian account' (first name, last name, phone, e-mail, password,
 * confirm password), or 'Edit your Account' without the password fields when a user is stored; §8 messages above
 * the form; Enter submits; 'Back' returns to the licence page.
 */
export function GuardianAccountStep({ actorRef }: { actorRef: RegisterActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, guardianAccountView, shallowEqual);
  const { creating } = view;
  // The form starts once, from the account being edited or the preset e-mail; from then on it holds what is typed.
  const [start] = useState(() => guardianFormStart(actorRef.getSnapshot()));
  const form = useGuardianForm(start, { creating });
  // Issue 21: a reload keeps the typed fields (never the passwords) until the account exists.
  useEffect(() => rememberGuardianDraft(actorRef.getSnapshot(), form.values), [actorRef, form.values]);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  return (
    <form className="card guardian-account" onSubmit={submit} noValidate aria-busy={view.busy}>
      <StepHeading>{t(view.heading)}</StepHeading>
      {view.logInHref !== null && (
        <Alert>
          {t('register.accountExists')}{' '}
          <ExitLink href={view.logInHref} onFollow={() => actorRef.send({ type: 'LOG_IN' })}>
            {t('register.logInHere')}
          </ExitLink>
        </Alert>
      )}
      {view.alert !== null && <Alert>{typeof view.alert === 'string' ? view.alert : text(view.alert)}</Alert>}
      <GuardianAccountFields form={form} creating={creating} />
      {/* The password rules' errors are announced as they appear; each field also ties its own with aria-describedby. */}
      <p className="visually-hidden" aria-live="polite">
        {creating
          ? [form.visibleError('password'), form.visibleError('confirmPassword')].filter(Boolean).join(' ')
          : ''}
      </p>
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          {t('register.next')}
        </button>
        <BackButton enabled={view.canBack} onBack={() => actorRef.send({ type: 'BACK' })} />
      </div>
    </form>
  );
}

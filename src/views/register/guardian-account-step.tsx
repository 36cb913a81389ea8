import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  ACCOUNT_EXISTS_TEXT,
  guardianAccountView,
  guardianFormStart,
  LOG_IN_HERE_TEXT,
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
      <StepHeading>{view.heading}</StepHeading>
      {view.logInHref !== null && (
        <Alert>
          {ACCOUNT_EXISTS_TEXT}{' '}
          <ExitLink href={view.logInHref} onFollow={() => actorRef.send({ type: 'LOG_IN' })}>
            {LOG_IN_HERE_TEXT}
          </ExitLink>
        </Alert>
      )}
      {view.alert !== null && <Alert>{view.alert}</Alert>}
      <GuardianAccountFields form={form} creating={creating} />
      {/* The password rules' errors are announced as they appear; each field also ties its own with aria-describedby. */}
      <p className="visually-hidden" aria-live="polite">
        {creating
          ? [form.visibleError('password'), form.visibleError('confirmPassword')].filter(Boolean).join(' ')
          : ''}
      </p>
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          Next
        </button>
        <BackButton enabled={view.canBack} onBack={() => actorRef.send({ type: 'BACK' })} />
      </div>
    </form>
  );
}

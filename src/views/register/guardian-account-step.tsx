import { shallowEqual, useSelector } from '@xstate/react';
import { guardianSchema } from '../../domain/forms/guardian';
import { CONFIRM_PASSWORD_HINT, PASSWORD_HINT } from '../../domain/forms/password';
import { maskPhone, PHONE_MASK } from '../../domain/phone';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { NewPasswordFields } from '../common/new-password-fields';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { ExitLink } from '../login/exit-link';
import { type GuardianFormValues, initialGuardianValues } from './guardian-form-values';
import type { RegisterActorRef } from './register-flow';

/** §8 texts of step 1. */
export const ACCOUNT_EXISTS_TEXT = 'That account already exists.';
export const LOG_IN_HERE_TEXT = 'Log in here.';
export const INVALID_ORGANIZATION_TEXT = 'Sorry, this organization is not valid.';
export const INVALID_COUPON_TEXT = 'Sorry, this coupon is not valid.';

/** The address of login step 2 for an existing account, as a real link (the machine's `toLogin` exit). */
function loginHref(license: string | null, email: string): string {
  const query = new URLSearchParams({
    step: '2',
    license: license ?? '',
    is_team_license: 'true',
    preset_email: email,
  });
  return `/login?${query.toString()}`;
}

/**
 * Spec §2 Register step 1: 'Create your Primary Guardian account' (first name, last name, phone, e-mail, password,
 * confirm password), or 'Edit your Account' without the password fields when a user is stored; §8 messages above
 * the form; Enter submits; 'Back' returns to the licence page.
 */
export function GuardianAccountStep({ actorRef }: { actorRef: RegisterActorRef }) {
  const view = useSelector(
    actorRef,
    (snapshot) => ({
      account: snapshot.context.account,
      presetEmail: snapshot.context.presetEmail,
      license: snapshot.context.license,
      submittedEmail: snapshot.context.guardian?.email ?? '',
      error: snapshot.context.error,
      accountExists: snapshot.matches({ guardianAccount: { form: 'accountExists' } }),
      invalidOrganization: snapshot.matches({ guardianAccount: { form: 'invalidOrganization' } }),
      invalidCoupon: snapshot.matches({ guardianAccount: { form: 'invalidCoupon' } }),
      failed: snapshot.matches({ guardianAccount: { form: 'failed' } }),
      busy: snapshot.hasTag('busy'),
      canBack: snapshot.can({ type: 'BACK' }),
    }),
    shallowEqual,
  );
  const creating = view.account === null;
  const form = useForm<GuardianFormValues>(
    initialGuardianValues(view.account, view.presetEmail),
    guardianSchema({ creating }),
  );
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  return (
    <form className="card guardian-account" onSubmit={submit} noValidate aria-busy={view.busy}>
      <StepHeading>{creating ? 'Create your Primary Guardian account' : 'Edit your Account'}</StepHeading>
      {view.accountExists && (
        <Alert>
          {ACCOUNT_EXISTS_TEXT}{' '}
          <ExitLink
            href={loginHref(view.license, view.submittedEmail)}
            onFollow={() => actorRef.send({ type: 'LOG_IN' })}
          >
            {LOG_IN_HERE_TEXT}
          </ExitLink>
        </Alert>
      )}
      {view.invalidOrganization && <Alert>{INVALID_ORGANIZATION_TEXT}</Alert>}
      {view.invalidCoupon && <Alert>{INVALID_COUPON_TEXT}</Alert>}
      {view.failed && <Alert>{view.error}</Alert>}
      <div className="grid grid--2">
        <TextField label="First Name" autoComplete="given-name" aria-required {...form.bind('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" aria-required {...form.bind('lastName')} />
      </div>
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_MASK}
        aria-required
        {...form.bind('phone')}
        onChange={(event) => form.set('phone', maskPhone(event.target.value))}
      />
      <TextField label="Email" type="email" autoComplete="email" aria-required {...form.bind('email')} />
      {creating && (
        <NewPasswordFields
          password={{ ...form.bind('password'), hint: PASSWORD_HINT }}
          confirmation={{ ...form.bind('confirmPassword'), hint: CONFIRM_PASSWORD_HINT }}
        />
      )}
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

import { type GuardianFormValues, guardianSchema } from '../../domain/forms/guardian';
import { PASSWORD_MIN_LENGTH } from '../../domain/forms/password';
import { maskPhone, PHONE_MASK } from '../../domain/phone';
import { useT } from '../../i18n/use-t';
import { TextField } from '../common/field';
import { NewPasswordFields } from '../common/new-password-fields';
import { useForm } from '../common/use-form';

/**
 * The guardian form's state (spec §2 Register step 1, §5 Guardian form) under its one domain schema
 * (src/domain/forms/guardian.ts, the schema the machines guard their submit with): creating an account, or editing
 * the stored one.
 */
export function useGuardianForm(start: GuardianFormValues, { creating }: { creating: boolean }) {
  return useForm<GuardianFormValues>(start, guardianSchema({ creating }));
}

export type GuardianForm = ReturnType<typeof useGuardianForm>;

/**
 * The guardian form's fields: first name, last name, phone (masked 000-000-0000), e-mail, and when creating the
 * account password and confirm password with the server's rules as hints; each field's error is tied to it. The
 * register wizard's step 1 and the invitee's 'Create Account' on /household/join render it.
 */
export function GuardianAccountFields({ form, creating }: { form: GuardianForm; creating: boolean }) {
  const t = useT();
  return (
    <>
      <div className="grid grid--2">
        <TextField
          label={t('register.firstName')}
          autoComplete="given-name"
          aria-required
          {...form.bind('firstName')}
        />
        <TextField label={t('register.lastName')} autoComplete="family-name" aria-required {...form.bind('lastName')} />
      </div>
      <TextField
        label={t('register.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={PHONE_MASK}
        aria-required
        {...form.bind('phone')}
        onChange={(event) => form.set('phone', maskPhone(event.target.value))}
      />
      <TextField label={t('register.email')} type="email" autoComplete="email" aria-required {...form.bind('email')} />
      {creating && (
        <NewPasswordFields
          password={{ ...form.bind('password'), hint: t('common.passwordHint', { min: PASSWORD_MIN_LENGTH }) }}
          confirmation={{ ...form.bind('confirmPassword'), hint: t('common.confirmPasswordHint') }}
        />
      )}
    </>
  );
}

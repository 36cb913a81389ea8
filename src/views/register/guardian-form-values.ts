import type { GuardianFormValues } from '../../domain/forms/guardian';
import { maskPhone } from '../../domain/phone';
import type { GuardianAccount } from '../../machines/register.connect';

export type { GuardianFormValues };

/**
 * Splits a stored name back into the form's two fields. §5 joins the cleaned first and last name with one space, so
 * splitting at the first space gives parts that join back to the same name ('Mary Ann Smith' → 'Mary' + 'Ann Smith').
 */
export function splitName(name: string | null): { firstName: string; lastName: string } {
  const trimmed = (name ?? '').trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** The form's starting values: the account being edited (§2 'Edit your Account'), else the preset e-mail. */
export function initialGuardianValues(account: GuardianAccount | null, presetEmail: string | null): GuardianFormValues {
  if (account === null) {
    return { firstName: '', lastName: '', phone: '', email: presetEmail ?? '', password: '', confirmPassword: '' };
  }
  return {
    ...splitName(account.name),
    phone: maskPhone(account.phone ?? ''),
    email: account.email,
    password: '',
    confirmPassword: '',
  };
}

import type { ComponentProps } from 'react';
import { useT } from '../../i18n/use-t';
import { TextField } from './field';

type BoundField = Omit<ComponentProps<typeof TextField>, 'label'>;

/**
 * 'Password' and 'Confirm Password' side by side, for a new account: the guardian's (spec §2 Register step 1) and an
 * athlete's (§2 Create athlete form). Each takes its form's bound field (`form.bind(...)`).
 */
export function NewPasswordFields({ password, confirmation }: { password: BoundField; confirmation: BoundField }) {
  const t = useT();
  return (
    <div className="grid grid--2">
      <TextField label={t('common.password')} type="password" autoComplete="new-password" aria-required {...password} />
      <TextField
        label={t('common.confirmPassword')}
        type="password"
        autoComplete="new-password"
        aria-required
        {...confirmation}
      />
    </div>
  );
}

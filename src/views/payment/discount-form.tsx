import { type FormEvent, useState } from 'react';
import type { ClientDiscount } from '../../domain/fees';
import { useT } from '../../i18n/use-t';
import type { ShownText } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { shown } from './shown-text';

/**
 * The discount code of step 1 (§5, §8). The machine decides what applying does (empty clears, the same code again
 * does nothing, otherwise a lookup); this form only sends what was typed.
 */
export function DiscountForm({
  discount,
  error,
  busy,
  onApply,
}: {
  discount: ClientDiscount | null;
  error: ShownText | null;
  busy: boolean;
  onApply: (code: string) => void;
}) {
  const t = useT();
  const [code, setCode] = useState(discount?.code ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onApply(code);
  };
  return (
    <form className="discount-form" onSubmit={submit} noValidate>
      <div className="discount-form__row">
        <TextField
          label={t('payment.discountCode')}
          name="discount_code"
          autoComplete="off"
          value={code}
          error={error === null ? undefined : shown(error)}
          onChange={(event) => setCode(event.target.value)}
        />
        {/* Applying looks the code up (busy): a disabled button would drop the focus to <body>, so it stays focusable
            and the form ignores submissions until the answer is back. */}
        <button type="submit" className="button button--secondary" aria-disabled={busy}>
          {t('payment.apply')}
        </button>
      </div>
      {discount !== null && error === null && (
        <Alert tone="success">
          {discount.percentOff === null
            ? t('payment.discountApplied', { code: discount.code })
            : t('payment.discountAppliedPercent', { code: discount.code, percent: discount.percentOff })}
        </Alert>
      )}
    </form>
  );
}

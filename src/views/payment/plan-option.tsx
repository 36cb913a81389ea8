import { useId } from 'react';
import { formatUsd } from '../../domain/money';
import { useT } from '../../i18n/use-t';
import type { PlanView } from '../../machines/payment.connect';
import { AmountRow } from './amount-row';

/**
 * One payment plan as a radio choice (§2 step 1, §9): its name and today's charge are the choice's name; the
 * breakdown, the remaining schedule, months to pay, the additional fee and per-phase processing fees describe it.
 */
export function PlanOption({
  plan,
  checked,
  disabled,
  onSelect,
}: {
  plan: PlanView;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className={checked ? 'plan-option plan-option--checked' : 'plan-option'}>
      <div className="plan-option__choice">
        <input
          id={id}
          type="radio"
          name="payment-plan"
          value={plan.month}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-details`}
          onChange={onSelect}
        />
        <label htmlFor={id}>
          <span className="plan-option__name">{plan.name}</span>{' '}
          <span className="plan-option__today">
            {t('payment.amountDueToday', { amount: formatUsd(plan.chargedToday) })}
          </span>
        </label>
      </div>
      <div id={`${id}-details`} className="plan-option__details">
        <dl className="amounts">
          {plan.todayLines.map((line) => (
            <AmountRow key={line.label} line={line} />
          ))}
          {plan.showsChargedToday && (
            <div className="amounts__row">
              <dt>{t('payment.chargedToday')}</dt>
              <dd>{formatUsd(plan.chargedToday)}</dd>
            </div>
          )}
        </dl>
        {!plan.isPayInFull && (
          <p>
            {t('payment.monthsToPay', { months: plan.monthsToPay })}
            {plan.additionalFee !== null && (
              <> · {t('payment.additionalFee', { amount: formatUsd(plan.additionalFee) })}</>
            )}
          </p>
        )}
        {plan.remainingSchedule.length > 0 && (
          <>
            <p className="plan-option__schedule-title">{t('payment.remainingSchedule')}</p>
            <ul className="plan-option__schedule">
              {plan.remainingSchedule.map((payment, index) => (
                // Dates may repeat in a server's schedule; the position keeps keys unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: a schedule is a fixed, ordered list
                <li key={index}>
                  {t('payment.scheduledPayment', {
                    date: payment.startTimeFormatted,
                    amount: formatUsd(payment.amount),
                  })}
                  {payment.processingFee > 0 && (
                    <> {t('payment.includesProcessingFee', { fee: formatUsd(payment.processingFee) })}</>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="plan-option__total">{t('payment.planTotal', { amount: formatUsd(plan.planTotal) })}</p>
      </div>
    </div>
  );
}

import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { formatUsd } from '../../domain/money';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import { protectionView } from '../../machines/payment.connect';
import { BackButton } from '../common/back-button';
import { StepHeading } from '../common/step-heading';
import type { StepProps } from './types';

/**
 * The optional injury protection page (§2 (b), §4): 'Add' / 'Added' toggles the plan, a one-time payment due
 * today; Next without adding declines it.
 */
export function ProtectionStep({ actorRef }: StepProps) {
  const t = useT();
  const context = useSelector(actorRef, protectionView, shallowEqual);
  const { busy, protection, added, chosenPlanName, chargedToday } = context;
  const id = useId();

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) actorRef.send({ type: 'NEXT' });
  };

  return (
    <form onSubmit={next}>
      <StepHeading>{t('payment.injuryProtectionHeading')}</StepHeading>
      {protection !== null && (
        <section className="card protection">
          <h2>{protection.description}</h2>
          <p>
            {rich(t('payment.oneTimePayment', { amount: formatUsd(protection.amount) }), [<strong key="amount" />])}
          </p>
          <div className="protection__toggle">
            <button
              type="button"
              className={added ? 'button' : 'button button--secondary'}
              aria-describedby={`${id}-state`}
              // Pressing it reloads the plans (busy): a disabled button would drop the focus to <body>, so it stays
              // focusable and ignores presses until the plans are back.
              aria-disabled={busy}
              onClick={() => {
                if (!busy) actorRef.send({ type: 'TOGGLE_PROTECTION' });
              }}
            >
              {added ? t('payment.added') : t('payment.add')}
            </button>
            <p id={`${id}-state`} className="field-hint" aria-live="polite">
              {added ? t('payment.protectionAdded') : t('payment.protectionNotAdded')}
            </p>
          </div>
        </section>
      )}
      {chargedToday !== null && chosenPlanName !== null && (
        <p>
          {rich(t('payment.dueTodayWith', { plan: chosenPlanName, amount: formatUsd(chargedToday) }), [
            <strong key="amount" />,
          ])}
        </p>
      )}
      <div className="button-row">
        <BackButton enabled={!busy} onBack={() => actorRef.send({ type: 'BACK' })} />
        <button type="submit" className="button" disabled={busy}>
          {t('payment.next')}
        </button>
      </div>
    </form>
  );
}

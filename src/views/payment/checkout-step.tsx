import { shallowEqual, useSelector } from '@xstate/react';
import { formatUsd } from '../../domain/money';
import { useT } from '../../i18n/use-t';
import { checkoutView } from '../../machines/payment.connect';
import { AmountRow } from './amount-row';
import { CheckOrCashChoice } from './check-or-cash-choice';
import { PayNowForm } from './pay-now-form';
import type { StepProps } from './types';

/**
 * Step 2 (§2 (c), §4, §5, §8): the chosen plan, billing details, the card, the waiver and Pay Now (PayNowForm). Also
 * rendered while paying, so the card form (and what was typed into it) stays mounted across attempts.
 */
export function CheckoutStep({ actorRef, preview }: StepProps) {
  const t = useT();
  const context = useSelector(actorRef, checkoutView, shallowEqual);
  const { plan: described, waiver } = context;
  const waivers =
    waiver === null
      ? []
      : [
          {
            key: 'waiver',
            waiver,
            waiverEs: context.waiverEs,
            agreed: context.waiverAgreed,
            touched: context.waiverTouched,
            notice: context.waiverNotice,
            onChange: (agreed: boolean) => actorRef.send({ type: 'AGREE_WAIVER', agreed }),
          },
        ];

  return (
    <PayNowForm
      actorRef={actorRef}
      view={context}
      amount={described?.chargedToday ?? 0}
      waivers={waivers}
      preview={preview}
      byCheckOrCash={context.byCheckOrCash}
      choice={
        context.checkOrCashOrganization !== null && (
          <CheckOrCashChoice
            actorRef={actorRef}
            organization={context.checkOrCashOrganization}
            instructions={context.checkOrCashInstructions ?? ''}
            chosen={context.byCheckOrCash}
            disabled={context.busy}
          />
        )
      }
    >
      {described !== null && (
        <section className="card order-summary" aria-label={t('payment.yourPayment')}>
          <h2>{described.name}</h2>
          <dl className="amounts">
            {described.todayLines.map((line) => (
              <AmountRow key={line.label} line={line} />
            ))}
            {described.showsChargedToday && (
              <div className="amounts__row">
                <dt>{t('payment.chargedToday')}</dt>
                <dd>{formatUsd(described.chargedToday)}</dd>
              </div>
            )}
            <div className="amounts__row amounts__row--total">
              <dt>{t('payment.dueToday')}</dt>
              <dd>{formatUsd(described.chargedToday)}</dd>
            </div>
            {described.remainingSchedule.length > 0 && (
              <div className="amounts__row">
                <dt>{t('payment.thenMonthly', { count: described.remainingSchedule.length })}</dt>
                <dd>{formatUsd(described.remainingTotal)}</dd>
              </div>
            )}
          </dl>
          <p className="field-hint">{t('payment.nonRefundable')}</p>
        </section>
      )}
    </PayNowForm>
  );
}

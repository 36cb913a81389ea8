import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useT } from '../../i18n/use-t';
import { paymentOptionsView } from '../../machines/payment.connect';
import { AddAthleteButton } from './add-athlete-button';
import { DiscountForm } from './discount-form';
import { FeeSummary } from './fee-summary';
import { HelpPayingNote, NeedHelpButton } from './help-paying-note';
import { PlanOption } from './plan-option';
import type { StepProps } from './types';

/**
 * Step 1 (§2 Payment page (a), §4, §5): every offered plan, the team's fees, the discount code, Next and Back. Its
 * heading is payment-flow.tsx's (`PaymentOptionsScreen`), the one shown while the plans load.
 */
export function PaymentOptionsStep({ actorRef, preview }: StepProps) {
  const t = useT();
  const context = useSelector(actorRef, paymentOptionsView, shallowEqual);
  const { busy, canGoBack, canGoOn, plans, fees, teamLine } = context;
  // The preview has nowhere to go back to (no register or login in it).
  const showBack = !preview;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (canGoOn) actorRef.send({ type: 'NEXT' });
  };

  return (
    <>
      <p className="step-indicator">{t('payment.step1')}</p>
      {teamLine !== null && <p className="payment-team">{teamLine}</p>}
      {context.assistance !== null && <HelpPayingNote note={context.assistance} />}
      {fees !== null && (
        <FeeSummary
          summary={fees.summary}
          breakdown={fees.breakdown}
          seasonName={fees.seasonName}
          seasonStart={fees.seasonStart}
          discount={context.discount}
          totals={fees.totals}
        />
      )}
      <form id="payment-options" onSubmit={next}>
        <fieldset className="plan-list">
          <legend>{t('payment.choosePlan')}</legend>
          {plans.length === 0 && <p>{t('payment.noPlan')}</p>}
          {plans.map((plan) => (
            <PlanOption
              key={plan.month}
              plan={plan}
              checked={context.selectedPlanMonth === plan.month}
              disabled={busy}
              onSelect={() => actorRef.send({ type: 'SELECT_PLAN', month: plan.month })}
            />
          ))}
        </fieldset>
      </form>
      <DiscountForm
        discount={context.discount}
        error={context.discountError}
        busy={busy}
        onApply={(code) => actorRef.send({ type: 'APPLY_DISCOUNT', code })}
      />
      {context.canAskForHelp && <NeedHelpButton onAsk={() => actorRef.send({ type: 'ASK_ASSISTANCE' })} />}
      {context.canAddAthlete && <AddAthleteButton onAdd={() => actorRef.send({ type: 'ADD_ATHLETE' })} />}
      <div className="button-row">
        {showBack && (
          <button
            type="button"
            className="button button--secondary"
            disabled={!canGoBack}
            onClick={() => actorRef.send({ type: 'BACK' })}
          >
            {t('payment.back')}
          </button>
        )}
        <button type="submit" form="payment-options" className="button" disabled={!canGoOn}>
          {t('payment.next')}
        </button>
      </div>
    </>
  );
}

import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import { formatUsd } from '../../domain/money';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type HouseholdAthleteView,
  type HouseholdCheckoutActorRef,
  householdEditView,
  SIBLING_DISCOUNT,
} from '../../machines/household-checkout.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { StepHeading } from '../common/step-heading';
import { AddAthleteButton } from './add-athlete-button';
import { DiscountForm } from './discount-form';
import { HouseholdAmount } from './household-amount';
import { shown } from './shown-text';

/** One athlete of step 1: name, team and season, 'Remove', the plan choice and the protection choice. */
function HouseholdAthlete({
  athlete,
  busy,
  canRemove,
  actorRef,
}: {
  athlete: HouseholdAthleteView;
  busy: boolean;
  canRemove: boolean;
  actorRef: HouseholdCheckoutActorRef;
}) {
  const t = useT();
  const id = useId();
  const problemId = `${id}-problem`;
  const describedBy = athlete.problem === null ? undefined : problemId;
  return (
    <li className="household-athlete card" aria-labelledby={`${id}-name`} aria-describedby={describedBy}>
      <div className="household-athlete__head">
        <div>
          <h2 id={`${id}-name`} className="household-athlete__name">
            {athlete.name}
          </h2>
          {athlete.teamLine !== null && <p className="household-athlete__team">{athlete.teamLine}</p>}
        </div>
        {canRemove && (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('payment.removeNamed', { name: athlete.name })}
            aria-disabled={busy}
            onClick={() => {
              if (!busy) actorRef.send({ type: 'REMOVE_ATHLETE', athleteId: athlete.id });
            }}
          >
            {t('payment.remove')}
          </button>
        )}
      </div>
      {athlete.problem !== null && (
        <p id={problemId} className="field-error" role="alert">
          {shown(athlete.problem)}
        </p>
      )}
      {athlete.plans.length > 0 && (
        <fieldset className="household-athlete__plans" aria-describedby={describedBy}>
          <legend>{t('payment.planFor', { name: athlete.name })}</legend>
          {athlete.plans.map((plan) => (
            <div key={plan.month} className="household-plan">
              <input
                id={`${id}-plan-${plan.month}`}
                type="radio"
                name={`${id}-plan`}
                checked={athlete.selectedMonth === plan.month}
                disabled={busy}
                onChange={() => actorRef.send({ type: 'SELECT_PLAN', athleteId: athlete.id, month: plan.month })}
              />
              <label htmlFor={`${id}-plan-${plan.month}`}>
                {t('payment.planDueToday', { plan: plan.name, amount: formatUsd(plan.todayCents) })}
                {plan.laterCount > 0 && (
                  <span className="field-hint">
                    {' '}
                    {t('payment.thenPayments', { count: plan.laterCount, amount: formatUsd(plan.laterCents) })}
                  </span>
                )}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {athlete.protection !== null && (
        <div className="checkbox household-athlete__protection">
          <input
            id={`${id}-protection`}
            type="checkbox"
            checked={athlete.protection.added}
            disabled={busy}
            onChange={() => actorRef.send({ type: 'TOGGLE_PROTECTION', athleteId: athlete.id })}
          />
          <label htmlFor={`${id}-protection`}>
            {t('payment.protectionFor', {
              description: athlete.protection.description,
              name: athlete.name,
              amount: formatUsd(athlete.protection.amountCents),
            })}
          </label>
        </div>
      )}
    </li>
  );
}

/**
 * Step 1 of the family checkout (issue 20 point 1): every athlete with 'Remove', their plan and protection, one
 * discount code, 'Add another athlete', the family's totals from the quote, Next and Back.
 */
export function HouseholdAthletesStep({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, householdEditView, shallowEqual);
  const { busy, totals } = view;
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (view.canGoOn) actorRef.send({ type: 'NEXT' });
  };
  return (
    <>
      <StepHeading>{t('payment.paymentOptions')}</StepHeading>
      <p className="step-indicator">{t('payment.step1')}</p>
      {view.notice !== null && <Alert>{shown(view.notice)}</Alert>}
      <form id="household-options" onSubmit={next}>
        <ul className="household-athletes" aria-busy={busy}>
          {view.athletes.map((athlete) => (
            <HouseholdAthlete
              key={athlete.id}
              athlete={athlete}
              busy={busy}
              canRemove={view.canRemove}
              actorRef={actorRef}
            />
          ))}
        </ul>
      </form>
      {view.canAddAthlete && <AddAthleteButton onAdd={() => actorRef.send({ type: 'ADD_ATHLETE' })} />}
      <DiscountForm
        discount={view.discount}
        error={view.codeError}
        busy={busy}
        onApply={(code) => actorRef.send({ type: 'APPLY_DISCOUNT', code })}
      />
      {totals !== null && (
        <dl className="amounts card household-totals" aria-live="polite">
          {totals.siblingDiscountCents > 0 && (
            <div className="amounts__row">
              <dt>{text(SIBLING_DISCOUNT)}</dt>
              <dd>
                <HouseholdAmount cents={-totals.siblingDiscountCents} />
              </dd>
            </div>
          )}
          <div className="amounts__row amounts__row--total">
            <dt>{t('payment.dueToday')}</dt>
            <dd>{formatUsd(totals.todayCents)}</dd>
          </div>
          <div className="amounts__row">
            <dt>{t('payment.laterPayments')}</dt>
            <dd>{formatUsd(totals.laterCents)}</dd>
          </div>
        </dl>
      )}
      <div className="button-row">
        <BackButton enabled={view.canGoBack} onBack={() => actorRef.send({ type: 'BACK' })} />
        <button type="submit" form="household-options" className="button" disabled={!view.canGoOn}>
          {t('payment.next')}
        </button>
      </div>
    </>
  );
}

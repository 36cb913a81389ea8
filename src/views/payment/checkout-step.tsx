import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useRef, useState } from 'react';
import { type BillingForm, initialBillingForm, paymentBillingSchema } from '../../domain/forms/payment-billing';
import { formatUsd } from '../../domain/money';
import { PAYMENT_SUCCEEDED, PAYMENTS_UNAVAILABLE } from '../../domain/payment-rules';
import type { CardFormHandle } from '../../machines/payment.connect';
import { checkoutView } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { AmountRow } from './amount-row';
import { BILLING_LABELS } from './billing-details';
import type { StepProps } from './types';
import { WaiverSection } from './waiver-section';

const BILLING_FIELDS: { name: keyof BillingForm; autoComplete: string; type?: string }[] = [
  { name: 'name', autoComplete: 'cc-name' },
  { name: 'email', autoComplete: 'email', type: 'email' },
  { name: 'line1', autoComplete: 'address-line1' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country' },
];

/** The billing form's field errors: the schema the machine guards Pay Now with. */

/**
 * Step 2 (§2 (c), §4, §5, §8): the chosen plan, billing details, the card, the waiver and Pay Now. Also rendered
 * while paying, so the card form (and what was typed into it) stays mounted across attempts.
 */
export function CheckoutStep({ actorRef, preview }: StepProps) {
  const context = useSelector(actorRef, checkoutView, shallowEqual);
  const { busy, free: full, plan: described } = context;

  const [card, setCard] = useState<CardFormHandle | null>(null);
  const billing = useForm(initialBillingForm(context.user), paymentBillingSchema);
  const formRef = useRef<HTMLFormElement>(null);

  const payEvent = {
    type: 'PAY' as const,
    billing: full ? null : billing.values,
    card: full ? null : card,
  };
  const canPay = useSelector(actorRef, (snapshot) => !busy && snapshot.can(payEvent));
  const cardPayments = context.cardPayments;

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!canPay) return;
    // The machine refuses billing details its schema rejects; the form shows every error and focuses the first.
    actorRef.send(payEvent);
    if (!full && !billing.attemptSubmit()) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  };

  return (
    <form ref={formRef} onSubmit={pay} noValidate>
      <StepHeading>Checkout</StepHeading>
      <p className="step-indicator">Step 2 of 2</p>

      {described !== null && (
        <section className="card order-summary" aria-label="Your payment">
          <h2>{described.name}</h2>
          <dl className="amounts">
            {described.todayLines.map((line) => (
              <AmountRow key={line.label} line={line} />
            ))}
            {described.showsChargedToday && (
              <div className="amounts__row">
                <dt>Charged today</dt>
                <dd>{formatUsd(described.chargedToday)}</dd>
              </div>
            )}
            <div className="amounts__row amounts__row--total">
              <dt>Due today</dt>
              <dd>{formatUsd(described.chargedToday)}</dd>
            </div>
            {described.remainingSchedule.length > 0 && (
              <div className="amounts__row">
                <dt>
                  Then {described.remainingSchedule.length} monthly payment
                  {described.remainingSchedule.length === 1 ? '' : 's'}
                </dt>
                <dd>{formatUsd(described.remainingTotal)}</dd>
              </div>
            )}
          </dl>
          <p className="field-hint">The deposit and the app fee are non-refundable.</p>
        </section>
      )}

      {full ? (
        <Alert tone="info">Your discount covers the full amount: nothing is charged and no card is needed.</Alert>
      ) : (
        <>
          <fieldset className="billing">
            <legend>Billing details</legend>
            <div className="grid grid--2">
              {BILLING_FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  label={BILLING_LABELS[field.name]}
                  autoComplete={field.autoComplete}
                  type={field.type ?? 'text'}
                  disabled={busy}
                  {...billing.bind(field.name)}
                />
              ))}
            </div>
          </fieldset>
          {preview ? (
            <p className="card-placeholder">
              The customer enters their card here. Payments are turned off in the preview.
            </p>
          ) : context.cardsUnavailable ? (
            <div>
              <Alert>{PAYMENTS_UNAVAILABLE}</Alert>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => actorRef.send({ type: 'RETRY' })}
              >
                Try again
              </button>
            </div>
          ) : cardPayments !== null ? (
            cardPayments.renderCardForm({ amount: described?.chargedToday ?? 0, onHandle: setCard, disabled: busy })
          ) : (
            <p role="status" className="card-placeholder">
              Loading the secure card form…
            </p>
          )}
        </>
      )}

      {context.waiver !== null && (
        <WaiverSection
          waiver={context.waiver}
          agreed={context.waiverAgreed}
          touched={context.waiverTouched}
          disabled={busy}
          onChange={(agreed) => actorRef.send({ type: 'AGREE_WAIVER', agreed })}
        />
      )}

      {context.message !== null && (
        <Alert tone={context.message === PAYMENT_SUCCEEDED ? 'success' : 'error'}>{context.message}</Alert>
      )}
      {context.error !== null && <Alert>{context.error}</Alert>}

      <div className="button-row">
        <BackButton enabled={!busy} onBack={() => actorRef.send({ type: 'BACK' })} />
        <button type="submit" className="button" disabled={!canPay}>
          Pay Now
        </button>
      </div>
      {preview && (
        <p className="field-hint">Pay Now is shown as the customer sees it; the preview cannot take payments.</p>
      )}
    </form>
  );
}

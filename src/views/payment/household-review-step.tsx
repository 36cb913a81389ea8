import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useRef, useState } from 'react';
import { type BillingForm, initialBillingForm, paymentBillingSchema } from '../../domain/forms/payment-billing';
import { PAYMENTS_UNAVAILABLE } from '../../domain/payment-rules';
import { type HouseholdCheckoutActorRef, householdReviewView } from '../../machines/household-checkout.connect';
import type { CardFormHandle } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { BILLING_LABELS } from './billing-details';
import { HouseholdSummary } from './household-summary';
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

/**
 * Step 2 of the family checkout (issue 20 point 1): one fee summary, one waiver per organization, billing details,
 * one card form and one 'Pay Now'. Rendered while paying too, so the card form stays mounted across attempts.
 */
export function HouseholdReviewStep({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const view = useSelector(actorRef, householdReviewView, shallowEqual);
  const { busy, free } = view;
  const [card, setCard] = useState<CardFormHandle | null>(null);
  const billing = useForm(initialBillingForm(view.user), paymentBillingSchema);
  const formRef = useRef<HTMLFormElement>(null);

  const payEvent = { type: 'PAY' as const, billing: free ? null : billing.values, card: free ? null : card };
  const canPay = useSelector(actorRef, (snapshot) => !busy && snapshot.can(payEvent));

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!canPay) return;
    actorRef.send(payEvent);
    if (!free && !billing.attemptSubmit()) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  };

  return (
    <form ref={formRef} onSubmit={pay} noValidate>
      <StepHeading>Checkout</StepHeading>
      <p className="step-indicator">Step 2 of 2</p>
      <HouseholdSummary athletes={view.athletes} totals={view.totals} />

      {free ? (
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
          {view.cardsUnavailable ? (
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
          ) : view.cardPayments !== null ? (
            view.cardPayments.renderCardForm({
              amount: view.totals?.todayCents ?? 0,
              onHandle: setCard,
              disabled: busy,
            })
          ) : (
            <p role="status" className="card-placeholder">
              Loading the secure card form…
            </p>
          )}
        </>
      )}

      {view.waivers.map((waiver) => (
        <WaiverSection
          key={waiver.organizationId}
          title={`${waiver.organizationName} waiver`}
          waiver={waiver.waiver}
          agreed={waiver.agreed}
          touched={waiver.touched}
          disabled={busy}
          onChange={(agreed) => actorRef.send({ type: 'AGREE_WAIVER', organizationId: waiver.organizationId, agreed })}
        />
      ))}

      {view.message !== null && <Alert tone="error">{view.message}</Alert>}
      {view.error !== null && <Alert>{view.error}</Alert>}

      <div className="button-row">
        <BackButton enabled={!busy} onBack={() => actorRef.send({ type: 'BACK' })} />
        <button type="submit" className="button" disabled={!canPay}>
          Pay Now
        </button>
      </div>
    </form>
  );
}

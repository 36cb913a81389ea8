import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { type BillingForm, initialBillingForm, paymentBillingSchema } from '../../domain/forms/payment-billing';
import { useT } from '../../i18n/use-t';
import type { HouseholdCheckoutActorRef, householdReviewView } from '../../machines/household-checkout.connect';
import type { CardFormHandle, checkoutView, PaymentActorRef } from '../../machines/payment.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { BILLING_LABELS } from './billing-details';
import { shown } from './shown-text';
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

/** What both checkouts' connect modules derive for Pay Now (checkoutView, householdReviewView: same names). */
type PayFields = 'busy' | 'free' | 'user' | 'cardPayments' | 'cardsUnavailable' | 'message' | 'error';
export type PayNowView = Pick<ReturnType<typeof checkoutView>, PayFields> &
  Pick<ReturnType<typeof householdReviewView>, PayFields>;

/** One waiver to agree to: the team's (one athlete), or each organization's in a family checkout. */
export interface PayNowWaiver {
  readonly key: string | number;
  /** The organization whose waiver this is (a family checkout); the heading is then '<organization> waiver'. */
  readonly organization?: string;
  readonly waiver: string;
  /** Issue 31 point 4: its Spanish text, shown instead on Spanish pages; null or absent: none. */
  readonly waiverEs?: string | null | undefined;
  readonly agreed: boolean;
  readonly touched: boolean;
  /** Issue 32 point 3: the server's 'The waiver has changed…' after a refused Pay Now; null or absent: none. */
  readonly notice?: string | null;
  readonly onChange: (agreed: boolean) => void;
}

/**
 * Step 2 of a checkout (§2 (c), §4, §5, §8; issue 20 point 1 for the family): the summary it is given, then billing
 * details and the card (or, with a full discount, that nothing is charged), the waivers, the card and checkout
 * messages, 'Back' and 'Pay Now'. Shared by the one-athlete checkout and the family checkout, which send the same
 * PAY, RETRY and BACK. Rendered while paying too, so the card form (and what was typed into it) stays mounted across
 * attempts.
 */
export function PayNowForm({
  actorRef,
  view,
  amount,
  waivers,
  preview = false,
  byCheckOrCash = false,
  choice = null,
  children,
}: {
  actorRef: PaymentActorRef | HouseholdCheckoutActorRef;
  view: PayNowView;
  /** Today's charge in cents, for the card form. */
  amount: number;
  waivers: readonly PayNowWaiver[];
  /** The staff draft preview (/draft): no card form, and Pay Now says it cannot take payments. */
  preview?: boolean;
  /** Issue 34 point 4: 'Pay by check or cash' is chosen: no billing details, no card, 'Complete registration'. */
  byCheckOrCash?: boolean;
  /** Issue 34 point 4: the choice between the card and check or cash, under the summary (where the club takes it). */
  choice?: ReactNode;
  /** The order summary above the billing details. */
  children: ReactNode;
}) {
  const t = useT();
  const { busy, free } = view;
  const [card, setCard] = useState<CardFormHandle | null>(null);
  const billing = useForm(initialBillingForm(view.user), paymentBillingSchema);
  const formRef = useRef<HTMLFormElement>(null);

  const noCard = free || byCheckOrCash;
  const payEvent = { type: 'PAY' as const, billing: noCard ? null : billing.values, card: noCard ? null : card };
  const canPay = useSelector(actorRef, (snapshot) => !busy && snapshot.can(payEvent));

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!canPay) return;
    // The machine refuses billing details its schema rejects; the form shows every error and focuses the first.
    actorRef.send(payEvent);
    if (!noCard && !billing.attemptSubmit()) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  };

  return (
    <form ref={formRef} onSubmit={pay} noValidate>
      <StepHeading>{t('payment.checkout')}</StepHeading>
      <p className="step-indicator">{t('payment.step2')}</p>
      {children}
      {choice}

      {free ? (
        <Alert tone="info">{t('payment.freeCheckout')}</Alert>
      ) : byCheckOrCash ? null : (
        <>
          <fieldset className="billing">
            <legend>{t('payment.billingDetails')}</legend>
            <div className="grid grid--2">
              {BILLING_FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  label={t(BILLING_LABELS[field.name])}
                  autoComplete={field.autoComplete}
                  type={field.type ?? 'text'}
                  disabled={busy}
                  {...billing.bind(field.name)}
                />
              ))}
            </div>
          </fieldset>
          {preview ? (
            <p className="card-placeholder">{t('payment.previewCard')}</p>
          ) : view.cardsUnavailable ? (
            <div>
              <Alert>{t('payment.paymentsUnavailable')}</Alert>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => actorRef.send({ type: 'RETRY' })}
              >
                {t('payment.tryAgain')}
              </button>
            </div>
          ) : view.cardPayments !== null ? (
            view.cardPayments.renderCardForm({ amount, onHandle: setCard, disabled: busy })
          ) : (
            <p role="status" className="card-placeholder">
              {t('payment.loadingCardForm')}
            </p>
          )}
        </>
      )}

      {waivers.map(({ key, ...waiver }) => (
        <WaiverSection key={key} {...waiver} disabled={busy} />
      ))}

      {view.message !== null && (
        // A paid payment goes on to the claimed page's confirmation: what stays here is a card or provider message.
        <Alert tone="error">{shown(view.message)}</Alert>
      )}
      {view.error !== null && <Alert>{shown(view.error)}</Alert>}

      <div className="button-row">
        <BackButton enabled={!busy} onBack={() => actorRef.send({ type: 'BACK' })} />
        <button type="submit" className="button" disabled={!canPay}>
          {byCheckOrCash ? t('helpPaying.completeRegistration') : t('payment.payNow')}
        </button>
      </div>
      {preview && <p className="field-hint">{t('payment.previewPayNow')}</p>}
    </form>
  );
}

import './payments.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { PAYMENT_SUCCEEDED } from '../../domain/payment-rules';
import {
  type SetupFormHandle,
  type UpdateCardActorRef,
  type UpdateCardScreen,
  updateCardScreenOf,
} from '../../machines/update-card.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import {
  BACK_TO_PAYMENTS,
  CARD_FORM_UNAVAILABLE,
  CONFIRMING_PAYMENT_TEXT,
  cardSavedText,
  chargedText,
  LOADING_CARD_FORM_TEXT,
  MISSING_MEMBERSHIP_TEXT,
  NOTHING_DUE_TEXT,
  SAVE_CARD_LABEL,
  SAVING_CARD_TEXT,
  TRY_ANOTHER_CARD_LABEL,
  UPDATE_CARD_HEADING,
  UPDATE_CARD_INTRO,
} from './payment-texts';

function BackToPayments() {
  return (
    <p>
      <Link to="/payments">{BACK_TO_PAYMENTS}</Link>
    </p>
  );
}

/** The card form and 'Save card': the adapter's own form, whose handle travels with SUBMIT. */
function CardForm({ actorRef, screen }: { actorRef: UpdateCardActorRef; screen: UpdateCardScreen }) {
  const [card, setCard] = useState<SetupFormHandle | null>(null);
  const canSave = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'SUBMIT', card }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'SUBMIT', card });
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <p>{UPDATE_CARD_INTRO}</p>
      {screen.rejected && screen.message !== null && <Alert>{screen.message}</Alert>}
      {screen.cardPayments?.renderSetupForm({ onHandle: setCard, disabled: screen.formBusy })}
      {screen.formBusy && <p role="status">{SAVING_CARD_TEXT}</p>}
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSave}>
          {SAVE_CARD_LABEL}
        </button>
      </div>
    </form>
  );
}

/** /payments/update-card (issue 15 point 5), rendered from the update-card machine's state. */
export function UpdateCardFlow({ actorRef }: { actorRef: UpdateCardActorRef }) {
  const screen = useSelector(actorRef, updateCardScreenOf, shallowEqual);
  const retry = () => actorRef.send({ type: 'RETRY' });
  const result = screen.result;
  return (
    <Page>
      <div className="payments">
        <StepHeading>{UPDATE_CARD_HEADING}</StepHeading>
        {screen.noMembership && <Alert>{MISSING_MEMBERSHIP_TEXT}</Alert>}
        {screen.loadingCard && <p role="status">{LOADING_CARD_FORM_TEXT}</p>}
        {screen.unavailable && <RetryAlert onRetry={retry}>{CARD_FORM_UNAVAILABLE}</RetryAlert>}
        {screen.showsForm && <CardForm actorRef={actorRef} screen={screen} />}
        {screen.confirming && <p role="status">{CONFIRMING_PAYMENT_TEXT}</p>}
        {screen.paid && result !== null && (
          <Alert tone="success">
            <p>
              <strong>{PAYMENT_SUCCEEDED}</strong>
            </p>
            <p>{chargedText(result.amount_cents, result.card)}</p>
          </Alert>
        )}
        {screen.nothingDue && result !== null && (
          <Alert tone="success">
            <p>{cardSavedText(result.card)}</p>
            <p>{NOTHING_DUE_TEXT}</p>
          </Alert>
        )}
        {screen.failed && (
          <>
            <Alert>{screen.message}</Alert>
            <div className="button-row">
              <button type="button" className="button" onClick={retry}>
                {TRY_ANOTHER_CARD_LABEL}
              </button>
            </div>
          </>
        )}
        <BackToPayments />
      </div>
    </Page>
  );
}

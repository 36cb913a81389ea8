import './payments.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type SetupFormHandle,
  type UpdateCardActorRef,
  type UpdateCardMessage,
  type UpdateCardScreen,
  updateCardScreenOf,
} from '../../machines/update-card.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { cardSavedText, chargedText } from './payment-texts';

/** A catalogue message in the language in use, or the provider's or server's text as it came. */
function shown(message: UpdateCardMessage | null): string | null {
  return message === null || typeof message === 'string' ? message : text(message);
}

function BackToPayments() {
  const t = useT();
  return (
    <p>
      <Link to="/payments">{t('payments.backToPayments')}</Link>
    </p>
  );
}

/** The card form and 'Save card': the adapter's own form, whose handle travels with SUBMIT. */
function CardForm({ actorRef, screen }: { actorRef: UpdateCardActorRef; screen: UpdateCardScreen }) {
  const t = useT();
  const [card, setCard] = useState<SetupFormHandle | null>(null);
  const canSave = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'SUBMIT', card }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'SUBMIT', card });
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <p>{t('payments.updateCardIntro')}</p>
      {screen.rejected && screen.message !== null && <Alert>{shown(screen.message)}</Alert>}
      {screen.cardPayments?.renderSetupForm({ onHandle: setCard, disabled: screen.formBusy })}
      {screen.formBusy && <p role="status">{t('payments.savingCard')}</p>}
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSave}>
          {t('payments.saveCard')}
        </button>
      </div>
    </form>
  );
}

/** /payments/update-card (issue 15 point 5), rendered from the update-card machine's state. */
export function UpdateCardFlow({ actorRef }: { actorRef: UpdateCardActorRef }) {
  const t = useT();
  const screen = useSelector(actorRef, updateCardScreenOf, shallowEqual);
  const retry = () => actorRef.send({ type: 'RETRY' });
  const result = screen.result;
  return (
    <Page>
      <div className="payments">
        <StepHeading>{t('payments.updateCard')}</StepHeading>
        {screen.noMembership && <Alert>{t('payments.missingMembership')}</Alert>}
        {screen.loadingCard && <p role="status">{t('payments.loadingCardForm')}</p>}
        {screen.unavailable && <RetryAlert onRetry={retry}>{t('payments.cardFormUnavailable')}</RetryAlert>}
        {screen.showsForm && <CardForm actorRef={actorRef} screen={screen} />}
        {screen.confirming && <p role="status">{t('payments.confirmingPayment')}</p>}
        {screen.paid && result !== null && (
          <Alert tone="success">
            <p>
              <strong>{t('payments.paymentSucceeded')}</strong>
            </p>
            <p>{chargedText(result.amount_cents, result.card)}</p>
          </Alert>
        )}
        {screen.nothingDue && result !== null && (
          <Alert tone="success">
            <p>{cardSavedText(result.card)}</p>
            <p>{t('payments.nothingDue')}</p>
          </Alert>
        )}
        {screen.failed && (
          <>
            <Alert>{shown(screen.message)}</Alert>
            <div className="button-row">
              <button type="button" className="button" onClick={retry}>
                {t('payments.tryAnotherCard')}
              </button>
            </div>
          </>
        )}
        <BackToPayments />
      </div>
    </Page>
  );
}

import { useT } from '../../i18n/use-t';
import type { HouseholdCheckoutActorRef } from '../../machines/household-checkout.connect';
import type { PaymentActorRef } from '../../machines/payment.connect';

/**
 * Issue 34 point 4: step 2's 'How will you pay?' where the club accepts check or cash: 'Pay by card' or 'Pay by check
 * or cash', and with the latter the club's instructions (as the owner wrote them). The choice is the flow's
 * (CHOOSE_PAYMENT_METHOD); the view shows what payment.connect.ts (or, for the family checkout,
 * household-checkout.connect.ts) derives.
 */
export function CheckOrCashChoice({
  actorRef,
  organization,
  instructions,
  chosen,
  disabled,
}: {
  actorRef: PaymentActorRef | HouseholdCheckoutActorRef;
  organization: string;
  instructions: string;
  chosen: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const choose = (method: 'card' | 'check_or_cash') => actorRef.send({ type: 'CHOOSE_PAYMENT_METHOD', method });
  return (
    <fieldset className="payment-method">
      <legend>{t('helpPaying.paymentMethod')}</legend>
      <label className="payment-method__choice">
        <input
          type="radio"
          name="payment_method"
          value="card"
          checked={!chosen}
          disabled={disabled}
          onChange={() => choose('card')}
        />{' '}
        {t('helpPaying.payByCard')}
      </label>
      <label className="payment-method__choice">
        <input
          type="radio"
          name="payment_method"
          value="check_or_cash"
          checked={chosen}
          disabled={disabled}
          aria-describedby={chosen ? 'check-or-cash-instructions' : undefined}
          onChange={() => choose('check_or_cash')}
        />{' '}
        {t('helpPaying.payByCheckOrCash')}
      </label>
      {chosen && (
        <section id="check-or-cash-instructions" className="card payment-method__instructions">
          <h2>{t('helpPaying.instructions', { organization })}</h2>
          <p>{instructions}</p>
        </section>
      )}
    </fieldset>
  );
}

import { formatDisplayDate } from '../../domain/dates';
import { SIBLING_DISCOUNT_TEXT } from '../../domain/household';
import { formatUsd } from '../../domain/money';
import {
  NOTHING_MORE_DUE,
  PAYMENT_CONFIRMED,
  PAYMENT_REFUNDED,
  PAYMENT_SUCCEEDED,
  receiptSentText,
} from '../../domain/payment-rules';
import type { PaymentConfirmation as Confirmation, HouseholdReceipt, Receipt } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import '../payment/amounts.css';
import { cardText } from '../payments/payment-texts';

function RemainingSchedule({ remaining }: { remaining: Receipt['remaining'] }) {
  if (remaining.length === 0) return <p>{NOTHING_MORE_DUE}</p>;
  return (
    <table className="confirmation__schedule">
      <caption>Remaining payments</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {remaining.map((payment, index) => (
          // Two instalments may share a date and an amount; their order is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the schedule is fixed for the life of this screen.
          <tr key={index}>
            <td>{formatDisplayDate(payment.due_date)}</td>
            <td>{formatUsd(payment.amount_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The confirmation of the payment just made (issue 15), at the top of the claimed page's success screen (issue 19.1):
 * amount paid today, team and season, plan, card, the remaining schedule and where the receipt went, or that a second
 * payment was refunded. After a 3-D Secure return it also gives §8's 'Payment succeeded!'. Its heading is the page's
 * first heading and takes the focus.
 */
export function PaymentConfirmation({ confirmation }: { confirmation: Confirmation }) {
  const { receipt, refunded, afterReturn } = confirmation;
  const household = confirmation.household ?? null;
  return (
    <section className="confirmation">
      <StepHeading>{PAYMENT_CONFIRMED}</StepHeading>
      {refunded && <Alert tone="info">{PAYMENT_REFUNDED}</Alert>}
      {afterReturn && !refunded && <Alert tone="success">{PAYMENT_SUCCEEDED}</Alert>}
      {receipt !== null && <ReceiptDetails receipt={receipt} />}
      {household !== null && <HouseholdReceiptDetails receipt={household} />}
    </section>
  );
}

/** A discount as the receipt lists it: its amount with a minus sign. */
function minus(cents: number): string {
  return `−${formatUsd(cents)}`;
}

/**
 * Issue 20: the family checkout's confirmation: what was paid today, every athlete's lines (team and season, plan,
 * dues, discounts with the 'Sibling discount', protection, app fee, paid today), the household's 'Sibling discount',
 * the card, the remaining schedule and where the one receipt went.
 */
function HouseholdReceiptDetails({ receipt }: { receipt: HouseholdReceipt }) {
  const receiptSent = receiptSentText(receipt.email);
  return (
    <>
      <dl className="amounts card">
        <div className="amounts__row amounts__row--total">
          <dt>Paid today</dt>
          <dd>{formatUsd(receipt.amount_cents)}</dd>
        </div>
        {receipt.sibling_discount_cents > 0 && (
          <div className="amounts__row">
            <dt>{SIBLING_DISCOUNT_TEXT}</dt>
            <dd>{minus(receipt.sibling_discount_cents)}</dd>
          </div>
        )}
        {receipt.card !== null && (
          <div className="amounts__row">
            <dt>Card</dt>
            <dd>{cardText(receipt.card)}</dd>
          </div>
        )}
      </dl>
      {receipt.athletes.map((athlete) => (
        <section key={athlete.membership_id} className="card confirmation__athlete" aria-label={athlete.name}>
          <h2>{athlete.name}</h2>
          <dl className="amounts">
            <div className="amounts__row">
              <dt>Team</dt>
              <dd>{[athlete.team_name, athlete.season_name].filter((part) => part !== null).join(' · ')}</dd>
            </div>
            <div className="amounts__row">
              <dt>Plan</dt>
              <dd>{athlete.plan_name}</dd>
            </div>
            <div className="amounts__row">
              <dt>Dues</dt>
              <dd>{formatUsd(athlete.dues_cents)}</dd>
            </div>
            {athlete.code_discount_cents > 0 && (
              <div className="amounts__row">
                <dt>Discount</dt>
                <dd>{minus(athlete.code_discount_cents)}</dd>
              </div>
            )}
            {athlete.sibling_discount_cents > 0 && (
              <div className="amounts__row">
                <dt>{SIBLING_DISCOUNT_TEXT}</dt>
                <dd>{minus(athlete.sibling_discount_cents)}</dd>
              </div>
            )}
            {athlete.protection_cents > 0 && (
              <div className="amounts__row">
                <dt>Injury protection</dt>
                <dd>{formatUsd(athlete.protection_cents)}</dd>
              </div>
            )}
            <div className="amounts__row">
              <dt>App fee</dt>
              <dd>{formatUsd(athlete.app_fee_cents)}</dd>
            </div>
            <div className="amounts__row amounts__row--total">
              <dt>Paid today</dt>
              <dd>{formatUsd(athlete.amount_cents)}</dd>
            </div>
          </dl>
        </section>
      ))}
      <RemainingSchedule remaining={receipt.remaining} />
      {receiptSent !== null && <p className="confirmation__receipt">{receiptSent}</p>}
    </>
  );
}

/** What the payment confirmed: amount today, team and season, plan, card, the remaining schedule, the receipt. */
function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const receiptSent = receiptSentText(receipt.email);
  return (
    <>
      <dl className="amounts card">
        <div className="amounts__row amounts__row--total">
          <dt>Paid today</dt>
          <dd>{formatUsd(receipt.amount_cents)}</dd>
        </div>
        <div className="amounts__row">
          <dt>Team</dt>
          <dd>{receipt.team_name}</dd>
        </div>
        {receipt.season_name !== null && (
          <div className="amounts__row">
            <dt>Season</dt>
            <dd>{receipt.season_name}</dd>
          </div>
        )}
        <div className="amounts__row">
          <dt>Plan</dt>
          <dd>{receipt.plan_name}</dd>
        </div>
        {receipt.sibling_discount_cents > 0 && (
          <div className="amounts__row">
            <dt>{SIBLING_DISCOUNT_TEXT}</dt>
            <dd>{minus(receipt.sibling_discount_cents)}</dd>
          </div>
        )}
        {receipt.card !== null && (
          <div className="amounts__row">
            <dt>Card</dt>
            <dd>{cardText(receipt.card)}</dd>
          </div>
        )}
      </dl>
      <RemainingSchedule remaining={receipt.remaining} />
      {receiptSent !== null && <p className="confirmation__receipt">{receiptSent}</p>}
    </>
  );
}

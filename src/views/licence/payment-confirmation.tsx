import type { ReactNode } from 'react';
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

/** One line of a receipt's amounts; the total ('Paid today') is set apart. */
function Row({ term, total = false, children }: { term: string; total?: boolean; children: ReactNode }) {
  return (
    <div className={total ? 'amounts__row amounts__row--total' : 'amounts__row'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What a one-athlete receipt and a family receipt both have (the same names in both). */
type ReceiptTotals = Pick<Receipt, 'amount_cents' | 'sibling_discount_cents' | 'card' | 'remaining' | 'email'> &
  Pick<HouseholdReceipt, 'amount_cents' | 'sibling_discount_cents' | 'card' | 'remaining' | 'email'>;

/**
 * The amounts block of a confirmation, for one athlete or the family: paid today, the lines it is given (team,
 * season and plan of one athlete), the 'Sibling discount', the card; then what follows it (the family's athletes),
 * the remaining schedule and where the receipt went.
 */
function ReceiptAmounts({
  receipt,
  lines = null,
  children = null,
}: {
  receipt: ReceiptTotals;
  lines?: ReactNode;
  children?: ReactNode;
}) {
  const receiptSent = receiptSentText(receipt.email);
  return (
    <>
      <dl className="amounts card">
        <Row term="Paid today" total>
          {formatUsd(receipt.amount_cents)}
        </Row>
        {lines}
        {receipt.sibling_discount_cents > 0 && (
          <Row term={SIBLING_DISCOUNT_TEXT}>{minus(receipt.sibling_discount_cents)}</Row>
        )}
        {receipt.card !== null && <Row term="Card">{cardText(receipt.card)}</Row>}
      </dl>
      {children}
      <RemainingSchedule remaining={receipt.remaining} />
      {receiptSent !== null && <p className="confirmation__receipt">{receiptSent}</p>}
    </>
  );
}

/**
 * Issue 20: the family checkout's confirmation: what was paid today, every athlete's lines (team and season, plan,
 * dues, discounts with the 'Sibling discount', protection, app fee, paid today), the household's 'Sibling discount',
 * the card, the remaining schedule and where the one receipt went.
 */
function HouseholdReceiptDetails({ receipt }: { receipt: HouseholdReceipt }) {
  return (
    <ReceiptAmounts receipt={receipt}>
      {receipt.athletes.map((athlete) => (
        <section key={athlete.membership_id} className="card confirmation__athlete" aria-label={athlete.name}>
          <h2>{athlete.name}</h2>
          <dl className="amounts">
            <Row term="Team">
              {[athlete.team_name, athlete.season_name].filter((part) => part !== null).join(' · ')}
            </Row>
            <Row term="Plan">{athlete.plan_name}</Row>
            <Row term="Dues">{formatUsd(athlete.dues_cents)}</Row>
            {athlete.code_discount_cents > 0 && <Row term="Discount">{minus(athlete.code_discount_cents)}</Row>}
            {athlete.sibling_discount_cents > 0 && (
              <Row term={SIBLING_DISCOUNT_TEXT}>{minus(athlete.sibling_discount_cents)}</Row>
            )}
            {athlete.protection_cents > 0 && <Row term="Injury protection">{formatUsd(athlete.protection_cents)}</Row>}
            <Row term="App fee">{formatUsd(athlete.app_fee_cents)}</Row>
            <Row term="Paid today" total>
              {formatUsd(athlete.amount_cents)}
            </Row>
          </dl>
        </section>
      ))}
    </ReceiptAmounts>
  );
}

/** What the payment confirmed: amount today, team and season, plan, card, the remaining schedule, the receipt. */
function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  return (
    <ReceiptAmounts
      receipt={receipt}
      lines={
        <>
          <Row term="Team">{receipt.team_name}</Row>
          {receipt.season_name !== null && <Row term="Season">{receipt.season_name}</Row>}
          <Row term="Plan">{receipt.plan_name}</Row>
        </>
      }
    />
  );
}

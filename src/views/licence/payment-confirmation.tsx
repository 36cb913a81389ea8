import type { ReactNode } from 'react';
import { formatDisplayDate } from '../../domain/dates';
import { formatUsd } from '../../domain/money';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import type { PaymentConfirmation as Confirmation, HouseholdReceipt, Receipt } from '../../machines/licence.connect';
import { Alert } from '../common/alert';
import { StepHeading } from '../common/step-heading';
import '../payment/amounts.css';

function RemainingSchedule({ remaining }: { remaining: Receipt['remaining'] }) {
  const t = useT();
  if (remaining.length === 0) return <p>{t('licence.nothingMoreDue')}</p>;
  return (
    <table className="confirmation__schedule">
      <caption>{t('licence.remainingPayments')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('licence.date')}</th>
          <th scope="col">{t('licence.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {remaining.map((payment, index) => (
          // Two instalments may share a date and an amount; their order is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the schedule is fixed for the life of this screen.
          <tr key={index}>
            <td>{formatDisplayDate(payment.due_date, 'short', intlLocale())}</td>
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
  const t = useT();
  const { receipt, refunded, afterReturn } = confirmation;
  const household = confirmation.household ?? null;
  const awaiting = confirmation.awaiting ?? null;
  const householdAwaiting = confirmation.householdAwaiting ?? null;
  return (
    <section className="confirmation">
      <StepHeading>
        {awaiting === null && householdAwaiting === null
          ? t('licence.paymentConfirmed')
          : t('helpPaying.registrationAwaiting')}
      </StepHeading>
      {awaiting !== null && (
        <AwaitingDetails awaiting={awaiting}>
          <Row term={t('licence.plan')}>{awaiting.plan_name}</Row>
        </AwaitingDetails>
      )}
      {householdAwaiting !== null && (
        <AwaitingDetails
          awaiting={householdAwaiting}
          athletes={householdAwaiting.athletes.map((athlete) => (
            <section key={athlete.membership_id} className="card confirmation__athlete" aria-label={athlete.name}>
              <h2>{athlete.name}</h2>
              <dl className="amounts">
                <Row term={t('licence.team')}>{`${athlete.team_name} · ${athlete.season_name}`}</Row>
                <Row term={t('licence.plan')}>{athlete.plan_name}</Row>
                <Row term={t('helpPaying.awaitingPayment')} total>
                  {formatUsd(athlete.amount_due_cents)}
                </Row>
              </dl>
            </section>
          ))}
        />
      )}
      {refunded && <Alert tone="info">{t('licence.paymentRefunded')}</Alert>}
      {afterReturn && !refunded && <Alert tone="success">{t('licence.paymentSucceeded')}</Alert>}
      {receipt !== null && <ReceiptDetails receipt={receipt} />}
      {household !== null && <HouseholdReceiptDetails receipt={household} />}
    </section>
  );
}

/** What a registration by check or cash confirms, for one athlete or a family checkout (the same names in both). */
type AwaitingTotals = Pick<
  NonNullable<Confirmation['awaiting']>,
  'amount_due_cents' | 'hold_until' | 'organization' | 'instructions'
>;

/**
 * Issue 34 point 4: a registration by check or cash: 'Awaiting payment' with what is due first, the rows it is given
 * (one athlete's plan), each athlete of a family checkout, how long the spots are held, and the club's instructions
 * repeated (its texts' group, `helpPaying`, is loaded by /payment).
 */
function AwaitingDetails({
  awaiting,
  children = null,
  athletes = null,
}: {
  awaiting: AwaitingTotals;
  children?: ReactNode;
  athletes?: ReactNode;
}) {
  const t = useT();
  const date = formatDisplayDate(awaiting.hold_until.slice(0, 10), 'short', intlLocale());
  return (
    <>
      <Alert tone="info">
        {t('helpPaying.awaitingIntro', {
          amount: formatUsd(awaiting.amount_due_cents),
          organization: awaiting.organization.name,
          date,
        })}
      </Alert>
      <dl className="amounts card">
        <Row term={t('helpPaying.awaitingPayment')} total>
          {formatUsd(awaiting.amount_due_cents)}
        </Row>
        {children}
      </dl>
      {athletes}
      <section className="card confirmation__instructions">
        <h2>{t('helpPaying.instructions', { organization: awaiting.organization.name })}</h2>
        <p>{awaiting.instructions}</p>
      </section>
    </>
  );
}

/** 'Visa ending in 4242' in the language in use (the brand as the card network names it). */
function cardEnding(card: NonNullable<Receipt['card']>, t: ReturnType<typeof useT>): string {
  if (card.brand === '') return t('licence.cardEndingNoBrand', { last4: card.last4 });
  return t('licence.cardEnding', {
    brand: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`,
    last4: card.last4,
  });
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
  assistanceCents = 0,
  children = null,
}: {
  receipt: ReceiptTotals;
  lines?: ReactNode;
  /**
   * Issue 34: the financial assistance awarded off the dues (one athlete's receipt), 0 for none. Its label's group
   * (`helpPaying`) is loaded already: the confirmation comes from /payment, which loads it.
   */
  assistanceCents?: number;
  children?: ReactNode;
}) {
  const t = useT();
  const email = receipt.email.trim();
  return (
    <>
      <dl className="amounts card">
        <Row term={t('licence.paidToday')} total>
          {formatUsd(receipt.amount_cents)}
        </Row>
        {lines}
        {assistanceCents > 0 && <Row term={t('helpPaying.financialAssistance')}>{minus(assistanceCents)}</Row>}
        {receipt.sibling_discount_cents > 0 && (
          <Row term={t('licence.siblingDiscount')}>{minus(receipt.sibling_discount_cents)}</Row>
        )}
        {receipt.card !== null && <Row term={t('licence.card')}>{cardEnding(receipt.card, t)}</Row>}
      </dl>
      {children}
      <RemainingSchedule remaining={receipt.remaining} />
      {email !== '' && <p className="confirmation__receipt">{t('licence.receiptSent', { email })}</p>}
    </>
  );
}

/**
 * Issue 20: the family checkout's confirmation: what was paid today, every athlete's lines (team and season, plan,
 * dues, discounts with the 'Sibling discount', protection, app fee, paid today), the household's 'Sibling discount',
 * the card, the remaining schedule and where the one receipt went.
 */
function HouseholdReceiptDetails({ receipt }: { receipt: HouseholdReceipt }) {
  const t = useT();
  return (
    <ReceiptAmounts receipt={receipt}>
      {receipt.athletes.map((athlete) => (
        <section key={athlete.membership_id} className="card confirmation__athlete" aria-label={athlete.name}>
          <h2>{athlete.name}</h2>
          <dl className="amounts">
            <Row term={t('licence.team')}>
              {[athlete.team_name, athlete.season_name].filter((part) => part !== null).join(' · ')}
            </Row>
            <Row term={t('licence.plan')}>{athlete.plan_name}</Row>
            <Row term={t('licence.dues')}>{formatUsd(athlete.dues_cents)}</Row>
            {athlete.code_discount_cents > 0 && (
              <Row term={t('licence.discount')}>{minus(athlete.code_discount_cents)}</Row>
            )}
            {(athlete.financial_assistance_cents ?? 0) > 0 && (
              <Row term={t('helpPaying.financialAssistance')}>{minus(athlete.financial_assistance_cents ?? 0)}</Row>
            )}
            {athlete.sibling_discount_cents > 0 && (
              <Row term={t('licence.siblingDiscount')}>{minus(athlete.sibling_discount_cents)}</Row>
            )}
            {athlete.protection_cents > 0 && (
              <Row term={t('licence.injuryProtection')}>{formatUsd(athlete.protection_cents)}</Row>
            )}
            <Row term={t('licence.appFee')}>{formatUsd(athlete.app_fee_cents)}</Row>
            <Row term={t('licence.paidToday')} total>
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
  const t = useT();
  return (
    <ReceiptAmounts
      receipt={receipt}
      assistanceCents={receipt.financial_assistance_cents ?? 0}
      lines={
        <>
          <Row term={t('licence.team')}>{receipt.team_name}</Row>
          {receipt.season_name !== null && <Row term={t('licence.season')}>{receipt.season_name}</Row>}
          <Row term={t('licence.plan')}>{receipt.plan_name}</Row>
        </>
      }
    />
  );
}

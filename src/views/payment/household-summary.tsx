import { formatUsd } from '../../domain/money';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { type HouseholdTotals, SIBLING_DISCOUNT, type SummaryAthlete } from '../../machines/household-checkout.connect';
import { HouseholdAmount } from './household-amount';

/**
 * The family checkout's one fee summary (issue 20 point 1): each athlete's lines (dues, code discount, 'Sibling
 * discount', protection, app fee, today and later), then the household's 'Sibling discount' line, then the totals.
 * Every athlete has the same rows and every row has a fixed height (household.css), so five athletes render without
 * a layout shift (CLS 0).
 */
export function HouseholdSummary({
  athletes,
  totals,
}: {
  athletes: readonly SummaryAthlete[];
  totals: HouseholdTotals | null;
}) {
  const t = useT();
  return (
    <section className="card household-summary" aria-label={t('payment.yourPayment')}>
      {athletes.map((athlete) => (
        <div key={athlete.id} className="household-summary__athlete">
          <h2 className="household-summary__name">{athlete.name}</h2>
          <p className="household-summary__team">
            {[athlete.teamLine, athlete.planName].filter((part) => part !== null).join(' · ')}
          </p>
          <dl className="amounts">
            {athlete.rows.map((row) => (
              <div key={row.key} className="amounts__row household-summary__row">
                <dt>{text(row.label)}</dt>
                <dd>
                  <HouseholdAmount cents={row.cents} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {totals !== null && (
        <dl className="amounts household-summary__totals">
          <div className="amounts__row household-summary__row">
            <dt>{text(SIBLING_DISCOUNT)}</dt>
            <dd>
              <HouseholdAmount cents={-totals.siblingDiscountCents} />
            </dd>
          </div>
          <div className="amounts__row amounts__row--total household-summary__row">
            <dt>{t('payment.dueToday')}</dt>
            <dd>{formatUsd(totals.todayCents)}</dd>
          </div>
          <div className="amounts__row household-summary__row">
            <dt>{t('payment.laterPayments')}</dt>
            <dd>{formatUsd(totals.laterCents)}</dd>
          </div>
          <div className="amounts__row household-summary__row">
            <dt>{t('payment.total')}</dt>
            <dd>{formatUsd(totals.totalCents)}</dd>
          </div>
        </dl>
      )}
      <p className="field-hint">{t('payment.nonRefundable')}</p>
    </section>
  );
}

import { formatSeasonDate } from '../../domain/dates';
import { type ClientDiscount, discountAmount, type TeamFeeSummary } from '../../domain/fees';
import { formatUsd } from '../../domain/money';

/**
 * The team's dues (§9) with the two displays §4 varies: a season that has started, and an app fee that is not
 * itemized (then folded into the player deposit and the overall fees instead of listed on its own).
 */
export function FeeSummary({
  summary,
  seasonName,
  seasonStart,
  discount,
}: {
  summary: TeamFeeSummary;
  seasonName: string | null;
  seasonStart: string | null;
  discount: ClientDiscount | null;
}) {
  const off = discountAmount(summary.totalDues, discount);
  return (
    <section className="fee-summary card" aria-label="Team fees">
      {seasonStart !== null &&
        (summary.seasonStarted ? (
          <p className="fee-summary__season fee-summary__season--started">
            {seasonName ?? 'The season'} has already started ({formatSeasonDate(seasonStart)}): the player deposit
            {summary.isAppFeeItemized ? ' and the app fee are' : ', which includes the app fee, is'} due today.
          </p>
        ) : (
          <p className="fee-summary__season">
            {seasonName ?? 'The season'} starts {formatSeasonDate(seasonStart)}.
          </p>
        ))}
      <dl className="amounts">
        <div className="amounts__row">
          <dt>Total dues</dt>
          <dd>{formatUsd(summary.totalDues)}</dd>
        </div>
        {discount !== null && off > 0 && (
          <div className="amounts__row">
            <dt>Discount {discount.code}</dt>
            <dd>−{formatUsd(off)}</dd>
          </div>
        )}
        <div className="amounts__row">
          <dt>
            Player deposit
            {summary.isAppFeeItemized || summary.appFee === 0
              ? ' (non-refundable)'
              : ` (includes the ${formatUsd(summary.appFee)} app fee, non-refundable)`}
          </dt>
          <dd>{formatUsd(summary.playerDeposit)}</dd>
        </div>
        {summary.isAppFeeItemized ? (
          summary.appFee > 0 && (
            <div className="amounts__row">
              <dt>App fee (non-refundable, charged today)</dt>
              <dd>{formatUsd(summary.appFee)}</dd>
            </div>
          )
        ) : (
          <div className="amounts__row">
            <dt>Overall fees (dues and app fee)</dt>
            <dd>{formatUsd(summary.overallFees)}</dd>
          </div>
        )}
        {summary.paymentPlanFee > 0 && (
          <div className="amounts__row">
            <dt>Monthly plan fee</dt>
            <dd>{formatUsd(summary.paymentPlanFee)}</dd>
          </div>
        )}
        <div className="amounts__row amounts__row--total">
          <dt>{discount !== null && off > 0 ? 'Total due before the discount' : 'Total due'}</dt>
          <dd>{formatUsd(summary.totalDue)}</dd>
        </div>
      </dl>
    </section>
  );
}

import { formatSeasonDate } from '../../domain/dates';
import type { ClientDiscount, FeeBreakdown, FeeLine, TeamFeeSummary } from '../../domain/fees';
import { formatUsd } from '../../domain/money';
import type { FeeTotalsView } from '../../machines/fee-totals.connect';

function lineLabel(line: FeeLine, discount: ClientDiscount | null): string {
  switch (line.kind) {
    case 'dues':
      return 'Total dues';
    case 'overallFees':
      return 'Overall fees (dues and app fee)';
    case 'discount':
      return discount === null ? 'Discount' : `Discount ${discount.code}`;
    case 'appFee':
      // A waived fee is not charged today: its line says 'Waived' instead.
      return line.waived === null ? 'App fee (non-refundable, charged today)' : 'App fee';
    case 'appFeeWaived':
      return 'App fee waived by the discount';
  }
}

function LineAmount({ line }: { line: FeeLine }) {
  if (line.waived !== null) {
    return (
      <dd>
        <s className="amounts__waived">{formatUsd(line.waived)}</s> Waived
      </dd>
    );
  }
  return <dd>{line.amount < 0 ? `−${formatUsd(-line.amount)}` : formatUsd(line.amount)}</dd>;
}

/**
 * The team's dues (§9) with the two displays §4 varies: a season that has started, and an app fee that is not
 * itemized (then folded into the player deposit and the overall fees instead of listed on its own). The listed lines
 * add up to the total (src/domain/fees.ts feeBreakdown): a discount is its own line, a waived app fee says so. The
 * player deposit and the monthly plan fee are told beside the sum, not in it.
 */
export function FeeSummary({
  summary,
  breakdown,
  seasonName,
  seasonStart,
  discount,
  totals = null,
}: {
  summary: TeamFeeSummary;
  breakdown: FeeBreakdown;
  seasonName: string | null;
  seasonStart: string | null;
  discount: ClientDiscount | null;
  /**
   * Issue 20 point 2: the household discount's line ('Sibling discount') when the server applied one, and the total
   * due less it (fee-totals.connect.ts); without it the total is the breakdown's.
   */
  totals?: FeeTotalsView | null;
}) {
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
        {breakdown.lines.map((line) => (
          <div key={line.kind} className="amounts__row">
            <dt>{lineLabel(line, discount)}</dt>
            <LineAmount line={line} />
          </div>
        ))}
        {totals?.sibling && (
          <div className="amounts__row">
            <dt>{totals.sibling.label}</dt>
            <dd>−{formatUsd(totals.sibling.amount)}</dd>
          </div>
        )}
        <div className="amounts__row amounts__row--total">
          <dt>Total due</dt>
          <dd>{formatUsd(totals?.totalCents ?? breakdown.total)}</dd>
        </div>
      </dl>
      <dl className="amounts amounts--notes">
        <div className="amounts__row amounts__row--note">
          <dt>
            Player deposit
            {breakdown.depositAppFee === 0
              ? ' (non-refundable)'
              : ` (includes the ${formatUsd(breakdown.depositAppFee)} app fee, non-refundable)`}
            , due today with a monthly plan
          </dt>
          <dd>{formatUsd(breakdown.playerDeposit)}</dd>
        </div>
        {summary.paymentPlanFee > 0 && (
          <div className="amounts__row amounts__row--note">
            <dt>Monthly plan fee (monthly plans only, spread over the instalments)</dt>
            <dd>{formatUsd(summary.paymentPlanFee)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

import { formatSeasonDate } from '../../domain/dates';
import type { ClientDiscount, FeeBreakdown, FeeLine, TeamFeeSummary } from '../../domain/fees';
import { formatUsd } from '../../domain/money';
import { rich } from '../../i18n/rich';
import { intlLocale, t, text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import type { FeeTotalsView } from '../../machines/fee-totals.connect';

/** A line's label in the language in use (called while rendering FeeSummary, which re-renders on a switch). */
function lineLabel(line: FeeLine, discount: ClientDiscount | null): string {
  switch (line.kind) {
    case 'dues':
      return t('payment.totalDues');
    case 'overallFees':
      return t('payment.overallFees');
    case 'discount':
      return discount === null ? t('payment.discount') : t('payment.discountNamed', { code: discount.code });
    case 'appFee':
      // A waived fee is not charged today: its line says 'Waived' instead.
      return line.waived === null ? t('payment.appFeeChargedToday') : t('payment.appFee');
    case 'appFeeWaived':
      return t('payment.appFeeWaived');
  }
}

function LineAmount({ line }: { line: FeeLine }) {
  const t = useT();
  if (line.waived !== null) {
    return (
      <dd>
        {rich(t('payment.waivedAmount', { amount: formatUsd(line.waived) }), [
          <s key="waived" className="amounts__waived" />,
        ])}
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
  const t = useT();
  const season = seasonName ?? t('payment.theSeason');
  const date = seasonStart === null ? '' : formatSeasonDate(seasonStart, intlLocale());
  return (
    <section className="fee-summary card" aria-label={t('payment.teamFees')}>
      {seasonStart !== null &&
        (summary.seasonStarted ? (
          <p className="fee-summary__season fee-summary__season--started">
            {summary.isAppFeeItemized
              ? t('payment.seasonStartedItemized', { season, date })
              : t('payment.seasonStartedIncluded', { season, date })}
          </p>
        ) : (
          <p className="fee-summary__season">{t('payment.seasonStarts', { season, date })}</p>
        ))}
      <dl className="amounts">
        {breakdown.lines.map((line) => (
          <div key={line.kind} className="amounts__row">
            <dt>{lineLabel(line, discount)}</dt>
            <LineAmount line={line} />
          </div>
        ))}
        {totals?.assistance && (
          <div className="amounts__row">
            <dt>{text(totals.assistance.label)}</dt>
            <dd>−{formatUsd(totals.assistance.amount)}</dd>
          </div>
        )}
        {totals?.sibling && (
          <div className="amounts__row">
            <dt>{text(totals.sibling.label)}</dt>
            <dd>−{formatUsd(totals.sibling.amount)}</dd>
          </div>
        )}
        <div className="amounts__row amounts__row--total">
          <dt>{t('payment.totalDue')}</dt>
          <dd>{formatUsd(totals?.totalCents ?? breakdown.total)}</dd>
        </div>
      </dl>
      <dl className="amounts amounts--notes">
        <div className="amounts__row amounts__row--note">
          <dt>
            {breakdown.depositAppFee === 0
              ? t('payment.depositNote')
              : t('payment.depositNoteWithFee', { fee: formatUsd(breakdown.depositAppFee) })}
          </dt>
          <dd>{formatUsd(breakdown.playerDeposit)}</dd>
        </div>
        {summary.paymentPlanFee > 0 && (
          <div className="amounts__row amounts__row--note">
            <dt>{t('payment.monthlyPlanFee')}</dt>
            <dd>{formatUsd(summary.paymentPlanFee)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

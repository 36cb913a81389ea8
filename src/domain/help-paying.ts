/**
 * Issue 34 point 3: financial assistance in the payment page's figures. The server computes the award and the plans
 * on what is left (docs/api.md "Help paying"); the site only shows it: 'Financial assistance' as its own line, taken
 * off the dues after the discount code and before the sibling discount, and an award that leaves nothing of the dues
 * as the spec's full discount (dues and app fee waived, nothing charged: the waiver only). Amounts in cents.
 */
import {
  chargedAppFee,
  type DiscountTerms,
  discountedDues,
  type FeeBreakdown,
  type FeeLine,
  feeBreakdown,
  type TeamFees,
} from './fees';

/** The terms of a full discount (§9: 100 % off waives the app fee), which a full award is shown and planned with. */
export const FULL_WAIVER: DiscountTerms = { percentOff: 100, flatAmount: null };

/** An approved award that leaves nothing of the dues (after the discount code): the full-discount path. */
export function isFullAward(
  team: Pick<TeamFees, 'total_dues'>,
  discount: DiscountTerms | null,
  awardCents: number,
): boolean {
  return awardCents > 0 && awardCents >= discountedDues(team.total_dues, discount);
}

/** The discount the plans are described with: a full award waives the app fee as a full discount does. */
export function planTermsOf(discount: DiscountTerms | null, fullAward: boolean): DiscountTerms | null {
  return fullAward ? FULL_WAIVER : discount;
}

/**
 * The fee summary's lines under an award: as without one, but a full award waives the app fee too (the server
 * charges nothing), so nothing is folded into the deposit. The award's own line is the totals' (fee-totals.connect).
 */
export function assistedBreakdown(team: TeamFees, discount: DiscountTerms | null, fullAward: boolean): FeeBreakdown {
  const base = feeBreakdown(team, discount);
  if (!fullAward) return base;
  const charged = chargedAppFee(team, discount);
  const lines: FeeLine[] = base.lines.map((line) =>
    line.kind === 'appFee' ? { kind: 'appFee', amount: 0, waived: team.total_app_fee } : line,
  );
  if (!team.is_app_fee_itemized && charged > 0 && !lines.some((line) => line.kind === 'appFeeWaived')) {
    lines.push({ kind: 'appFeeWaived', amount: -charged, waived: null });
  }
  return {
    lines,
    total: lines.reduce((total, line) => total + line.amount, 0),
    discounted: base.discounted,
    playerDeposit: 0,
    depositAppFee: 0,
  };
}

/** What is due before the sibling discount: the lines' total less the award, never below nothing. */
export function dueAfterAward(linesTotalCents: number, awardCents: number): number {
  return Math.max(0, linesTotalCents - awardCents);
}

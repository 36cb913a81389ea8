import { type DiscountTerms, discountedDues } from './fees.ts';

/**
 * The household (sibling) discount of issue 20 point 2, one copy for the server's quote and the site's fee summary
 * (design §10: "a household rule (sibling discount, who counts as the 1st athlete)"). Pure; every amount is integer
 * cents.
 *
 * The rule: an organization may take a percent off the dues of a household's 2nd athlete, and another off the dues
 * of its 3rd and every further athlete, in one season (fixtures: Northside 10 % and 15 %, Lakeside none). A discount
 * code applies first and the household percent is taken of what is left; the app fee is never part of it (fixtures:
 * Sam and Alex on 12U Tigers, dues 450.00 + itemized app fee 25.00: 475.00 + (475.00 − 45.00) = 905.00, and 45.00 is
 * 10 % of the 450.00 dues).
 *
 * Who is the 1st, 2nd, 3rd athlete (the decisions, and why):
 * - **Athletes already paid this season keep their places; this checkout's athletes follow them.** "It counts
 *   athletes already paid for this season in earlier checkouts of the same household, so a sibling who registers a
 *   week later still gets it": with one athlete paid, this checkout's athletes are the 2nd, 3rd, ... An earlier
 *   athlete is never moved to a later place, even when a new sibling's dues are higher: its dues are paid, and moving
 *   it would mean a discount (a refund) on a past payment. So only the number of earlier athletes matters here.
 * - **Among this checkout's athletes, the most expensive comes first** ("the most expensive dues count as the 1st
 *   athlete"). When nobody was paid before, that one is the 1st and pays the full dues; otherwise the most expensive
 *   new one takes the first free place, and so on: the higher percents always fall on the smaller dues.
 * - **"Most expensive" is the dues after the athlete's discount code**, because the code applies first and the
 *   household percent is taken of what is left: the household rule sees the dues as the code left them. So an
 *   athlete whose code leaves nothing (a full discount) never takes the undiscounted 1st place from a sibling who
 *   pays, and the 1st athlete is the one who pays the most.
 * - **Ties** (equal dues after the code): the higher dues before the code first, then the lower athlete id. The order
 *   of the input therefore never changes the result, and the same household always gets the same lines.
 *
 * Amounts: the sibling discount is what `discountedDues` of src/domain/fees.ts takes off with the household percent
 * (clamped to 0–100; the dues left are rounded half up to the cent, exactly as for a code's percent), so a code and
 * the household discount share one rounding rule. A full discount stays a full discount: dues the code brought to 0
 * get a sibling discount of 0. The household discount is never itself a full discount: it reduces the dues only,
 * the app fee stays (`isFullDiscount` and `chargedAppFee` read the code alone).
 */

/** The spec's text of the household discount's own line (issue 20 point 2). */
export const SIBLING_DISCOUNT_TEXT = 'Sibling discount';

/**
 * An organization's household discount settings: the percent off the dues of a household's 2nd athlete in a season,
 * and of its 3rd and every further athlete. null or 0 is none (Lakeside sets neither).
 */
export interface HouseholdDiscountSettings {
  readonly secondAthletePercent: number | null;
  readonly furtherAthletePercent: number | null;
}

/** No household discount (an organization that sets none). */
export const NO_HOUSEHOLD_DISCOUNT: HouseholdDiscountSettings = {
  secondAthletePercent: null,
  furtherAthletePercent: null,
};

/** One athlete of this checkout: its team's dues in cents (before any discount) and its discount code, if any. */
export interface HouseholdCheckoutAthlete {
  /** The athlete's user id (unique within one checkout). */
  readonly athleteId: number;
  /** The team's total dues in cents, before any discount (§3 Team `total_dues`; never the app fee). */
  readonly dues: number;
  /** The discount code applied for this athlete, if any (`applied: false` counts as none, as in fees.ts). */
  readonly discount?: DiscountTerms | null;
}

/** Which of a household's athletes in a season: the 1st, the 2nd, or the 3rd or a further one. */
export type HouseholdTier = 'first' | 'second' | 'further';

/** One athlete's dues under the household rule, in cents. */
export interface HouseholdAthleteDues {
  readonly athleteId: number;
  /** The athlete's place in the household this season, from 1 (earlier-paid athletes hold the first places). */
  readonly position: number;
  readonly tier: HouseholdTier;
  /** The household percent applied (0 when none). */
  readonly percent: number;
  /** The dues before any discount. */
  readonly dues: number;
  /** The dues after the athlete's discount code (the dues when there is none). */
  readonly duesAfterCode: number;
  /** What the code takes off: dues − dues after the code. */
  readonly codeDiscount: number;
  /** The 'Sibling discount' line's amount (positive; 0 when none). */
  readonly siblingDiscount: number;
  /** The dues after the code and the household discount. */
  readonly duesAfterDiscounts: number;
}

/** The household rule applied to one checkout. */
export interface HouseholdDues {
  /** This checkout's athletes in household order (the lowest place first). */
  readonly athletes: readonly HouseholdAthleteDues[];
  /** The sum of every athlete's sibling discount. */
  readonly siblingDiscountTotal: number;
  /** The sum of every athlete's dues after both discounts. */
  readonly duesAfterDiscountsTotal: number;
}

/** The tier of a place in the household (1 → first, 2 → second, 3 and on → further). */
export function householdTier(position: number): HouseholdTier {
  if (!Number.isSafeInteger(position) || position < 1) {
    throw new RangeError(`Not a place in a household: ${position}`);
  }
  if (position === 1) return 'first';
  return position === 2 ? 'second' : 'further';
}

/** A configured percent as it applies: null, 0, negative or not a number is none; above 100 is 100. */
function effectivePercent(percent: number | null): number {
  if (percent === null || !Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(100, percent);
}

/** The household percent for a place in the household: none for the 1st athlete. */
export function householdPercent(settings: HouseholdDiscountSettings | null, position: number): number {
  const tier = householdTier(position);
  if (settings === null || tier === 'first') return 0;
  return effectivePercent(tier === 'second' ? settings.secondAthletePercent : settings.furtherAthletePercent);
}

function assertDues(athlete: HouseholdCheckoutAthlete): void {
  if (!Number.isSafeInteger(athlete.dues) || athlete.dues < 0) {
    throw new RangeError(`Not an amount of dues in cents for athlete ${athlete.athleteId}: ${athlete.dues}`);
  }
}

interface Ranked {
  readonly athlete: HouseholdCheckoutAthlete;
  readonly duesAfterCode: number;
}

/** Household order among one checkout: most expensive after the code, then before it, then the lower id. */
function byHouseholdOrder(a: Ranked, b: Ranked): number {
  return (
    b.duesAfterCode - a.duesAfterCode || b.athlete.dues - a.athlete.dues || a.athlete.athleteId - b.athlete.athleteId
  );
}

/**
 * Applies the household rule to one checkout (see the module comment for who counts as the 1st athlete).
 *
 * `alreadyPaidCount` is the number of other athletes of the same household whose dues for the same season (of the
 * same organization) were paid in earlier checkouts; they hold places 1 to `alreadyPaidCount`. Throws a RangeError
 * for input no caller may pass (a negative or fractional count, dues that are not non-negative integer cents, one
 * athlete id twice): the server validates a request before it quotes.
 */
export function householdDues(
  settings: HouseholdDiscountSettings | null,
  athletes: readonly HouseholdCheckoutAthlete[],
  alreadyPaidCount = 0,
): HouseholdDues {
  if (!Number.isSafeInteger(alreadyPaidCount) || alreadyPaidCount < 0) {
    throw new RangeError(`Not a number of athletes already paid: ${alreadyPaidCount}`);
  }
  const ids = new Set<number>();
  for (const athlete of athletes) {
    assertDues(athlete);
    if (ids.has(athlete.athleteId)) throw new RangeError(`Athlete ${athlete.athleteId} is twice in one checkout`);
    ids.add(athlete.athleteId);
  }
  const ranked = athletes
    .map((athlete): Ranked => ({ athlete, duesAfterCode: discountedDues(athlete.dues, athlete.discount ?? null) }))
    .sort(byHouseholdOrder);
  const result = ranked.map(({ athlete, duesAfterCode }, index): HouseholdAthleteDues => {
    const position = alreadyPaidCount + index + 1;
    const percent = householdPercent(settings, position);
    const duesAfterDiscounts =
      percent === 0 ? duesAfterCode : discountedDues(duesAfterCode, { percentOff: percent, flatAmount: null });
    return {
      athleteId: athlete.athleteId,
      position,
      tier: householdTier(position),
      percent,
      dues: athlete.dues,
      duesAfterCode,
      codeDiscount: athlete.dues - duesAfterCode,
      siblingDiscount: duesAfterCode - duesAfterDiscounts,
      duesAfterDiscounts,
    };
  });
  return {
    athletes: result,
    siblingDiscountTotal: sum(result.map((athlete) => athlete.siblingDiscount)),
    duesAfterDiscountsTotal: sum(result.map((athlete) => athlete.duesAfterDiscounts)),
  };
}

/** The household result for one athlete of the checkout, or null when it is not part of it. */
export function householdDuesOf(household: HouseholdDues, athleteId: number): HouseholdAthleteDues | null {
  return household.athletes.find((athlete) => athlete.athleteId === athleteId) ?? null;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

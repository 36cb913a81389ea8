import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiscountTerms, discountedDues } from './fees.ts';
import {
  type HouseholdCheckoutAthlete,
  type HouseholdDiscountSettings,
  householdDues,
  householdDuesOf,
  householdPercent,
  householdTier,
  NO_HOUSEHOLD_DISCOUNT,
  SIBLING_DISCOUNT_TEXT,
} from './household.ts';

// The fixtures contract (docs/fixtures.md, Households), in cents.
const northside: HouseholdDiscountSettings = { secondAthletePercent: 10, furtherAthletePercent: 15 };
const lakeside = NO_HOUSEHOLD_DISCOUNT;
const tigersDues = 45_000;
const tigersItemizedAppFee = 2_500;
const SAM = 11;
const ALEX = 12;
const fullRide: DiscountTerms = { percentOff: 100, flatAmount: null };

function ids(athletes: readonly { athleteId: number }[]): number[] {
  return athletes.map((athlete) => athlete.athleteId);
}

describe('the spec text', () => {
  it("is the issue's words", () => {
    expect(SIBLING_DISCOUNT_TEXT).toBe('Sibling discount');
  });
});

describe('householdDues (fixtures: Households)', () => {
  it('Sam and Alex on 12U Tigers, pay in full, no protection, no code: $905.00 today', () => {
    const household = householdDues(northside, [
      { athleteId: SAM, dues: tigersDues },
      { athleteId: ALEX, dues: tigersDues },
    ]);
    expect(household.athletes).toEqual([
      {
        athleteId: SAM,
        position: 1,
        tier: 'first',
        percent: 0,
        dues: 45_000,
        duesAfterCode: 45_000,
        codeDiscount: 0,
        siblingDiscount: 0,
        duesAfterDiscounts: 45_000,
      },
      {
        athleteId: ALEX,
        position: 2,
        tier: 'second',
        percent: 10,
        dues: 45_000,
        duesAfterCode: 45_000,
        codeDiscount: 0,
        siblingDiscount: 4_500,
        duesAfterDiscounts: 40_500,
      },
    ]);
    expect(household.siblingDiscountTotal).toBe(4_500);
    // $475.00 + ($475.00 − $45.00): the app fee is charged per athlete and never discounted.
    expect(household.duesAfterDiscountsTotal + 2 * tigersItemizedAppFee).toBe(90_500);
  });

  it('three athletes: the 2nd gets 10 % and the 3rd 15 %, the most expensive is the 1st whatever the input order', () => {
    const household = householdDues(northside, [
      { athleteId: 3, dues: 20_000 },
      { athleteId: 1, dues: 45_000 },
      { athleteId: 2, dues: 30_000 },
    ]);
    expect(ids(household.athletes)).toEqual([1, 2, 3]);
    expect(household.athletes.map((a) => a.tier)).toEqual(['first', 'second', 'further']);
    expect(household.athletes.map((a) => a.siblingDiscount)).toEqual([0, 3_000, 3_000]);
    expect(household.athletes.map((a) => a.duesAfterDiscounts)).toEqual([45_000, 27_000, 17_000]);
    expect(household.siblingDiscountTotal).toBe(6_000);
    expect(household.duesAfterDiscountsTotal).toBe(89_000);
  });

  it('every athlete after the 3rd gets the further percent too', () => {
    const household = householdDues(
      northside,
      [1, 2, 3, 4, 5].map((athleteId) => ({ athleteId, dues: 10_000 })),
    );
    expect(household.athletes.map((a) => a.percent)).toEqual([0, 10, 15, 15, 15]);
    expect(household.athletes.map((a) => a.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a sibling who registers a week later is the 2nd athlete', () => {
    const household = householdDues(northside, [{ athleteId: ALEX, dues: tigersDues }], 1);
    expect(household.athletes).toMatchObject([
      { athleteId: ALEX, position: 2, tier: 'second', siblingDiscount: 4_500 },
    ]);
    expect(household.duesAfterDiscountsTotal).toBe(40_500);
  });

  it('after two paid athletes the next one is the 3rd, and new ones follow in order of their dues', () => {
    const household = householdDues(
      northside,
      [
        { athleteId: 7, dues: 20_000 },
        { athleteId: 8, dues: 45_000 },
      ],
      2,
    );
    expect(household.athletes).toMatchObject([
      { athleteId: 8, position: 3, percent: 15, siblingDiscount: 6_750, duesAfterDiscounts: 38_250 },
      { athleteId: 7, position: 4, percent: 15, siblingDiscount: 3_000, duesAfterDiscounts: 17_000 },
    ]);
  });

  it('one paid athlete keeps the 1st place even when the new sibling is more expensive', () => {
    // The paid athlete's dues do not matter: only how many were paid before.
    const household = householdDues(
      northside,
      [
        { athleteId: 1, dues: 45_000 },
        { athleteId: 2, dues: 30_000 },
      ],
      1,
    );
    expect(household.athletes).toMatchObject([
      { athleteId: 1, position: 2, siblingDiscount: 4_500 },
      { athleteId: 2, position: 3, siblingDiscount: 4_500 },
    ]);
  });

  it('Lakeside (no household discount) takes nothing off, and neither do null settings', () => {
    const athletes: HouseholdCheckoutAthlete[] = [
      { athleteId: 1, dues: 20_000 },
      { athleteId: 2, dues: 20_000 },
      { athleteId: 3, dues: 20_000 },
    ];
    for (const settings of [lakeside, null, { secondAthletePercent: 0, furtherAthletePercent: 0 }]) {
      const household = householdDues(settings, athletes, 1);
      expect(household.siblingDiscountTotal).toBe(0);
      expect(household.duesAfterDiscountsTotal).toBe(60_000);
      expect(household.athletes.map((a) => a.position)).toEqual([2, 3, 4]);
    }
  });

  it('one athlete alone, or an empty checkout, gets no sibling discount', () => {
    expect(householdDues(northside, [{ athleteId: SAM, dues: tigersDues }]).siblingDiscountTotal).toBe(0);
    expect(householdDues(northside, [])).toEqual({ athletes: [], siblingDiscountTotal: 0, duesAfterDiscountsTotal: 0 });
  });
});

describe('householdDues with discount codes', () => {
  it('applies the code first, then the household percent on what is left', () => {
    const household = householdDues(northside, [
      { athleteId: SAM, dues: tigersDues },
      { athleteId: ALEX, dues: tigersDues, discount: { percentOff: 20, flatAmount: null } },
    ]);
    // Sam pays the most after the code, so Sam is the 1st; Alex: 450.00 − 20 % = 360.00, − 10 % = 324.00.
    expect(household.athletes).toMatchObject([
      { athleteId: SAM, position: 1, duesAfterDiscounts: 45_000 },
      {
        athleteId: ALEX,
        position: 2,
        codeDiscount: 9_000,
        duesAfterCode: 36_000,
        siblingDiscount: 3_600,
        duesAfterDiscounts: 32_400,
      },
    ]);
  });

  it('a flat code, then the household percent', () => {
    const household = householdDues(
      northside,
      [{ athleteId: ALEX, dues: tigersDues, discount: { percentOff: null, flatAmount: 5_000 } }],
      1,
    );
    expect(household.athletes).toMatchObject([
      { duesAfterCode: 40_000, codeDiscount: 5_000, siblingDiscount: 4_000, duesAfterDiscounts: 36_000 },
    ]);
  });

  it('ranks by the dues after the code: the athlete who pays the most is the 1st', () => {
    const household = householdDues(northside, [
      { athleteId: 1, dues: 45_000, discount: { percentOff: 50, flatAmount: null } },
      { athleteId: 2, dues: 30_000 },
    ]);
    expect(household.athletes).toMatchObject([
      { athleteId: 2, position: 1, duesAfterDiscounts: 30_000 },
      { athleteId: 1, position: 2, duesAfterCode: 22_500, siblingDiscount: 2_250, duesAfterDiscounts: 20_250 },
    ]);
  });

  it('a code that is not applied counts as none', () => {
    const household = householdDues(
      northside,
      [{ athleteId: 1, dues: 45_000, discount: { percentOff: 50, flatAmount: null, applied: false } }],
      1,
    );
    expect(household.athletes).toMatchObject([{ codeDiscount: 0, duesAfterCode: 45_000, siblingDiscount: 4_500 }]);
  });
});

describe('householdDues: a full discount stays a full discount', () => {
  it('a 100 % code on one sibling leaves it at 0, and it never takes the 1st place from a paying sibling', () => {
    const household = householdDues(northside, [
      { athleteId: SAM, dues: tigersDues, discount: fullRide },
      { athleteId: ALEX, dues: tigersDues },
    ]);
    expect(household.athletes).toMatchObject([
      { athleteId: ALEX, position: 1, siblingDiscount: 0, duesAfterDiscounts: 45_000 },
      { athleteId: SAM, position: 2, duesAfterCode: 0, siblingDiscount: 0, duesAfterDiscounts: 0 },
    ]);
    expect(household.duesAfterDiscountsTotal).toBe(45_000);
  });

  it('a flat code of at least the dues (FLAT500 on 10U Waves) leaves 0 and no sibling discount', () => {
    const household = householdDues(
      northside,
      [{ athleteId: 1, dues: 20_000, discount: { percentOff: null, flatAmount: 50_000 } }],
      3,
    );
    expect(household.athletes).toMatchObject([
      { position: 4, percent: 15, duesAfterCode: 0, siblingDiscount: 0, duesAfterDiscounts: 0 },
    ]);
  });

  it('every athlete fully discounted: nothing to pay, no sibling discount', () => {
    const household = householdDues(northside, [
      { athleteId: 1, dues: 45_000, discount: fullRide },
      { athleteId: 2, dues: 30_000, discount: fullRide },
    ]);
    expect(household.duesAfterDiscountsTotal).toBe(0);
    expect(household.siblingDiscountTotal).toBe(0);
  });
});

describe('householdDues: ties', () => {
  it('equal dues: the lower athlete id first, whatever the input order', () => {
    const forward = householdDues(northside, [
      { athleteId: 5, dues: 10_000 },
      { athleteId: 9, dues: 10_000 },
      { athleteId: 2, dues: 10_000 },
    ]);
    expect(ids(forward.athletes)).toEqual([2, 5, 9]);
  });

  it('equal dues after the code: the higher dues before the code first', () => {
    const household = householdDues(northside, [
      { athleteId: 1, dues: 30_000 },
      { athleteId: 2, dues: 45_000, discount: { percentOff: null, flatAmount: 15_000 } },
    ]);
    expect(ids(household.athletes)).toEqual([2, 1]);
    expect(household.athletes.map((a) => a.siblingDiscount)).toEqual([0, 3_000]);
  });
});

describe('householdDues: rounding to the cent', () => {
  it('rounds the dues left half up to the cent, as a code percent does', () => {
    // 1.05 − 10 % = 0.945 → 0.95 left, so the discount is 0.10.
    const household = householdDues(northside, [{ athleteId: 1, dues: 105 }], 1);
    expect(household.athletes).toMatchObject([{ duesAfterDiscounts: 95, siblingDiscount: 10 }]);
  });

  it('15 % of 123.45 leaves 104.93 (104.9325)', () => {
    const household = householdDues(northside, [{ athleteId: 1, dues: 12_345 }], 2);
    expect(household.athletes).toMatchObject([{ duesAfterDiscounts: 10_493, siblingDiscount: 1_852 }]);
  });

  it('a code that leaves a half cent, then the household percent', () => {
    // 9.99 − 50 % = 4.995 → 5.00; − 10 % = 4.50.
    const household = householdDues(
      northside,
      [{ athleteId: 1, dues: 999, discount: { percentOff: 50, flatAmount: null } }],
      1,
    );
    expect(household.athletes).toMatchObject([{ duesAfterCode: 500, siblingDiscount: 50, duesAfterDiscounts: 450 }]);
  });

  it('takes a fractional percent the same way', () => {
    const household = householdDues({ secondAthletePercent: 12.5, furtherAthletePercent: null }, [
      { athleteId: 1, dues: 10_000 },
      { athleteId: 2, dues: 333 },
    ]);
    // 3.33 − 12.5 % = 2.91375 → 2.91.
    expect(household.athletes).toMatchObject([{ athleteId: 1 }, { athleteId: 2, siblingDiscount: 42 }]);
  });
});

describe('householdPercent and householdTier', () => {
  it('gives the 1st nothing, the 2nd the second percent and every further one the further percent', () => {
    expect([1, 2, 3, 4, 10].map((position) => householdPercent(northside, position))).toEqual([0, 10, 15, 15, 15]);
    expect([1, 2, 3].map(householdTier)).toEqual(['first', 'second', 'further']);
  });

  it('reads a null, 0, negative or non-number percent as none and clamps above 100', () => {
    expect(householdPercent({ secondAthletePercent: null, furtherAthletePercent: 15 }, 2)).toBe(0);
    expect(householdPercent({ secondAthletePercent: null, furtherAthletePercent: 15 }, 3)).toBe(15);
    expect(householdPercent({ secondAthletePercent: -5, furtherAthletePercent: Number.NaN }, 2)).toBe(0);
    expect(householdPercent({ secondAthletePercent: -5, furtherAthletePercent: Number.NaN }, 3)).toBe(0);
    expect(householdPercent({ secondAthletePercent: 150, furtherAthletePercent: null }, 2)).toBe(100);
    expect(householdPercent(null, 2)).toBe(0);
  });

  it('rejects a place that is not a positive integer', () => {
    for (const position of [0, -1, 1.5, Number.NaN]) {
      expect(() => householdTier(position)).toThrow(RangeError);
      expect(() => householdPercent(northside, position)).toThrow(RangeError);
    }
  });
});

describe('householdDues: input no caller may pass', () => {
  it('rejects a negative or fractional count of paid athletes', () => {
    expect(() => householdDues(northside, [], -1)).toThrow(RangeError);
    expect(() => householdDues(northside, [], 0.5)).toThrow(RangeError);
  });

  it('rejects dues that are not non-negative integer cents', () => {
    for (const dues of [-1, 10.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => householdDues(northside, [{ athleteId: 1, dues }])).toThrow(RangeError);
    }
  });

  it('rejects one athlete twice in one checkout', () => {
    expect(() =>
      householdDues(northside, [
        { athleteId: 1, dues: 100 },
        { athleteId: 1, dues: 200 },
      ]),
    ).toThrow(/twice/);
  });
});

describe('householdDuesOf', () => {
  it("finds an athlete's line, or null", () => {
    const household = householdDues(northside, [
      { athleteId: SAM, dues: tigersDues },
      { athleteId: ALEX, dues: tigersDues },
    ]);
    expect(householdDuesOf(household, ALEX)?.siblingDiscount).toBe(4_500);
    expect(householdDuesOf(household, 99)).toBeNull();
  });
});

describe('householdDues properties', () => {
  const percentArb = fc.option(
    fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true })),
    { nil: null },
  );
  const settingsArb = fc.option(fc.record({ secondAthletePercent: percentArb, furtherAthletePercent: percentArb }), {
    nil: null,
  });
  const discountArb: fc.Arbitrary<DiscountTerms | null> = fc.option(
    fc.record({
      percentOff: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      flatAmount: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
      applied: fc.boolean(),
    }),
    { nil: null },
  );
  const athletesArb = fc.uniqueArray(
    fc.record({
      athleteId: fc.integer({ min: 1, max: 50 }),
      dues: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 105, 999, 45_000)),
      discount: discountArb,
    }),
    { selector: (athlete) => athlete.athleteId, maxLength: 6 },
  );
  const paidArb = fc.integer({ min: 0, max: 4 });

  it('never increases the dues, never goes below 0 and stays in integer cents', () => {
    fc.assert(
      fc.property(settingsArb, athletesArb, paidArb, (settings, athletes, paid) => {
        const household = householdDues(settings, athletes, paid);
        for (const line of household.athletes) {
          for (const amount of [line.duesAfterCode, line.codeDiscount, line.siblingDiscount, line.duesAfterDiscounts]) {
            expect(Number.isSafeInteger(amount)).toBe(true);
            expect(amount).toBeGreaterThanOrEqual(0);
          }
          expect(line.duesAfterDiscounts).toBeLessThanOrEqual(line.duesAfterCode);
          expect(line.duesAfterCode).toBeLessThanOrEqual(line.dues);
          expect(line.codeDiscount + line.siblingDiscount + line.duesAfterDiscounts).toBe(line.dues);
        }
        const before = athletes.reduce((total, athlete) => total + athlete.dues, 0);
        expect(household.duesAfterDiscountsTotal).toBeLessThanOrEqual(before);
        expect(household.duesAfterDiscountsTotal + household.siblingDiscountTotal).toBe(
          household.athletes.reduce((total, line) => total + line.duesAfterCode, 0),
        );
      }),
    );
  });

  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(
        settingsArb,
        athletesArb.chain((athletes) =>
          fc.tuple(fc.constant(athletes), fc.shuffledSubarray(athletes, { minLength: athletes.length })),
        ),
        paidArb,
        (settings, [athletes, shuffled], paid) => {
          expect(householdDues(settings, shuffled, paid)).toEqual(householdDues(settings, athletes, paid));
        },
      ),
    );
  });

  it('gives places after the paid athletes, the most expensive (after the code) first', () => {
    fc.assert(
      fc.property(settingsArb, athletesArb, paidArb, (settings, athletes, paid) => {
        const lines = householdDues(settings, athletes, paid).athletes;
        expect(lines.map((line) => line.position)).toEqual(lines.map((_, index) => paid + index + 1));
        for (let index = 1; index < lines.length; index += 1) {
          expect(lines[index - 1]!.duesAfterCode).toBeGreaterThanOrEqual(lines[index]!.duesAfterCode);
        }
        expect(ids(lines).sort((a, b) => a - b)).toEqual(ids(athletes).sort((a, b) => a - b));
      }),
    );
  });

  it('takes the household percent of the dues after the code, to the cent, and nothing from the 1st', () => {
    fc.assert(
      fc.property(settingsArb, athletesArb, paidArb, (settings, athletes, paid) => {
        for (const line of householdDues(settings, athletes, paid).athletes) {
          expect(line.duesAfterCode).toBe(
            discountedDues(line.dues, athletes.find((a) => a.athleteId === line.athleteId)?.discount ?? null),
          );
          expect(Math.abs(line.siblingDiscount - (line.duesAfterCode * line.percent) / 100)).toBeLessThanOrEqual(
            0.5 + 1e-6,
          );
          if (line.position === 1 || settings === null) expect(line.siblingDiscount).toBe(0);
          if (line.duesAfterCode === 0) expect(line.duesAfterDiscounts).toBe(0);
        }
      }),
    );
  });
});

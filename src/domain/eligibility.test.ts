import { describe, expect, it } from 'vitest';
import {
  type AgeRule,
  ageDeterminationDate,
  ageOn,
  ageRuleProblem,
  birthDateRange,
  isBirthDateInRange,
  isEligible,
  isPossibleBirthDate,
} from './eligibility.ts';

const rule = (
  preset: AgeRule['preset'],
  minAge: number,
  maxAge: number,
  customDate: string | null = null,
): AgeRule => ({
  preset,
  customDate,
  minAge,
  maxAge,
});

/** The day before, on and after a cut-off are refused or allowed as the range says, and `ageOn` agrees. */
function expectBoundaries(r: AgeRule, seasonStart: string, expected: { from: string; to: string }) {
  const range = birthDateRange(r, seasonStart);
  expect(range).toEqual(expected);
  const on = ageDeterminationDate(r, seasonStart);
  const cases: [string, boolean][] = [
    [shift(expected.from, -1), false],
    [expected.from, true],
    [shift(expected.from, 1), true],
    [shift(expected.to, -1), true],
    [expected.to, true],
    [shift(expected.to, 1), false],
  ];
  for (const [birth, allowed] of cases) {
    expect(isBirthDateInRange(birth, range), birth).toBe(allowed);
    const age = ageOn(birth, on);
    expect(age >= r.minAge && age <= r.maxAge, `age ${age} of ${birth} on ${on}`).toBe(allowed);
  }
}

function shift(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('age rules (issue 32 point 1)', () => {
  it('Little League Baseball counts age on August 31 of the season year: 12U Sharks 2027, ages 11-12', () => {
    expect(ageDeterminationDate(rule('little-league-baseball', 11, 12), '2027-03-01')).toBe('2027-08-31');
    expectBoundaries(rule('little-league-baseball', 11, 12), '2027-03-01', { from: '2014-09-01', to: '2016-08-31' });
  });

  it('Little League Softball counts age on December 31 of the year before', () => {
    expect(ageDeterminationDate(rule('little-league-softball', 9, 10), '2027-03-01')).toBe('2026-12-31');
    expectBoundaries(rule('little-league-softball', 9, 10), '2027-03-01', { from: '2016-01-01', to: '2017-12-31' });
  });

  it('US Soccer counts age on July 31 before the August 1 – July 31 seasonal year', () => {
    // Spring 2027 and Fall 2026 are both in the 2026–27 seasonal year; U12 is age 11.
    expect(ageDeterminationDate(rule('us-soccer', 11, 11), '2027-03-01')).toBe('2026-07-31');
    expect(ageDeterminationDate(rule('us-soccer', 11, 11), '2026-09-01')).toBe('2026-07-31');
    expect(ageDeterminationDate(rule('us-soccer', 11, 11), '2026-08-01')).toBe('2026-07-31');
    expect(ageDeterminationDate(rule('us-soccer', 11, 11), '2026-07-31')).toBe('2025-07-31');
    expectBoundaries(rule('us-soccer', 11, 11), '2026-09-01', { from: '2014-08-01', to: '2015-07-31' });
  });

  it('Birth year counts age on December 31 of the season year', () => {
    expect(ageDeterminationDate(rule('birth-year', 12, 12), '2027-03-01')).toBe('2027-12-31');
    expectBoundaries(rule('birth-year', 12, 12), '2027-03-01', { from: '2015-01-01', to: '2015-12-31' });
  });

  it('a custom date counts age on that date', () => {
    expect(ageDeterminationDate(rule('custom', 8, 10, '2027-05-01'), '2027-03-01')).toBe('2027-05-01');
    expectBoundaries(rule('custom', 8, 10, '2027-05-01'), '2027-03-01', { from: '2016-05-02', to: '2019-05-01' });
  });

  it('a February 29 cut-off and a February 29 birthday', () => {
    expectBoundaries(rule('custom', 12, 12, '2028-02-29'), '2028-03-01', { from: '2015-03-01', to: '2016-02-29' });
    expectBoundaries(rule('custom', 11, 11, '2028-02-29'), '2028-03-01', { from: '2016-03-01', to: '2017-02-28' });
    expect(ageOn('2016-02-29', '2027-02-28')).toBe(10);
    expect(ageOn('2016-02-29', '2027-03-01')).toBe(11);
  });

  it('an exception lets anyone through; a missing date of birth is not eligible; no rule lets all through', () => {
    const range = { from: '2014-09-01', to: '2016-08-31' };
    expect(isEligible({ range, birthDate: '2013-05-01', hasException: false })).toBe(false);
    expect(isEligible({ range, birthDate: '2013-05-01', hasException: true })).toBe(true);
    expect(isEligible({ range, birthDate: null, hasException: false })).toBe(false);
    expect(isEligible({ range, birthDate: '2015-05-01', hasException: false })).toBe(true);
    expect(isEligible({ range: null, birthDate: null, hasException: false })).toBe(true);
  });

  it('checks a rule and a date of birth', () => {
    expect(ageRuleProblem(rule('little-league-baseball', 11, 12))).toBeNull();
    expect(ageRuleProblem(rule('little-league-baseball', 12, 11))).toBe('ages');
    expect(ageRuleProblem(rule('birth-year', -1, 11))).toBe('ages');
    expect(ageRuleProblem(rule('birth-year', 1.5, 11))).toBe('ages');
    expect(ageRuleProblem(rule('custom', 8, 10))).toBe('customDate');
    expect(ageRuleProblem(rule('custom', 8, 10, '2027-02-30'))).toBe('customDate');
    expect(ageRuleProblem(rule('us-soccer', 8, 10, '2027-02-01'))).toBe('customDate');
    expect(isPossibleBirthDate('2015-05-01', '2026-12-06')).toBe(true);
    expect(isPossibleBirthDate('2027-01-01', '2026-12-06')).toBe(false);
    expect(isPossibleBirthDate('2015-02-29', '2026-12-06')).toBe(false);
    expect(isPossibleBirthDate('1899-12-31', '2026-12-06')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isIsoDate } from './dates';
import { isBirthDateText, isEligible } from './eligibility-check';

describe('isBirthDateText (the athlete steps’ date of birth)', () => {
  it('takes a real date from 1900 on', () => {
    expect(isBirthDateText('2014-09-01')).toBe(true);
    expect(isBirthDateText('1900-01-01')).toBe(true);
    expect(isBirthDateText('2016-02-29')).toBe(true);
  });

  it('refuses a date that does not exist, one before 1900, and anything not YYYY-MM-DD', () => {
    for (const text of ['2015-02-29', '2014-13-01', '2014-04-31', '1899-12-31', '0000-01-01', '2014-9-1', '', 'x']) {
      expect(isBirthDateText(text), text).toBe(false);
    }
  });

  it('agrees with the date module on every day of a leap year and a common year around them', () => {
    for (const year of [1999, 2000, 2015, 2016, 2100]) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 27; day <= 32; day += 1) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(isBirthDateText(text), text).toBe(isIsoDate(text));
        }
      }
    }
  });
});

describe('isEligible', () => {
  const range = { from: '2014-09-01', to: '2016-08-31' };
  it('lets an athlete through without a rule, with an exception, or born in the range', () => {
    expect(isEligible({ range: null, birthDate: null, hasException: false })).toBe(true);
    expect(isEligible({ range, birthDate: '2013-01-01', hasException: true })).toBe(true);
    expect(isEligible({ range, birthDate: '2014-09-01', hasException: false })).toBe(true);
    expect(isEligible({ range, birthDate: '2016-08-31', hasException: false })).toBe(true);
  });
  it('refuses one born outside the range or whose date of birth is unknown', () => {
    expect(isEligible({ range, birthDate: '2014-08-31', hasException: false })).toBe(false);
    expect(isEligible({ range, birthDate: '2016-09-01', hasException: false })).toBe(false);
    expect(isEligible({ range, birthDate: null, hasException: false })).toBe(false);
  });
});

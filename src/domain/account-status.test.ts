import { describe, expect, it } from 'vitest';
import {
  ADD_BILLING_INFORMATION_TEXT,
  dashboardStatusText,
  FREE_TRIAL_TEXT,
  FULL_ACCESS_UNTIL_TEXT,
  formatPaidThrough,
  LICENSE_EXPIRED_TEXT,
  mustRegisterWithAnotherLicense,
  NEXT_CHARGE_DATE_TEXT,
  REGISTER_WITH_ANOTHER_LICENSE_TEXT,
  SUBSCRIPTION_ACTIVE_TEXT,
  SUBSCRIPTION_NOT_ACTIVE_TEXT,
  TRIAL_CHARGE_DATE_TEXT,
  TRIAL_ENDED_TEXT,
} from './account-status.ts';
import { COACH_FULL_ACCESS_UNTIL_TEXT, SUBSCRIPTION_STATUS, type SubscriptionStatus } from './subscription-status.ts';

const now = new Date('2027-02-24T12:00:00Z');
const paidThrough = '2027-03-01T12:00:00Z';

describe('dashboard text table (§4)', () => {
  // status, is_coach → message, date label, billing prompt, register-with-another-licence + Logout
  const table: [SubscriptionStatus, boolean, string | null, string | null, boolean, boolean][] = [
    ['License active.', false, null, FULL_ACCESS_UNTIL_TEXT, false, true],
    ['License active.', true, null, COACH_FULL_ACCESS_UNTIL_TEXT, false, false],
    ['License expired.', false, LICENSE_EXPIRED_TEXT, null, false, true],
    ['License expired.', true, LICENSE_EXPIRED_TEXT, null, false, true],
    ['License disabled.', false, LICENSE_EXPIRED_TEXT, null, false, true],
    ['License disabled.', true, LICENSE_EXPIRED_TEXT, null, false, true],
    ['Trial period active.', false, FREE_TRIAL_TEXT, TRIAL_CHARGE_DATE_TEXT, false, true],
    ['Trial period active.', true, FREE_TRIAL_TEXT, TRIAL_CHARGE_DATE_TEXT, false, false],
    ['Trial period has ended.', false, TRIAL_ENDED_TEXT, null, true, true],
    ['Trial period has ended.', true, TRIAL_ENDED_TEXT, null, true, false],
    ['Subscription active.', false, SUBSCRIPTION_ACTIVE_TEXT, NEXT_CHARGE_DATE_TEXT, false, true],
    ['Subscription active.', true, SUBSCRIPTION_ACTIVE_TEXT, NEXT_CHARGE_DATE_TEXT, false, false],
    ['Subscription not active.', false, SUBSCRIPTION_NOT_ACTIVE_TEXT, null, false, true],
    ['Subscription not active.', true, SUBSCRIPTION_NOT_ACTIVE_TEXT, null, false, true],
  ];

  it.each(table)('%s (coach: %s)', (status, isCoach, message, dateLabel, billingPrompt, register) => {
    const text = dashboardStatusText({ status_message: status, paid_through: paidThrough }, isCoach, now);
    expect(text).toEqual({
      status,
      message,
      dateLabel,
      date: dateLabel === null ? null : 'March 1, 2027',
      daysLeft: dateLabel === null ? null : 5,
      addBillingPrompt: billingPrompt ? ADD_BILLING_INFORMATION_TEXT : null,
      registerWithAnotherLicense: register ? REGISTER_WITH_ANOTHER_LICENSE_TEXT : null,
      showLogoutButton: register,
    });
    expect(mustRegisterWithAnotherLicense(status, isCoach)).toBe(register);
  });

  it('covers every status for both roles', () => {
    expect(new Set(table.map(([status]) => status))).toEqual(new Set(Object.values(SUBSCRIPTION_STATUS)));
    expect(table).toHaveLength(14);
  });

  it('uses the spec words for expired and trial', () => {
    expect(LICENSE_EXPIRED_TEXT).toBe('Your license has expired.');
    expect(FREE_TRIAL_TEXT).toBe('You are currently on your free trial.');
  });

  it('shows nothing without a subscription or for an unknown status', () => {
    const none = dashboardStatusText(null, false, now);
    expect(none).toMatchObject({
      status: null,
      message: null,
      showLogoutButton: false,
      registerWithAnotherLicense: null,
    });
    expect(dashboardStatusText({ status_message: 'Something else.', paid_through: null }, true, now)).toEqual(none);
  });

  it('leaves the date out when paid_through is missing, and never counts negative days', () => {
    const trial = dashboardStatusText({ status_message: 'Trial period active.', paid_through: null }, false, now);
    expect(trial).toMatchObject({ message: FREE_TRIAL_TEXT, dateLabel: null, date: null, daysLeft: null });
    const past = dashboardStatusText(
      { status_message: 'Subscription active.', paid_through: '2027-01-01T00:00:00Z' },
      false,
      now,
    );
    expect(past).toMatchObject({ date: 'January 1, 2027', daysLeft: 0 });
  });

  it("shows the instant's UTC calendar date, whatever the viewer's zone (src/domain/dates.ts)", () => {
    expect(formatPaidThrough('2027-03-01T02:00:00Z')).toBe('March 1, 2027');
    expect(formatPaidThrough('2027-03-01T23:59:59Z')).toBe('March 1, 2027');
    expect(formatPaidThrough('not a date')).toBeNull();
    expect(formatPaidThrough(null)).toBeNull();
  });
});

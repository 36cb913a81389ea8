/**
 * The dashboard's 'Your Account' text from the subscription status (spec §4 Subscription status messages, §2
 * Dashboard): the seven status texts come from the server word for word (subscription-status.ts); the texts the spec
 * leaves open are the constants below, and every view shows these, never its own wording. The paid-through date is
 * shown as dates.ts says.
 */

import { daysUntil, formatDateText, parseInstant } from './dates.ts';
import {
  COACH_FULL_ACCESS_UNTIL_TEXT,
  isSubscriptionStatus,
  SUBSCRIPTION_STATUS,
  type SubscriptionStatus,
} from './subscription-status.ts';

/** §4 active licence, for a non-coach: full access until the paid-through date (label before the date). */
export const FULL_ACCESS_UNTIL_TEXT = 'You have full access until:';
/** §4 expired or disabled, word for word. */
export const LICENSE_EXPIRED_TEXT = 'Your license has expired.';
/** §4 trial, word for word. */
export const FREE_TRIAL_TEXT = 'You are currently on your free trial.';
/** §4 trial: the charge date's label (§9: the card is not charged until the trial ends). */
export const TRIAL_CHARGE_DATE_TEXT = 'Your card will be charged on:';
/** §4 ended trial. */
export const TRIAL_ENDED_TEXT = 'Your free trial has ended.';
/** §4 ended trial: the prompt to add billing information (the view links it to /subscribe). */
export const ADD_BILLING_INFORMATION_TEXT = 'Add your billing information to keep your access.';
/** §4 active subscription: the charge date's label. */
export const NEXT_CHARGE_DATE_TEXT = 'Your card will next be charged on:';
/** §4 active subscription. */
export const SUBSCRIPTION_ACTIVE_TEXT = 'Your subscription is active.';
/** §4 'Subscription not active.' (the spec gives it no text of its own). */
export const SUBSCRIPTION_NOT_ACTIVE_TEXT = 'Your subscription is not active.';
/** §4: the instruction shown with the Logout button. */
export const REGISTER_WITH_ANOTHER_LICENSE_TEXT =
  'To register with another license, log out and open the license link you were given.';

/**
 * §4: "a non-coach with trial, subscription or licence states, or a coach with non-active, expired or disabled
 * states, is told to register with another licence and is shown a Logout button". Read literally: a non-coach in any
 * of the seven states (each is a trial, subscription or licence state); a coach in 'Subscription not active.',
 * 'License expired.' or 'License disabled.'. A coach whose trial ended is prompted to add billing instead.
 */
export function mustRegisterWithAnotherLicense(status: SubscriptionStatus, isCoach: boolean): boolean {
  if (!isCoach) {
    return true;
  }
  return (
    status === SUBSCRIPTION_STATUS.subscriptionNotActive ||
    status === SUBSCRIPTION_STATUS.licenseExpired ||
    status === SUBSCRIPTION_STATUS.licenseDisabled
  );
}

/** What 'Your Account' shows for a subscription status (§4). Null fields are not shown. */
export interface DashboardStatusText {
  /** The recognised status, or null for no subscription or a text outside the seven. */
  readonly status: SubscriptionStatus | null;
  readonly message: string | null;
  /** A label shown before `date`. */
  readonly dateLabel: string | null;
  /** The paid-through date as 'March 1, 2027' (its UTC calendar date, dates.ts), only with a label. */
  readonly date: string | null;
  /** Whole days from now until that instant, a part day counting as one, never negative, only with a date. */
  readonly daysLeft: number | null;
  /** The §4 ended-trial prompt to add billing information. */
  readonly addBillingPrompt: string | null;
  /** §4: the register-with-another-licence instruction, shown together with a Logout button. */
  readonly registerWithAnotherLicense: string | null;
  readonly showLogoutButton: boolean;
}

/** The subscription fields the dashboard reads (§3 Current user). */
export interface SubscriptionInput {
  readonly status_message: string;
  readonly paid_through: string | null;
}

/** Formats the paid-through instant (§4) as its calendar date, 'March 1, 2027' (dates.ts), or null when absent or unreadable. */
export function formatPaidThrough(paidThrough: string | null): string | null {
  return formatDateText(paidThrough, 'long');
}

/** The dashboard text model of §4 from (status_message, paid_through, is_coach, now). */
export function dashboardStatusText(
  subscription: SubscriptionInput | null,
  isCoach: boolean,
  now: Date,
): DashboardStatusText {
  const empty: DashboardStatusText = {
    status: null,
    message: null,
    dateLabel: null,
    date: null,
    daysLeft: null,
    addBillingPrompt: null,
    registerWithAnotherLicense: null,
    showLogoutButton: false,
  };
  if (subscription === null || !isSubscriptionStatus(subscription.status_message)) {
    return empty;
  }
  const status = subscription.status_message;
  const register = mustRegisterWithAnotherLicense(status, isCoach);
  const base: DashboardStatusText = {
    ...empty,
    status,
    registerWithAnotherLicense: register ? REGISTER_WITH_ANOTHER_LICENSE_TEXT : null,
    showLogoutButton: register,
  };
  const paidThrough = parseInstant(subscription.paid_through);
  const dated = (dateLabel: string): Pick<DashboardStatusText, 'dateLabel' | 'date' | 'daysLeft'> =>
    paidThrough === null
      ? { dateLabel: null, date: null, daysLeft: null }
      : {
          dateLabel,
          date: formatPaidThrough(subscription.paid_through),
          daysLeft: daysUntil(paidThrough, now),
        };

  switch (status) {
    case SUBSCRIPTION_STATUS.licenseActive:
      return { ...base, ...dated(isCoach ? COACH_FULL_ACCESS_UNTIL_TEXT : FULL_ACCESS_UNTIL_TEXT) };
    case SUBSCRIPTION_STATUS.licenseExpired:
    case SUBSCRIPTION_STATUS.licenseDisabled:
      return { ...base, message: LICENSE_EXPIRED_TEXT };
    case SUBSCRIPTION_STATUS.trialActive:
      return { ...base, message: FREE_TRIAL_TEXT, ...dated(TRIAL_CHARGE_DATE_TEXT) };
    case SUBSCRIPTION_STATUS.trialEnded:
      return { ...base, message: TRIAL_ENDED_TEXT, addBillingPrompt: ADD_BILLING_INFORMATION_TEXT };
    case SUBSCRIPTION_STATUS.subscriptionActive:
      return { ...base, message: SUBSCRIPTION_ACTIVE_TEXT, ...dated(NEXT_CHARGE_DATE_TEXT) };
    case SUBSCRIPTION_STATUS.subscriptionNotActive:
      return { ...base, message: SUBSCRIPTION_NOT_ACTIVE_TEXT };
  }
}

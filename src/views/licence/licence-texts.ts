/**
 * The texts of the licence pages. Those the spec gives (§2 Licence page, §8) are word for word; the others say what
 * the spec describes (the count, the access date, the activation steps) in the product's voice.
 */
import { config } from '../../config';
import { COACH_FULL_ACCESS_UNTIL_TEXT } from '../../domain/subscription-status';

export const LICENCE_TEXTS = {
  welcome: `Welcome to ${config.clientName}`,
  haveAccount: `Already have a ${config.clientName} App account?`,
  loadFailed: 'Sorry, an error occurred.',
  paused: 'Registration has been paused by the organization.',
  teamUnavailable: 'Sorry, this license is not available.',
  coachUnavailable: 'Sorry, Coach licenses are no longer available.',
  claimOne: 'Claim one',
  accessUntil: 'Access to the Coach app until:',
  fullAccessUntil: COACH_FULL_ACCESS_UNTIL_TEXT,
  downloadNow: 'Download the app now to get started.',
  logInProvided: 'Simply log in with the email and password provided.',
  /** Issue 21 point 3: a full team's waitlist. */
  joinWaitlist: 'Join the waitlist',
  joinWaitlistIntro: 'We will e-mail you when a spot opens, and hold it for you for 48 hours.',
} as const;

/** Issue 21 point 3: the licence page opened from a waitlist offer's e-mail. */
export function heldForYouText(until: string): string {
  return `A spot is held for you until ${until}.`;
}

export function alreadyRegisteredText(name: string): string {
  return `You've already registered for ${name}`;
}

export function availableCountText(count: number): string {
  return `${count} ${count === 1 ? 'license' : 'licenses'} available`;
}

export function activationHeading(appName: string): string {
  return `Three steps to activate your ${appName} account`;
}

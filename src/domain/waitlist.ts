/**
 * The texts of a full team's waitlist (issue 21 point 3), for the licence page and /waitlist. The issue gives
 * "You're on the waitlist for {team}." word for word; the others say what it describes in the product's voice.
 */
import { parseInstant } from './dates';

export const WAITLIST_TEXTS = {
  join: 'Join the waitlist',
  joinIntro: 'We will e-mail you when a spot opens, and hold it for you for 48 hours.',
  leave: 'Leave the waitlist',
  leaveQuestion: 'Leave the waitlist?',
  leaveYes: 'Yes, leave',
  leaveNo: 'No, stay on it',
  continue: 'Continue to register',
  backToTeam: 'Back to the team',
  tryAgain: 'Try again',
  title: 'Waitlist',
} as const;

export function onWaitlistText(team: string): string {
  return `You're on the waitlist for ${team}.`;
}

export function positionText(position: number): string {
  return position === 1 ? 'You are next on the list.' : `You are number ${position} on the list.`;
}

/** /waitlist, while an offer is open for the family. */
export function heldOnListText(until: string): string {
  return `A spot is being held for you until ${until}.`;
}

/** The licence page opened from the offer's e-mail. */
export function heldOnLicenceText(until: string): string {
  return `A spot is held for you until ${until}.`;
}

export function leftWaitlistText(team: string): string {
  return `You have left the waitlist for ${team}.`;
}

const holdFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * When an offer's hold ends, for the family: date and time in the reader's own zone, named ('Nov 28, 2026, 6:00 PM
 * UTC'), since 48 hours end at a time of day. An unreadable value is shown as it came.
 */
export function formatHoldUntil(expiresAt: string): string {
  const instant = parseInstant(expiresAt);
  return instant === null ? expiresAt : holdFormat.format(instant);
}

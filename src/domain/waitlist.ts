/**
 * The texts of a full team's waitlist (issue 21 point 3), for the licence page and /waitlist. The issue gives
 * "You're on the waitlist for {team}." word for word; the others say what it describes in the product's voice.
 */
export const WAITLIST_TEXTS = {
  join: 'Join the waitlist',
  leave: 'Leave the waitlist',
  leaveQuestion: 'Leave the waitlist?',
  leaveYes: 'Yes, leave',
  leaveNo: 'No, stay on it',
  continue: 'Continue to register',
  backToTeam: 'Back to the team',
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

export function leftWaitlistText(team: string): string {
  return `You have left the waitlist for ${team}.`;
}

/** /waitlist for a family not (or no longer) on the list, e.g. a reload after leaving. */
export function notOnWaitlistText(team: string): string {
  return `You are not on the waitlist for ${team}.`;
}

/**
 * Held seats (issue 30 point 4): how long a claim with nothing paid keeps its seat, and the texts a family and the
 * staff read about it. Pure, one copy for the server (reminders, the release job, the 412 of a stale seat change)
 * and the site (the saved registration, the licence page, the console).
 */

/** A claim with nothing paid holds its seat this long from the claim; then the background run releases it. */
export const HOLD_HOURS = 96;
export const HOLD_MS = HOLD_HOURS * 60 * 60 * 1000;

export const SEAT_HOLD_TEXTS = {
  /** The 412 of a seat change sent with an older version of the licence (`If-Match`). */
  staleLicence: 'Someone else changed this licence. Reload to see it.',
  /** A staff release of a seat that is not held (paid meanwhile, released already). */
  notHeld: 'This spot is not held anymore.',
} as const;

/** The 24 h and 72 h registration reminders' line. */
export function heldUntilText(team: string, until: string): string {
  return `Your spot on ${team} is held until ${until}.`;
}

/** The family's saved registration and licence page once the hold was released. */
export function releasedText(team: string): string {
  return `Your held spot on ${team} was released.`;
}

/** The roster's line of a held seat. */
export function rosterHeldText(until: string): string {
  return `Held until ${until}`;
}

/** When a hold ends: the claim's moment plus HOLD_HOURS. */
export function holdEndsAt(claimedAt: Date): Date {
  return new Date(claimedAt.getTime() + HOLD_MS);
}

const utcFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** 'Dec 9, 2026, 8:30 AM UTC': a hold's end where no reader's zone is known (e-mails, the console's CSV). */
export function formatHoldEndUtc(instant: Date): string {
  return `${utcFormat.format(instant)} UTC`;
}

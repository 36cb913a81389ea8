/**
 * Held seats (issue 30 point 4): how long a claim with nothing paid keeps its seat, and the texts a family and the
 * staff read about it. Pure, one copy for the server (reminders, the release job, the 412 of a stale seat change)
 * and the site (the saved registration, the licence page, the console).
 *
 * `holdEnd` is the one answer to "when does this hold end": the release job (server/services/seat-holds.ts), the
 * console's held seats and its audit, and the registration reminders all ask it, so none tells a different moment.
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

/** The claim's own 96 hours: its moment plus HOLD_HOURS (a hold never ends before this). */
export function holdEndsAt(claimedAt: Date): Date {
  return new Date(claimedAt.getTime() + HOLD_MS);
}

/** The claimant's request for financial assistance on the claim's team (issue 34), as far as the hold cares. */
export interface HoldAssistanceRequest {
  status: 'pending' | 'approved' | 'declined';
  /** When staff decided it (null while it waits). */
  decidedAt: Date | null;
}

/**
 * When a hold ends: `until` a moment (the background run's first run at or after it releases the seat), or
 * `decision`: held for as long as a request for financial assistance waits (no moment can be promised).
 */
export type HoldEnd = { kind: 'until'; at: Date } | { kind: 'decision' };

/**
 * The one rule of a hold's end (issue 30 point 4, issue 34 point 1): the claim's 96 hours; a request for financial
 * assistance keeps the seat while it waits and for 96 hours after the decision (approved or declined alike), or the
 * claim's own 96 hours when those end later.
 */
export function holdEnd(claimedAt: Date, request: HoldAssistanceRequest | null): HoldEnd {
  const own = holdEndsAt(claimedAt);
  if (request === null) return { kind: 'until', at: own };
  if (request.status === 'pending' || request.decidedAt === null) return { kind: 'decision' };
  const afterDecision = request.decidedAt.getTime() + HOLD_MS;
  return { kind: 'until', at: afterDecision > own.getTime() ? new Date(afterDecision) : own };
}

/** Whether a hold ending at `end` is over at `at` (the release job releases it on that run). */
export function holdEnded(end: HoldEnd, at: Date): boolean {
  return end.kind === 'until' && end.at.getTime() <= at.getTime();
}

/** The wire's `held_until`: the ISO moment, or null while a request for financial assistance waits. */
export function heldUntilIso(end: HoldEnd): string | null {
  return end.kind === 'until' ? end.at.toISOString() : null;
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

/**
 * The view's window on admin-holds.machine.ts: the held seats of a team with 'Held until {date}' (in the reader's
 * zone), whether 'Release' is offered and enabled, and a failure's text.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { formatHoldUntil } from '../domain/dates';
import { rosterHeldText } from '../domain/seat-holds';
import type { adminHoldsMachine } from './admin-holds.machine';

export type AdminHoldsActorRef = ActorRefFrom<typeof adminHoldsMachine>;
export type AdminHoldsSnapshot = SnapshotFrom<typeof adminHoldsMachine>;

export interface HeldSeatRow {
  athleteId: number;
  athlete: string;
  licence: string;
  /** 'Held until Dec 9, 2026, 8:30 AM UTC' */
  heldUntil: string;
  /** Whether 'Release' is enabled now. */
  canRelease: boolean;
}

export type AdminHoldsView =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'loaded'; rows: HeldSeatRow[]; mayRelease: boolean; busy: boolean; error: string | null };

export const HELD_SEATS_HEADING = 'Held seats';
export const NO_HELD_SEATS = 'No spots are held without payment.';
export const RELEASE_TEXT = 'Release';

export function adminHoldsView(snapshot: AdminHoldsSnapshot): AdminHoldsView {
  const { holds, error } = snapshot.context;
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed') || holds === null) return { kind: 'failed', error: error ?? 'Error' };
  return {
    kind: 'loaded',
    mayRelease: holds.can_release,
    busy: snapshot.hasTag('busy'),
    error: snapshot.matches({ loaded: 'releaseFailed' }) ? error : null,
    rows: holds.holds.map((hold) => ({
      athleteId: hold.athlete.id,
      athlete: hold.athlete.name,
      licence: hold.license,
      heldUntil: rosterHeldText(formatHoldUntil(hold.held_until)),
      canRelease: snapshot.can({ type: 'RELEASE', athleteId: hold.athlete.id }),
    })),
  };
}

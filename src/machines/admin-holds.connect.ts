/**
 * The view's window on admin-holds.machine.ts: the held seats of a team with when each hold ends ('Held until {date}'
 * in the reader's zone and language: `heldUntilText`, called while rendering), whether 'Release' is offered and
 * enabled, and a failure's text.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { formatHoldUntil } from '../domain/dates';
import { intlLocale, t } from '../i18n/runtime';
import type { adminHoldsMachine } from './admin-holds.machine';

export type AdminHoldsActorRef = ActorRefFrom<typeof adminHoldsMachine>;
export type AdminHoldsSnapshot = SnapshotFrom<typeof adminHoldsMachine>;

export interface HeldSeatRow {
  athleteId: number;
  athlete: string;
  licence: string;
  /**
   * When the hold ends, as the server sent it (`heldUntilText` makes it 'Held until Dec 9, 2026, 8:30 AM UTC'); null
   * while the athlete's request for financial assistance waits ('Held while assistance is decided').
   */
  heldUntil: string | null;
  /** Whether 'Release' is enabled now. */
  canRelease: boolean;
}

export type AdminHoldsView =
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  | { kind: 'loaded'; rows: HeldSeatRow[]; mayRelease: boolean; busy: boolean; error: string | null };

/**
 * 'Held until Dec 9, 2026, 8:30 AM UTC' (or 'Held while assistance is decided') in the language in use: call it while
 * rendering, never in a selector.
 */
export function heldUntilText(row: Pick<HeldSeatRow, 'heldUntil'>): string {
  if (row.heldUntil === null) return t('seatHolds.heldWhileAssistanceDecided');
  return t('admin.heldUntil', { until: formatHoldUntil(row.heldUntil, intlLocale()) });
}

export function adminHoldsView(snapshot: AdminHoldsSnapshot): AdminHoldsView {
  const { holds, error } = snapshot.context;
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed') || holds === null) return { kind: 'failed', error: error ?? null };
  return {
    kind: 'loaded',
    mayRelease: holds.can_release,
    busy: snapshot.hasTag('busy'),
    error: snapshot.matches({ loaded: 'releaseFailed' }) ? error : null,
    rows: holds.holds.map((hold) => ({
      athleteId: hold.athlete.id,
      athlete: hold.athlete.name,
      licence: hold.license,
      heldUntil: hold.held_until,
      canRelease: snapshot.can({ type: 'RELEASE', athleteId: hold.athlete.id }),
    })),
  };
}

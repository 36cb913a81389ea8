/** The view's window on admin-dead-letters.machine.ts: the dead letters, which may be sent again now, a failure. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adminDeadLettersMachine } from './admin-dead-letters.machine';

export type AdminDeadLettersActorRef = ActorRefFrom<typeof adminDeadLettersMachine>;
export type AdminDeadLettersSnapshot = SnapshotFrom<typeof adminDeadLettersMachine>;

export interface DeadLetterRow {
  id: string;
  queue: string;
  /** The day the job ran as of (null: the clock's). */
  day: string | null;
  error: string;
  /** When it was given up (ISO instant). */
  failedAt: string;
  canRetry: boolean;
}

export type AdminDeadLettersView =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string | null }
  | { kind: 'loaded'; rows: DeadLetterRow[]; busy: boolean; error: string | null };

export function adminDeadLettersView(snapshot: AdminDeadLettersSnapshot): AdminDeadLettersView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  return {
    kind: 'loaded',
    busy: snapshot.hasTag('busy'),
    error: snapshot.matches({ loaded: 'sendFailed' }) ? snapshot.context.error : null,
    rows: snapshot.context.jobs.map((job) => ({
      id: job.id,
      queue: job.queue,
      day: job.as_of,
      error: job.error,
      failedAt: job.failed_at,
      canRetry: snapshot.can({ type: 'RETRY_JOB', id: job.id }),
    })),
  };
}

/**
 * The view's window on admin-billing.machine.ts: the day's figures by outcome (amounts written here), each failed
 * payment with its membership's page, whether the CSV is being fetched, and the texts of failures.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BillingDay } from '../api/admin-billing';
import { formatUsd } from '../domain/money';
import type { adminBillingMachine } from './admin-billing.machine';

export type AdminBillingActorRef = ActorRefFrom<typeof adminBillingMachine>;
export type AdminBillingSnapshot = SnapshotFrom<typeof adminBillingMachine>;

export type BillingOutcomeKey = 'due' | 'collected' | 'declined' | 'retrying' | 'failed' | 'scheduled';
export const BILLING_OUTCOMES: readonly BillingOutcomeKey[] = [
  'due',
  'collected',
  'declined',
  'retrying',
  'failed',
  'scheduled',
];

export interface BillingFigureRow {
  key: BillingOutcomeKey;
  count: number;
  amount: string;
}

export interface BillingFailureRow {
  key: string;
  membershipId: number;
  athlete: string;
  team: string;
  amount: string;
  /** 'retrying': waiting for a retry on `nextAttempt`; 'failed': for good. */
  status: 'retrying' | 'failed';
  nextAttempt: string | null;
  reason: string | null;
}

export type AdminBillingView =
  | { kind: 'noOrganization' }
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  | {
      kind: 'loaded';
      organization: string;
      date: string;
      figures: BillingFigureRow[];
      failures: BillingFailureRow[];
      /** The day is being read again after a run moved it (the figures stay). */
      refreshing: boolean;
      exporting: boolean;
      /** A refresh or export failure's text, shown above the figures. */
      error: string | null;
      /** The refresh failed: 'Try again' reads the day again. */
      refreshFailed: boolean;
    };

function figures(day: BillingDay): BillingFigureRow[] {
  return BILLING_OUTCOMES.map((key) => ({ key, count: day[key].count, amount: formatUsd(day[key].amount_cents) }));
}

export function adminBillingView(snapshot: AdminBillingSnapshot): AdminBillingView {
  if (snapshot.matches('noOrganization') || snapshot.matches('start')) return { kind: 'noOrganization' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  const { day, error } = snapshot.context;
  if (snapshot.matches('loading') || day === null) return { kind: 'loading' };
  return {
    kind: 'loaded',
    organization: day.organization.name,
    date: day.date,
    figures: figures(day),
    failures: day.failures.map((row) => ({
      key: `${row.membership_id}-${row.phase_id}`,
      membershipId: row.membership_id,
      athlete: row.athlete.name,
      team: row.team.name,
      amount: formatUsd(row.amount_cents),
      status: row.status,
      nextAttempt: row.next_attempt_on,
      reason: row.failure_message,
    })),
    refreshing: snapshot.matches({ loaded: 'refreshing' }),
    exporting: snapshot.matches({ loaded: 'exporting' }),
    error: snapshot.matches({ loaded: 'refreshFailed' }) || snapshot.matches({ loaded: 'exportFailed' }) ? error : null,
    refreshFailed: snapshot.matches({ loaded: 'refreshFailed' }),
  };
}

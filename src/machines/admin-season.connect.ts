/**
 * The view's window on admin-season.machine.ts: the season's picture (issue 33 point 4) as rows of a table (each team,
 * then the club), the months of the chart and its table, what waits for staff with where each list is, and the
 * season picker. Amounts are written here; month names in the reader's language by `monthText`, called while
 * rendering.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SeasonTotals } from '../api/admin-season';
import { formatUsd } from '../domain/money';
import { intlLocale } from '../i18n/runtime';
import type { adminSeasonMachine } from './admin-season.machine';

export type AdminSeasonActorRef = ActorRefFrom<typeof adminSeasonMachine>;
export type AdminSeasonSnapshot = SnapshotFrom<typeof adminSeasonMachine>;

/** One row of the picture's table: a team (with its roster's link) or the whole club. */
export interface SeasonRow {
  key: string;
  /** The team's name; null for the club's row (the view names it). */
  team: string | null;
  teamId: number | null;
  registered: number;
  paidInFull: number;
  onPlan: number;
  owing: number;
  cancelled: number;
  collected: string;
  refunded: string;
  due: string;
}

export interface SeasonMonthRow {
  /** `YYYY-MM`. */
  month: string;
  collectedCents: number;
  dueCents: number;
  collected: string;
  due: string;
}

/** What waits for staff, each with its list: a team's failed or overdue payments, or the documents queue. */
export type WaitingItem =
  | { kind: 'failed' | 'overdue'; teamId: number; team: string; count: number }
  | { kind: 'documents'; count: number };

export type AdminSeasonView =
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  | {
      kind: 'loaded';
      organizationId: number;
      organization: string;
      season: { id: number; name: string } | null;
      seasons: { id: number; name: string }[];
      rows: SeasonRow[];
      months: SeasonMonthRow[];
      waiting: WaitingItem[];
    };

function rowOf(key: string, team: { id: number; name: string } | null, totals: SeasonTotals): SeasonRow {
  return {
    key,
    team: team?.name ?? null,
    teamId: team?.id ?? null,
    registered: totals.registered,
    paidInFull: totals.paid_in_full,
    onPlan: totals.on_plan,
    owing: totals.owing,
    cancelled: totals.cancelled,
    collected: formatUsd(totals.collected_cents),
    refunded: formatUsd(totals.refunded_cents),
    due: formatUsd(totals.due_cents),
  };
}

export function adminSeasonView(snapshot: AdminSeasonSnapshot): AdminSeasonView {
  const { summary, error } = snapshot.context;
  if (snapshot.matches('failed')) return { kind: 'failed', error: error ?? null };
  if (snapshot.matches('loading') || summary === null) return { kind: 'loading' };
  const waiting: WaitingItem[] = [];
  for (const team of summary.teams) {
    if (team.failed > 0) waiting.push({ kind: 'failed', teamId: team.id, team: team.name, count: team.failed });
    if (team.overdue > 0) waiting.push({ kind: 'overdue', teamId: team.id, team: team.name, count: team.overdue });
  }
  if (summary.documents_to_verify > 0) waiting.push({ kind: 'documents', count: summary.documents_to_verify });
  return {
    kind: 'loaded',
    organizationId: summary.organization.id,
    organization: summary.organization.name,
    season: summary.season === null ? null : { id: summary.season.id, name: summary.season.name },
    seasons: summary.seasons,
    rows: [...summary.teams.map((team) => rowOf(`team-${team.id}`, team, team)), rowOf('club', null, summary.club)],
    months: summary.months.map((month) => ({
      month: month.month,
      collectedCents: month.collected_cents,
      dueCents: month.due_cents,
      collected: formatUsd(month.collected_cents),
      due: formatUsd(month.due_cents),
    })),
    waiting,
  };
}

/** 'Sep 2026' (or 'sept 2026') for `YYYY-MM`, in the language in use: call it while rendering, never in a selector. */
export function monthText(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)),
  );
}

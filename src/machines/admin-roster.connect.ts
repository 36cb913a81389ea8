/**
 * The views' window on admin-roster.machine.ts (/admin/teams/$teamId): the team, the rows as the table shows them
 * (money as dollars, dates, status labels), the query's filter, search, sorted column and page, which exports the
 * role offers, and what is under way or failed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  mayExportPayments,
  maySortBy,
  pageCount,
  ROSTER_COLUMNS,
  ROSTER_STATUS_LABEL,
  ROSTER_STATUSES,
  type RosterSort,
  type RosterStatus,
  sortOf,
} from '../domain/admin-roster';
import { formatDateText } from '../domain/dates';
import { formatUsd } from '../domain/money';
import { staffCan, TEAM_STATUS_LABEL } from '../domain/staff';
import { ADMIN_TEAM_NOT_FOUND, type adminRosterMachine } from './admin-roster.machine';

export type AdminRosterActorRef = ActorRefFrom<typeof adminRosterMachine>;
export type AdminRosterSnapshot = SnapshotFrom<typeof adminRosterMachine>;

export interface RosterRowView {
  id: number;
  athlete: string;
  guardian: string;
  guardianEmail: string;
  guardianPhone: string;
  /** What who may read money sees (issue 30 point 2: a coach's rows have none). */
  money: { plan: string; paid: string; remaining: string; nextDue: string } | null;
  status: string;
}

export interface RosterColumnView {
  sort: RosterSort;
  header: string;
  ariaSort: 'ascending' | 'descending' | 'none';
}

export type AdminRosterView =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'notFound'; message: string }
  | {
      kind: 'loaded';
      team: { name: string; season: string; organization: string };
      rows: RosterRowView[];
      columns: RosterColumnView[];
      status: RosterStatus | null;
      statuses: { value: RosterStatus; label: string }[];
      q: string;
      total: number;
      page: number;
      pages: number;
      canExportPayments: boolean;
      /** `can.read_money`: amounts, plans, due dates, the status filter and each membership's page. */
      canReadMoney: boolean;
      /** A new page of the roster is loading. */
      updating: boolean;
      /** An export is under way (the export buttons do nothing meanwhile). */
      exporting: boolean;
      exportError: string | null;
    }
  | { kind: 'leaving' };

export function adminRosterView(snapshot: AdminRosterSnapshot): AdminRosterView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? 'Error' };
  if (snapshot.matches('notFound')) return { kind: 'notFound', message: ADMIN_TEAM_NOT_FOUND };
  const { staff, team, roster, query, error } = snapshot.context;
  const shown = snapshot.matches('loaded');
  if (!shown || staff === null || team === null || roster === null) return { kind: 'leaving' };
  const money = staffCan(staff.organizations, team.organization.id, 'read_money');
  return {
    kind: 'loaded',
    team: { name: team.name, season: team.season.name, organization: team.organization.name },
    rows: roster.memberships.map((row) => ({
      id: row.id,
      athlete: row.athlete.name,
      guardian: row.guardian.name,
      guardianEmail: row.guardian.email,
      guardianPhone: row.guardian.phone ?? '',
      ...('paid_cents' in row
        ? {
            money: money
              ? {
                  plan: row.plan,
                  paid: formatUsd(row.paid_cents),
                  remaining: formatUsd(row.remaining_cents),
                  nextDue: formatDateText(row.next_due) ?? '—',
                }
              : null,
            status: ROSTER_STATUS_LABEL[row.status],
          }
        : { money: null, status: TEAM_STATUS_LABEL[row.status] }),
    })),
    columns: ROSTER_COLUMNS.filter((column) => maySortBy(money, column.sort)).map((column) => ({
      ...column,
      ariaSort: sortOf(query, column.sort),
    })),
    status: query.status ?? null,
    statuses: ROSTER_STATUSES.map((value) => ({ value, label: ROSTER_STATUS_LABEL[value] })),
    q: query.q ?? '',
    total: roster.total,
    page: roster.page,
    pages: pageCount(roster.total, roster.page_size),
    canExportPayments: mayExportPayments(staff.organizations, team.organization.id),
    canReadMoney: money,
    updating: snapshot.matches({ loaded: 'reloading' }),
    exporting: snapshot.matches({ loaded: 'exporting' }),
    exportError: snapshot.matches({ loaded: { ready: 'exportFailed' } }) ? error : null,
  };
}

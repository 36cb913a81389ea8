/**
 * The views' window on admin-roster.machine.ts (/admin/teams/$teamId): the team, the rows as the table shows them
 * (money as dollars; dates as the server sent them and statuses as messages, which the view writes in the language in
 * use), the query's filter, search, sorted column and page, which exports the role offers, and what is under way or
 * failed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  mayExportPayments,
  maySortBy,
  pageCount,
  ROSTER_COLUMNS,
  ROSTER_STATUSES,
  type RosterSort,
  type RosterStatus,
  sortOf,
} from '../domain/admin-roster';
import { formatUsd } from '../domain/money';
import { staffCan } from '../domain/staff';
import type { Message } from '../i18n/runtime';
import type { adminRosterMachine } from './admin-roster.machine';

/** The roster's next due dates as the view writes them (`consoleDate(row.money.nextDue)`). */
export { consoleDate } from './admin-membership.connect';

export type AdminRosterActorRef = ActorRefFrom<typeof adminRosterMachine>;
export type AdminRosterSnapshot = SnapshotFrom<typeof adminRosterMachine>;

export interface RosterRowView {
  id: number;
  athlete: string;
  guardian: string;
  guardianEmail: string;
  guardianPhone: string;
  /**
   * What who may read money sees (issue 30 point 2: a coach's rows have none); `nextDue` as the server sent it (the
   * view writes it with `consoleDate`).
   */
  money: { plan: string; paid: string; remaining: string; nextDue: string | null } | null;
  /** The membership's status ('Paid', 'On schedule'…), or a coach's coarser standing. */
  status: Message;
  /** Issue 32 point 2: 'Documents needed' beside the athlete until the team's documents are verified. */
  documentsNeeded: boolean;
}

export interface RosterColumnView {
  /** The column, named by the view (`admin.rosterColumn`). */
  sort: RosterSort;
  ariaSort: 'ascending' | 'descending' | 'none';
}

export type AdminRosterView =
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  /** 'Team not found.' */
  | { kind: 'notFound' }
  | {
      kind: 'loaded';
      team: { name: string; season: string; organization: string };
      rows: RosterRowView[];
      columns: RosterColumnView[];
      status: RosterStatus | null;
      /** The status filter's choices, each named by the view (`admin.membershipStatus`). */
      statuses: readonly RosterStatus[];
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
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  if (snapshot.matches('notFound')) return { kind: 'notFound' };
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
      documentsNeeded: row.documents_needed === true,
      ...('paid_cents' in row
        ? {
            money: money
              ? {
                  plan: row.plan,
                  paid: formatUsd(row.paid_cents),
                  remaining: formatUsd(row.remaining_cents),
                  nextDue: row.next_due,
                }
              : null,
            status: { key: 'admin.membershipStatus', params: { status: row.status } },
          }
        : { money: null, status: { key: 'admin.teamStatus', params: { status: row.status } } }),
    })),
    columns: ROSTER_COLUMNS.filter((column) => maySortBy(money, column)).map((column) => ({
      sort: column,
      ariaSort: sortOf(query, column),
    })),
    status: query.status ?? null,
    statuses: ROSTER_STATUSES,
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

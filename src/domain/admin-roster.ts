/**
 * The rules of the console's roster page (issue 22 point 3), read by admin-roster.machine.ts and its connect module:
 * how a filter, a search, a column or a page turns the current query into the next, how many pages a total makes,
 * and who may export payments. The server pages, sorts and filters (GET /api/admin/teams/{id}/memberships) and
 * refuses a coach the payments export again: these only build the request and keep the page from offering it.
 */
import { MEMBERSHIP_STATUSES, type MembershipStatus } from './membership-figures';
import { type StaffOrganization, staffCan } from './staff';

/** A roster row's statuses: the figures' (./membership-figures.ts, issue 30 point 5), as every surface shows them. */
export const ROSTER_STATUSES = MEMBERSHIP_STATUSES;
export type RosterStatus = MembershipStatus;

export const ROSTER_SORTS = ['athlete', 'guardian', 'paid', 'remaining', 'next_due', 'status'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

/** A roster request's query (GET /api/admin/teams/{id}/memberships): only what is set is sent. */
export interface RosterQuery {
  status?: RosterStatus | undefined;
  q?: string | undefined;
  page?: number | undefined;
  sort?: RosterSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
}

/** The roster's sortable columns, in table order (the view names each: `admin.rosterColumn`). */
export const ROSTER_COLUMNS: readonly RosterSort[] = ROSTER_SORTS;

/** The server's page size (docs/api.md: `page_size: 50`). */
export const ROSTER_PAGE_SIZE = 50;

/** A status filter (null: every status) starts again at page 1. */
export function filteredBy(query: RosterQuery, status: RosterStatus | null): RosterQuery {
  return { ...query, status: status ?? undefined, page: undefined };
}

/** A search by athlete or guardian name (blank: none) starts again at page 1. */
export function searchedFor(query: RosterQuery, q: string): RosterQuery {
  const text = q.trim();
  return { ...query, q: text === '' ? undefined : text, page: undefined };
}

/** Sorting by a column: ascending first, the other way when it is already the column; page 1 again. */
export function sortedBy(query: RosterQuery, column: RosterSort): RosterQuery {
  const current = query.sort ?? 'athlete';
  const dir = current === column && (query.dir ?? 'asc') === 'asc' ? 'desc' : 'asc';
  return { ...query, sort: column, dir, page: undefined };
}

export function onPage(query: RosterQuery, page: number): RosterQuery {
  return { ...query, page: page <= 1 ? undefined : page };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** How a column is sorted now, for its header's aria-sort (the server's default order is by athlete). */
export function sortOf(query: RosterQuery, column: RosterSort): 'ascending' | 'descending' | 'none' {
  if ((query.sort ?? 'athlete') !== column) return 'none';
  return (query.dir ?? 'asc') === 'asc' ? 'ascending' : 'descending';
}

/** Columns that sort by money or its standing: only for who may read money (issue 30 point 2). */
const MONEY_SORTS: ReadonlySet<RosterSort> = new Set(['paid', 'remaining', 'next_due', 'status']);

/** Whether the roster may be sorted by `column` (a coach: by athlete or guardian only); the server ignores others. */
export function maySortBy(canReadMoney: boolean, column: RosterSort): boolean {
  return canReadMoney || !MONEY_SORTS.has(column);
}

/** Who may read money exports payments (`can.read_money` of GET /api/admin/me); a coach reads the roster only. */
export function mayExportPayments(organizations: readonly StaffOrganization[], organizationId: number): boolean {
  return staffCan(organizations, organizationId, 'read_money');
}

/**
 * A team's roster in the club console, /admin/teams/$teamId (issue 22 point 3): who registered and who has paid,
 * filtered by status, searched by name, sorted by a column and paged, all on the server (GET /api/admin/teams/{id}/
 * memberships); the query is the page's URL (the route mirrors it). Exports (issue 22 point 5): the roster CSV for
 * every role, the payments CSV for owners and registrars. A team the staff member may not see is 'Team not found.';
 * a session the server no longer knows leads to /admin/login; a load failure is a state with a retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  type AdminTeam,
  getAdminMe,
  getAdminTeams,
  getRoster,
  type RosterAnswer,
  type RosterQuery,
  type Staff,
} from '../api/admin';
import { fetchTeamExport, type TeamExport } from '../api/admin-exports';
import { saveFile } from '../api/download';
import { ApiError, errorText } from '../api/errors';
import type { RosterSort, RosterStatus } from '../domain/admin-roster';
import {
  filteredBy,
  mayExportPayments,
  maySortBy,
  onPage,
  pageCount,
  searchedFor,
  sortedBy,
} from '../domain/admin-roster';
import { staffCan } from '../domain/staff';
import { clearStaffSession } from '../session/staff';
import { exitOf } from './flow-exit';
import { apiCall, settleUnlessAborted } from './settle-unless-aborted';

export interface AdminRosterInput {
  teamId: number;
  query: RosterQuery;
}

export interface AdminRosterPage {
  staff: Staff;
  /** The team as GET /api/admin/teams lists it; null: not one of this staff member's teams. */
  team: AdminTeam | null;
  roster: RosterAnswer | null;
}

export type AdminRosterExit = { to: '/admin/login' };

export type AdminRosterEvent =
  | { type: 'RETRY' }
  | { type: 'FILTER'; status: RosterStatus | null }
  | { type: 'SEARCH'; q: string }
  | { type: 'SORT'; column: RosterSort }
  | { type: 'PAGE'; page: number }
  | { type: 'EXPORT'; kind: TeamExport };

export interface AdminRosterContext {
  teamId: number;
  query: RosterQuery;
  staff: Staff | null;
  team: AdminTeam | null;
  roster: RosterAnswer | null;
  /** The export asked for last. */
  exportKind: TeamExport;
  error: string | null;
  exit: AdminRosterExit | null;
}

async function loadPage(teamId: number, query: RosterQuery, signal: AbortSignal): Promise<AdminRosterPage> {
  const [staff, teams] = await Promise.all([getAdminMe({ signal }), getAdminTeams({ signal })]);
  const team = teams.find((candidate) => candidate.id === teamId) ?? null;
  if (team === null) return { staff, team, roster: null };
  return { staff, team, roster: await getRoster(teamId, query, { signal }) };
}

const hasStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

function mayReadMoney(context: { staff: Staff | null; team: AdminTeam | null }): boolean {
  return (
    context.staff !== null &&
    context.team !== null &&
    staffCan(context.staff.organizations, context.team.organization.id, 'read_money')
  );
}

export const adminRosterMachine = setup({
  types: {
    input: {} as AdminRosterInput,
    context: {} as AdminRosterContext,
    events: {} as AdminRosterEvent,
    output: {} as AdminRosterExit,
    children: {} as { load: 'load'; reload: 'reload'; export: 'export' },
  },
  actors: {
    load: apiCall<AdminRosterPage, { teamId: number; query: RosterQuery }>((input, signal) =>
      loadPage(input.teamId, input.query, signal),
    ),
    reload: apiCall<RosterAnswer, { teamId: number; query: RosterQuery }>((input, signal) =>
      getRoster(input.teamId, input.query, { signal }),
    ),
    export: fromPromise<void, { teamId: number; kind: TeamExport }>(async ({ input, signal }) => {
      saveFile(await settleUnlessAborted(fetchTeamExport(input.teamId, input.kind, { signal }), signal));
    }),
  },
  guards: {
    isSessionGone: (_, params: { error: unknown }) => hasStatus(params.error, 401),
    isNotFound: (_, params: { error: unknown }) => hasStatus(params.error, 404),
    /** A page the roster has (the view offers only the neighbours of the current one). */
    isPageOfRoster: ({ context }, params: { page: number }) =>
      context.roster !== null &&
      params.page >= 1 &&
      params.page <= pageCount(context.roster.total, context.roster.page_size),
    isTeamUnknown: (_, params: { page: AdminRosterPage }) => params.page.team === null,
    /** Filtering by status and sorting by money: for who may read money (`can.read_money`, issue 30 point 2). */
    mayFilter: ({ context }) => mayReadMoney(context),
    maySort: ({ context }, params: { column: RosterSort }) => maySortBy(mayReadMoney(context), params.column),
    /** The roster CSV for every role; the payments CSV for owners and registrars (issue 22 point 1's roles). */
    mayExport: ({ context }, params: { kind: TeamExport }) =>
      params.kind === 'memberships' ||
      (context.staff !== null &&
        context.team !== null &&
        mayExportPayments(context.staff.organizations, context.team.organization.id)),
  },
  actions: {
    rememberPage: assign((_, page: AdminRosterPage) => ({ staff: page.staff, team: page.team, roster: page.roster })),
    rememberRoster: assign({ roster: (_, roster: RosterAnswer) => roster }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ error: null }),
    chooseExport: assign({ exportKind: (_, params: { kind: TeamExport }) => params.kind, error: null }),
    filter: assign({
      query: ({ context }, params: { status: RosterStatus | null }) => filteredBy(context.query, params.status),
    }),
    search: assign({ query: ({ context }, params: { q: string }) => searchedFor(context.query, params.q) }),
    sort: assign({ query: ({ context }, params: { column: RosterSort }) => sortedBy(context.query, params.column) }),
    turnPage: assign({ query: ({ context }, params: { page: number }) => onPage(context.query, params.page) }),
    forgetSession: () => clearStaffSession(),
    leave: assign({ exit: (_, exit: AdminRosterExit) => exit }),
  },
}).createMachine({
  id: 'adminRoster',
  description: "spec §1, issue 22 point 3: a team's roster, who has paid; its exports (point 5)",
  context: ({ input }) => ({
    teamId: input.teamId,
    query: input.query,
    staff: null,
    team: null,
    roster: null,
    exportKind: 'memberships',
    error: null,
    exit: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console: GET /api/admin/me, GET /api/admin/teams and the roster page of the query',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ teamId: context.teamId, query: context.query }),
        onDone: [
          {
            guard: { type: 'isTeamUnknown', params: ({ event }) => ({ page: event.output }) },
            target: 'notFound',
            description: "§1 club console: not one of this staff member's teams",
          },
          { target: 'loaded', actions: { type: 'rememberPage', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'forgetSession',
            description: '§1 club console: a session the server no longer knows: log in again',
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: "§1 club console: the load failed: its text and 'Try again'",
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    notFound: {
      description: "§1 club console: 'Team not found.' (another organization's team, or none), and the way back",
    },
    loaded: {
      description: '§1 club console: the roster page: filter, search, sortable columns, pages, exports',
      initial: 'ready',
      // A new query (also while the previous one loads: its answer is dropped) loads its page; the controls stay
      // enabled, so keyboard focus stays on the one just used.
      on: {
        FILTER: {
          guard: 'mayFilter',
          target: '.reloading',
          reenter: true,
          actions: { type: 'filter', params: ({ event }) => ({ status: event.status }) },
        },
        SEARCH: {
          target: '.reloading',
          reenter: true,
          actions: { type: 'search', params: ({ event }) => ({ q: event.q }) },
        },
        SORT: {
          guard: { type: 'maySort', params: ({ event }) => ({ column: event.column }) },
          target: '.reloading',
          reenter: true,
          actions: { type: 'sort', params: ({ event }) => ({ column: event.column }) },
        },
        PAGE: {
          guard: { type: 'isPageOfRoster', params: ({ event }) => ({ page: event.page }) },
          target: '.reloading',
          reenter: true,
          actions: { type: 'turnPage', params: ({ event }) => ({ page: event.page }) },
        },
      },
      states: {
        ready: {
          description: '§1 club console: the roster as loaded',
          initial: 'idle',
          on: {
            EXPORT: {
              guard: { type: 'mayExport', params: ({ event }) => ({ kind: event.kind }) },
              target: 'exporting',
              actions: { type: 'chooseExport', params: ({ event }) => ({ kind: event.kind }) },
            },
          },
          states: {
            idle: { description: '§1 club console: nothing under way' },
            exportFailed: {
              description: '§1 club console (issue 22 point 5): the export failed: its text; another can be asked for',
            },
          },
        },
        exporting: {
          description:
            "§1 club console (issue 22 point 5): GET the team's CSV with the staff token; the browser saves it",
          tags: ['busy'],
          invoke: {
            id: 'export',
            src: 'export',
            input: ({ context }) => ({ teamId: context.teamId, kind: context.exportKind }),
            onDone: { target: 'ready.idle' },
            onError: {
              target: 'ready.exportFailed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reloading: {
          description: '§1 club console: the roster page of the new query (the rows stay shown meanwhile)',
          tags: ['busy'],
          invoke: {
            id: 'reload',
            src: 'reload',
            input: ({ context }) => ({ teamId: context.teamId, query: context.query }),
            onDone: { target: 'ready.idle', actions: { type: 'rememberRoster', params: ({ event }) => event.output } },
            onError: [
              {
                guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
                target: '#adminRoster.toLogin',
                actions: 'forgetSession',
              },
              {
                target: '#adminRoster.failed',
                actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    toLogin: {
      description: '§1 club console: /admin/login',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin/login' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

/**
 * The club console's home, /admin (issue 22 point 1): loads the staff member (GET /api/admin/me) and their teams
 * (GET /api/admin/teams); a load failure is a state with a retry; a session the server no longer knows (401) is
 * forgotten and leads to /admin/login. The header's 'Log out' ends the session (POST /api/admin/logout) and forgets
 * it on this device even when the call fails (the session is gone from here either way).
 */
import { assign, setup } from 'xstate';
import { type AdminTeam, adminLogout, getAdminMe, getAdminTeams, type Staff } from '../api/admin';
import { ApiError, errorText } from '../api/errors';
import { clearStaffSession } from '../session/staff';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export interface AdminHomeData {
  staff: Staff;
  teams: AdminTeam[];
}

export type AdminHomeExit = { to: '/admin/login' };

export type AdminHomeEvent = { type: 'RETRY' } | { type: 'LOG_OUT' };

export interface AdminHomeContext {
  data: AdminHomeData | null;
  error: string | null;
  exit: AdminHomeExit | null;
}

async function loadHome(signal: AbortSignal): Promise<AdminHomeData> {
  const [staff, teams] = await Promise.all([getAdminMe({ signal }), getAdminTeams({ signal })]);
  return { staff, teams };
}

export const adminHomeMachine = setup({
  types: {
    context: {} as AdminHomeContext,
    events: {} as AdminHomeEvent,
    output: {} as AdminHomeExit,
    children: {} as { load: 'load'; logout: 'logout' },
  },
  actors: {
    load: apiCall<AdminHomeData, void>((_, signal) => loadHome(signal)),
    logout: apiCall<void, void>((_, signal) => adminLogout({ signal })),
  },
  guards: {
    isSessionGone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
  },
  actions: {
    remember: assign({ data: (_, data: AdminHomeData) => data }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    forgetSession: () => clearStaffSession(),
    leave: assign({ exit: (_, exit: AdminHomeExit) => exit }),
  },
}).createMachine({
  id: 'adminHome',
  description:
    "spec §1, issue 22 point 1: the console's home, the staff member's organizations and teams, and logging out",
  context: { data: null, error: null, exit: null },
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console: GET /api/admin/me and GET /api/admin/teams',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: { type: 'remember', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'forgetSession',
            description: '§1 club console: a session the server no longer knows: log in again',
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: "§1 club console: the load failed: its text and 'Try again'",
      on: { RETRY: { target: 'loading' }, LOG_OUT: { target: 'loggingOut' } },
    },
    loaded: {
      description: '§1 club console: the organizations (with the role) and the teams, each a link to its roster',
      on: { LOG_OUT: { target: 'loggingOut' } },
    },
    loggingOut: {
      description: '§1 club console: POST /api/admin/logout; the session is forgotten here whatever it answers',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'toLogin', actions: 'forgetSession' },
        onError: { target: 'toLogin', actions: 'forgetSession' },
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

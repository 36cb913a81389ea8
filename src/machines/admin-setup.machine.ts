/**
 * The club console's season set-up page, /admin/organizations/$organizationId/setup (issue 22 point 2): loads the
 * staff member (their role here), the organization's set-up (seasons, teams, licences, coach licences, settings) and
 * its discount codes; a load failure is a state with a retry (a coach's 403 shows its text). Each form (a new season,
 * team, licence, coach licence, a licence's seats or pause, the settings, a discount code) runs as a child
 * admin-form.machine.ts; once it saves, the set-up is loaded again and the page says what was saved.
 * A session the server no longer knows (401) is forgotten and leads to /admin/login.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { getAdminMe } from '../api/admin';
import { type AdminDiscountCode, type AdminSetup, getAdminSetup, getDiscountCodes } from '../api/admin-setup';
import { ApiError, errorText } from '../api/errors';
import type { StaffRole } from '../domain/staff';
import { clearStaffSession } from '../session/staff';
import { adminFormMachine } from './admin-form.machine';
import type { AdminFormKind, AdminFormTarget } from './admin-form-targets';
import { exitOf } from './flow-exit';
import { settleUnlessAborted } from './settle-unless-aborted';

export interface AdminSetupData {
  role: StaffRole | null;
  setup: AdminSetup;
  discountCodes: AdminDiscountCode[];
}

export type AdminSetupExit = { to: '/admin/login' };

export type AdminSetupEvent = { type: 'RETRY' } | { type: 'OPEN'; target: AdminFormTarget } | { type: 'CLOSE' };

export interface AdminSetupContext {
  organizationId: number;
  data: AdminSetupData | null;
  error: string | null;
  /** The form being filled in, or null. */
  target: AdminFormTarget | null;
  /** The form last saved (the page says so), or null. */
  saved: AdminFormKind | null;
  exit: AdminSetupExit | null;
}

async function loadSetup(organizationId: number, signal: AbortSignal): Promise<AdminSetupData> {
  const [staff, setupAnswer, discountCodes] = await Promise.all([
    getAdminMe({ signal }),
    getAdminSetup(organizationId, { signal }),
    getDiscountCodes(organizationId, { signal }),
  ]);
  const role = staff.organizations.find((organization) => organization.id === organizationId)?.role ?? null;
  return { role, setup: setupAnswer, discountCodes };
}

export const adminSetupMachine = setup({
  types: {
    context: {} as AdminSetupContext,
    events: {} as AdminSetupEvent,
    input: {} as { organizationId: number },
    output: {} as AdminSetupExit,
    children: {} as { load: 'load'; form: 'form' },
  },
  actors: {
    load: fromPromise<AdminSetupData, { organizationId: number }>(({ input, signal }) =>
      settleUnlessAborted(loadSetup(input.organizationId, signal), signal),
    ),
    form: adminFormMachine,
  },
  guards: {
    isSessionGone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isFormSessionGone: (_, params: { output: { sessionGone?: true; saved?: true } }) =>
      params.output.sessionGone === true,
  },
  actions: {
    remember: assign({ data: (_, data: AdminSetupData) => data, error: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { target: event.target, saved: null };
    }),
    close: assign({ target: null }),
    rememberSaved: assign(({ context }) => ({ saved: context.target?.form ?? null, target: null })),
    forgetSession: () => clearStaffSession(),
    leave: assign({ exit: (_, exit: AdminSetupExit) => exit }),
  },
}).createMachine({
  id: 'adminSetup',
  description:
    "§1 club console, issue 22 point 2: an organization's season set-up: seasons, teams, licences, settings, discount codes",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    data: null,
    error: null,
    target: null,
    saved: null,
    exit: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console, issue 22 point 2: GET /api/admin/me, the set-up and the discount codes',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'loaded', actions: { type: 'remember', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'forgetSession',
            description: '§1 club console, issue 22 point 2: a session the server no longer knows: log in again',
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: "§1 club console, issue 22 point 2: the load failed (a coach: refused): its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description:
        '§1 club console, issue 22 point 2: the seasons with their teams and licences, the settings and the discount codes',
      initial: 'browsing',
      states: {
        browsing: {
          description: '§1 club console, issue 22 point 2: the set-up; each form opens from its button',
          on: { OPEN: { target: 'editing', actions: 'open' } },
        },
        editing: {
          description:
            '§1 club console, issue 22 point 2: one form (admin-form.machine.ts): edit, save, saved or refused',
          invoke: {
            id: 'form',
            src: 'form',
            input: ({ context }) => {
              if (context.target === null) throw new Error('A form opened without its target.');
              return { target: context.target };
            },
            onDone: [
              {
                guard: { type: 'isFormSessionGone', params: ({ event }) => ({ output: event.output }) },
                target: '#adminSetup.toLogin',
                actions: 'forgetSession',
              },
              { target: '#adminSetup.reloading', actions: 'rememberSaved' },
            ],
          },
          on: {
            CLOSE: { target: 'browsing', actions: 'close' },
            OPEN: { target: 'editing', actions: 'open', reenter: true },
          },
        },
      },
    },
    reloading: {
      description: '§1 club console, issue 22 point 2: saved: the set-up is loaded again',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'loaded', actions: { type: 'remember', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'forgetSession',
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    toLogin: {
      description: '§1 club console, issue 22 point 2: /admin/login',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin/login' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

/**
 * The console's security page, /admin/security (issue 30 point 2): loads the staff member (GET /api/admin/me); who
 * may (`can.use_two_factor`: owners, registrars) turns on a second factor: a new secret to add to an authenticator
 * app (POST /api/admin/two-factor/setup), a code from it (POST /api/admin/two-factor/enable, a wrong code refused on
 * its field), then the ten recovery codes, shown once. An organization's owner (`can.require_two_factor`) requires it
 * of everyone who can move money there, or stops requiring it (PUT /api/admin/organizations/{id}/two-factor). Every
 * failure is a state with its text; a session the server no longer knows (401) leads to /admin/login.
 */
import { assertEvent, assign, setup } from 'xstate';
import {
  enableTwoFactor,
  getAdminMe,
  type Staff,
  setTwoFactorRequired,
  startTwoFactor,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '../api/admin';
import { ApiError, errorText } from '../api/errors';
import { staffCan, staffCanAnywhere } from '../domain/staff';
import { clearStaffSession, getStaffSession, setStaffSession } from '../session/staff';
import { failedTo, sessionGoneTo } from './call-failure';
import { exitOf } from './flow-exit';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';

export type AdminSecurityExit = { to: '/admin/login' };

export type AdminSecurityEvent =
  | { type: 'RETRY' }
  | { type: 'START' }
  | { type: 'CONFIRM'; code: string }
  | { type: 'REQUIRE'; organizationId: number; required: boolean };

export interface AdminSecurityContext {
  staff: Staff | null;
  /** The secret being added to the app, until it is confirmed. */
  setup: TwoFactorSetup | null;
  /** The recovery codes, shown once after turning the second factor on. */
  recoveryCodes: string[] | null;
  error: string | null;
  /** The server's refusal of the code, tied to its field. */
  codeError: string | null;
  exit: AdminSecurityExit | null;
}

/** The stored staff session follows what the server now says of the staff member (the other pages read it). */
function keepSession(staff: Staff): void {
  const session = getStaffSession();
  if (session !== null) setStaffSession({ ...session, staff });
}

export const adminSecurityMachine = setup({
  types: {
    context: {} as AdminSecurityContext,
    events: {} as AdminSecurityEvent,
    output: {} as AdminSecurityExit,
    children: {} as { load: 'load'; start: 'start'; enable: 'enable'; require: 'require' },
  },
  actors: {
    load: apiCall<Staff, void>((_, signal) => getAdminMe({ signal })),
    start: apiCall<TwoFactorSetup, void>((_, signal) => startTwoFactor({ signal })),
    enable: apiCall<TwoFactorEnabled, { code: string }>((input, signal) => enableTwoFactor(input.code, { signal })),
    require: apiCall<Staff, { organizationId: number; required: boolean }>((input, signal) =>
      setTwoFactorRequired(input.organizationId, input.required, { signal }),
    ),
  },
  guards: {
    isSessionGone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isCodeRefused: (_, params: { error: unknown }) => fieldMessagesOf(params.error).code !== undefined,
    /** Not on yet, and one of the staff member's roles may turn it on. */
    mayStart: ({ context }) =>
      context.staff !== null &&
      !context.staff.two_factor_enabled &&
      staffCanAnywhere(context.staff.organizations, 'use_two_factor'),
    hasCode: (_, params: { code: string }) => params.code.trim() !== '',
    mayRequire: ({ context }, params: { organizationId: number }) =>
      context.staff !== null && staffCan(context.staff.organizations, params.organizationId, 'require_two_factor'),
  },
  actions: {
    rememberStaff: assign({ staff: (_, staff: Staff) => staff, error: null }),
    keepSession: (_, staff: Staff) => keepSession(staff),
    rememberSetup: assign({ setup: (_, setup: TwoFactorSetup) => setup, error: null, codeError: null }),
    rememberEnabled: assign({
      staff: (_, answer: TwoFactorEnabled) => answer.staff,
      recoveryCodes: (_, answer: TwoFactorEnabled) => answer.recovery_codes,
      setup: null,
      error: null,
      codeError: null,
    }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    rememberCodeError: assign({
      codeError: (_, params: { error: unknown }) => fieldMessagesOf(params.error).code?.[0] ?? null,
    }),
    forgetErrors: assign({ error: null, codeError: null }),
    forgetSession: () => clearStaffSession(),
    leave: assign({ exit: (_, exit: AdminSecurityExit) => exit }),
  },
}).createMachine({
  id: 'adminSecurity',
  description:
    "§1 club console, issue 30 point 2: the console's security page: turn on a second factor (TOTP with recovery codes), and an owner requires it",
  context: { staff: null, setup: null, recoveryCodes: null, error: null, codeError: null, exit: null },
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console, issue 30 point 2: GET /api/admin/me',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: { type: 'rememberStaff', params: ({ event }) => event.output } },
        onError: [sessionGoneTo('toLogin'), failedTo('failed', 'rememberError')],
      },
    },
    failed: {
      description: "§1 club console, issue 30 point 2: the load failed: its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description:
        '§1 club console, issue 30 point 2: whether the second factor is on, and each organization the owner may rule',
      initial: 'idle',
      on: {
        REQUIRE: {
          guard: { type: 'mayRequire', params: ({ event }) => ({ organizationId: event.organizationId }) },
          target: '.saving',
          actions: 'forgetErrors',
        },
      },
      states: {
        idle: {
          description:
            "§1 club console, issue 30 point 2: 'Turn on two-step verification' (when it is off and the role may)",
          on: { START: { guard: 'mayStart', target: 'starting', actions: 'forgetErrors' } },
        },
        actionFailed: {
          description: "§1 club console, issue 30 point 2: a call failed: its text; the page's buttons work again",
          on: { START: { guard: 'mayStart', target: 'starting', actions: 'forgetErrors' } },
        },
        starting: {
          description: '§1 club console, issue 30 point 2: POST /api/admin/two-factor/setup',
          tags: ['busy'],
          invoke: {
            id: 'start',
            src: 'start',
            onDone: { target: 'scanning', actions: { type: 'rememberSetup', params: ({ event }) => event.output } },
            onError: [sessionGoneTo('#adminSecurity.toLogin'), failedTo('actionFailed', 'rememberError')],
          },
        },
        scanning: {
          description: "§1 club console, issue 30 point 2: the key to add to the app, 'Code' and 'Turn on'",
          initial: 'asking',
          states: {
            asking: { description: '§1 club console, issue 30 point 2: the code is asked for' },
            refused: {
              description: "§1 club console, issue 30 point 2: the server's refusal of the code, on its field",
            },
          },
          on: {
            CONFIRM: {
              guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
              target: 'confirming',
              actions: 'forgetErrors',
            },
          },
        },
        confirming: {
          description: '§1 club console, issue 30 point 2: POST /api/admin/two-factor/enable',
          tags: ['busy'],
          invoke: {
            id: 'enable',
            src: 'enable',
            input: ({ event }) => {
              assertEvent(event, 'CONFIRM');
              return { code: event.code.trim() };
            },
            onDone: {
              target: 'enabled',
              actions: [
                { type: 'rememberEnabled', params: ({ event }) => event.output },
                { type: 'keepSession', params: ({ event }) => event.output.staff },
              ],
            },
            onError: [
              sessionGoneTo('#adminSecurity.toLogin'),
              {
                guard: { type: 'isCodeRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'scanning.refused',
                actions: { type: 'rememberCodeError', params: ({ event }) => ({ error: event.error }) },
              },
              failedTo('actionFailed', 'rememberError'),
            ],
          },
        },
        enabled: {
          description: '§1 club console, issue 30 point 2: the second factor is on: the ten recovery codes, shown once',
        },
        saving: {
          description: '§1 club console, issue 30 point 2: PUT /api/admin/organizations/{id}/two-factor',
          tags: ['busy'],
          invoke: {
            id: 'require',
            src: 'require',
            input: ({ event }) => {
              assertEvent(event, 'REQUIRE');
              return { organizationId: event.organizationId, required: event.required };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'rememberStaff', params: ({ event }) => event.output },
                { type: 'keepSession', params: ({ event }) => event.output },
              ],
            },
            onError: [sessionGoneTo('#adminSecurity.toLogin'), failedTo('actionFailed', 'rememberError')],
          },
        },
      },
    },
    toLogin: {
      description: '§1 club console, issue 30 point 2: /admin/login',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin/login' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

/**
 * The club console's login (issue 22 point 1): /admin/login's e-mail and password form, the call, and where it
 * leads (back to the console page the layout's guard came from, else /admin). A failure stays on the form with the
 * server's messages by field ('These credentials do not match our records.' on `email`, a 429's wait).
 */
import { assign, fromPromise, setup } from 'xstate';
import { type AdminCredentials, adminLogin } from '../api/admin';
import type { FieldMessages } from '../api/errors';
import type { LoginFormValues } from '../domain/forms/login';
import type { StaffSession } from '../domain/staff';
import { exitOf } from './flow-exit';
import { isValidLogin, loginCall, loginRefused } from './login-form';
import { answeredSession, staffFormRefusal, storeStaffSession } from './session-actions';
import { settleUnlessAborted } from './settle-unless-aborted';

export interface AdminLoginInput {
  /** The console page the `_admin` guard sent the visitor from (a path of ours, validated by the route). */
  returnUrl?: string | undefined;
}

export type AdminLoginExit = { to: '/admin' } | { href: string };

export type AdminLoginEvent = { type: 'SUBMIT'; values: LoginFormValues };

export interface AdminLoginContext {
  returnUrl: string | null;
  /** The failure's text (every message of the answer), or null. */
  error: string | null;
  /** The failure's messages by field of the form. */
  fieldErrors: FieldMessages;
  exit: AdminLoginExit | null;
}

export const adminLoginMachine = setup({
  types: {
    input: {} as AdminLoginInput,
    context: {} as AdminLoginContext,
    events: {} as AdminLoginEvent,
    output: {} as AdminLoginExit,
    children: {} as { login: 'login' },
  },
  actors: {
    login: fromPromise<StaffSession, AdminCredentials>(({ input, signal }) =>
      settleUnlessAborted(adminLogin(input, { signal }), signal),
    ),
  },
  guards: {
    isValidLogin,
    hasReturnUrl: ({ context }) => context.returnUrl !== null,
  },
  actions: {
    storeSession: storeStaffSession,
    rememberError: assign(staffFormRefusal),
    forgetError: assign({ error: null, fieldErrors: {} }),
    leave: assign({ exit: (_, exit: AdminLoginExit) => exit }),
  },
}).createMachine({
  id: 'adminLogin',
  description: "spec §1, issue 22 point 1: staff log in to the club's console at /admin/login",
  context: ({ input }) => ({ returnUrl: input.returnUrl ?? null, error: null, fieldErrors: {}, exit: null }),
  initial: 'form',
  states: {
    form: {
      description: "§1 club console: 'Email' and 'Password'; 'Log in' submits them",
      initial: 'idle',
      states: {
        idle: { description: '§1 club console: the empty form' },
        invalid: {
          description:
            "§1 club console: the server's refusal, by field ('These credentials do not match our records.')",
        },
      },
      on: {
        SUBMIT: {
          guard: { type: 'isValidLogin', params: ({ event }) => event.values },
          target: 'loggingIn',
          actions: 'forgetError',
        },
      },
    },
    loggingIn: {
      description: '§1 club console: POST /api/admin/login',
      tags: ['busy'],
      invoke: {
        ...loginCall,
        onDone: {
          target: 'loggedIn',
          actions: { type: 'storeSession', params: answeredSession },
        },
        onError: loginRefused,
      },
    },
    loggedIn: {
      description: '§1 club console: the staff session is stored: back to the page asked for, else the console home',
      always: [
        {
          guard: 'hasReturnUrl',
          target: 'toReturnUrl',
          description: '§1 club console: the page the guard sent the visitor from',
        },
        { target: 'toHome' },
      ],
    },
    toReturnUrl: {
      description: '§1 club console: back to the console page asked for',
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => ({ href: context.returnUrl ?? '/admin' }) },
    },
    toHome: {
      description: '§1 club console: /admin: the organizations and teams',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

/**
 * The club console's login (issue 22 point 1): /admin/login's e-mail and password form, the call, and where it
 * leads (back to the console page the layout's guard came from, else /admin). A failure stays on the form with the
 * server's messages by field ('These credentials do not match our records.' on `email`, a 429's wait). A staff
 * member with a second factor on (issue 30 point 2) is asked for a code next: the server answers 422 on `code`; the
 * code step sends the same credentials with the code (an authenticator app's or a recovery code).
 */
import { assertEvent, assign, setup } from 'xstate';
import { type AdminCredentials, adminLogin } from '../api/admin';
import type { FieldMessages } from '../api/errors';
import type { LoginFormValues } from '../domain/forms/login';
import type { StaffSession } from '../domain/staff';
import { failedTo } from './call-failure';
import { exitOf } from './flow-exit';
import { credentialsOf, isValidLogin, loginCall, loginRefused } from './login-form';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';
import { answeredSession, staffFormRefusal, storeStaffSession } from './staff-session-actions';

export interface AdminLoginInput {
  /** The console page the `_admin` guard sent the visitor from (a path of ours, validated by the route). */
  returnUrl?: string | undefined;
}

export type AdminLoginExit = { to: '/admin' } | { href: string };

export type AdminLoginEvent = { type: 'SUBMIT'; values: LoginFormValues } | { type: 'SUBMIT_CODE'; code: string };

export interface AdminLoginContext {
  returnUrl: string | null;
  /** The failure's text (every message of the answer), or null. */
  error: string | null;
  /** The failure's messages by field of the form. */
  fieldErrors: FieldMessages;
  /** The credentials sent, kept for the code step; null before. */
  credentials: AdminCredentials | null;
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
    login: apiCall<StaffSession, AdminCredentials>((input, signal) => adminLogin(input, { signal })),
  },
  guards: {
    isValidLogin,
    hasReturnUrl: ({ context }) => context.returnUrl !== null,
    isCodeAsked: (_, params: { error: unknown }) => fieldMessagesOf(params.error).code !== undefined,
    hasCode: (_, params: { code: string }) => params.code.trim() !== '',
  },
  actions: {
    storeSession: storeStaffSession,
    rememberError: assign(staffFormRefusal),
    forgetError: assign({ error: null, fieldErrors: {} }),
    rememberCredentials: assign({ credentials: (_, credentials: AdminCredentials) => credentials }),
    leave: assign({ exit: (_, exit: AdminLoginExit) => exit }),
  },
}).createMachine({
  id: 'adminLogin',
  description: "spec §1, issue 22 point 1: staff log in to the club's console at /admin/login",
  context: ({ input }) => ({
    returnUrl: input.returnUrl ?? null,
    error: null,
    fieldErrors: {},
    credentials: null,
    exit: null,
  }),
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
          actions: ['forgetError', { type: 'rememberCredentials', params: ({ event }) => credentialsOf(event.values) }],
        },
      },
    },
    code: {
      description:
        "§1 club console, issue 30 point 2: 'Code' (the authenticator app's 6-digit code or a recovery code); 'Verify' sends it",
      initial: 'asked',
      states: {
        asked: { description: '§1 club console, issue 30 point 2: the password was right; the code is asked for' },
        invalid: {
          description: "§1 club console, issue 30 point 2: the server's refusal of the code (or a 429's wait)",
        },
      },
      on: {
        SUBMIT_CODE: {
          guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
          target: 'verifying',
          actions: 'forgetError',
        },
      },
    },
    verifying: {
      description: '§1 club console, issue 30 point 2: POST /api/admin/login with the code',
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          return {
            email: context.credentials?.email ?? '',
            password: context.credentials?.password ?? '',
            code: event.code.trim(),
          };
        },
        onDone: {
          target: 'loggedIn',
          actions: { type: 'storeSession', params: answeredSession },
        },
        onError: failedTo('code.invalid', 'rememberError'),
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
        onError: [
          {
            guard: { type: 'isCodeAsked', params: ({ event }) => ({ error: event.error }) },
            target: 'code',
            description: '§1 club console, issue 30 point 2: a second factor is on: 422 on `code`',
          },
          loginRefused,
        ],
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

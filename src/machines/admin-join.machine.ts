/**
 * Accepting a staff invitation (issue 22 point 1, site side): /admin/join?token=…'s form (name, password and its
 * confirmation), the call (POST /api/admin/invites/accept: the link's token is the capability), and where it leads:
 * the staff session is stored and the invitee lands on /admin. The API has no look-up of a token, so an expired or
 * used invitation shows as the server's refusal on submit (its own text), the form kept for another try.
 */
import { assertEvent, assign, setup } from 'xstate';
import { type AcceptInvitePayload, acceptStaffInvite } from '../api/admin';
import { errorText, type FieldMessages } from '../api/errors';
import { isValidForm } from '../domain/form-schema';
import { type AdminJoinValues, adminJoinSchema } from '../domain/forms/admin-join';
import type { StaffSession } from '../domain/staff';
import { setStaffSession } from '../session/staff';
import { exitOf } from './flow-exit';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';

export interface AdminJoinInput {
  /** The invitation link's token ('' when the link has none). */
  token?: string | undefined;
}

export type AdminJoinExit = { to: '/admin' };

export type AdminJoinEvent = { type: 'SUBMIT'; values: AdminJoinValues };

export interface AdminJoinContext {
  token: string;
  /** The refusal's text (every message of the answer), or null. */
  error: string | null;
  /** The refusal's messages by field of the form (`password_confirmation` is the form's `confirmPassword`). */
  fieldErrors: FieldMessages;
  exit: AdminJoinExit | null;
}

export const adminJoinMachine = setup({
  types: {
    input: {} as AdminJoinInput,
    context: {} as AdminJoinContext,
    events: {} as AdminJoinEvent,
    output: {} as AdminJoinExit,
    children: {} as { accept: 'accept' },
  },
  actors: {
    accept: apiCall<StaffSession, AcceptInvitePayload>((input, signal) => acceptStaffInvite(input, { signal })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isValidJoin: (_, values: AdminJoinValues) => isValidForm(adminJoinSchema, values),
  },
  actions: {
    storeSession: (_, params: { session: StaffSession }) => {
      setStaffSession(params.session);
    },
    rememberError: assign({
      error: (_, params: { error: unknown }) => errorText(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldMessagesOf(params.error),
    }),
    forgetError: assign({ error: null, fieldErrors: {} }),
    leave: assign({ exit: (_, exit: AdminJoinExit) => exit }),
  },
}).createMachine({
  id: 'adminJoin',
  description:
    '§1 club console, issue 22 point 1: an invited staff member sets their name and password at /admin/join?token=…',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', error: null, fieldErrors: {}, exit: null }),
  initial: 'checking',
  states: {
    checking: {
      description: '§1 club console, issue 22 point 1: a link without a token cannot be accepted',
      always: [
        {
          guard: 'hasToken',
          target: 'form',
          description: '§1 club console, issue 22 point 1: the link carries a token',
        },
        { target: 'noToken' },
      ],
    },
    noToken: {
      description:
        "§1 club console, issue 22 point 1: the link has no token: the page asks to open the e-mail's link again",
    },
    form: {
      description:
        "§1 club console, issue 22 point 1: 'Your name', 'Password', 'Confirm Password'; 'Join' submits them",
      initial: 'idle',
      states: {
        idle: { description: '§1 club console, issue 22 point 1: the empty form' },
        failed: {
          description:
            "§1 club console, issue 22 point 1: the server's refusal (an expired or used invitation, a field's message)",
        },
      },
      on: {
        SUBMIT: {
          guard: { type: 'isValidJoin', params: ({ event }) => event.values },
          target: 'joining',
          actions: 'forgetError',
        },
      },
    },
    joining: {
      description: '§1 club console, issue 22 point 1: POST /api/admin/invites/accept',
      tags: ['busy'],
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return {
            token: context.token,
            name: event.values.name.trim(),
            password: event.values.password,
            password_confirmation: event.values.confirmPassword,
          };
        },
        onDone: {
          target: 'joined',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'form.failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    joined: {
      description: '§1 club console, issue 22 point 1: the staff session is stored: on to the console home',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

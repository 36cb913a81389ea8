/**
 * One form of the club console's set-up page (issue 22 point 2), a reusable child of admin-setup.machine.ts:
 * editing → submitting → saved, or back to editing with the server's refusal (its text and its messages by field).
 * Which form it is comes with its input (`AdminFormTarget`): its values are validated with that form's shared schema
 * (src/domain/forms/admin-*.ts, the schema the server validates the body with), converted to the body (dollars to
 * cents) and sent by `submitAdminForm`; a saved form's output carries what the page follows (a new draft's id). A 401
 * (session gone) ends the form with `sessionGone` for the page to follow.
 */
import { assertEvent, assign, setup } from 'xstate';
import { ApiError, errorText } from '../api/errors';
import {
  type AdminFormResult,
  type AdminFormTarget,
  formFieldOf,
  isValidAdminForm,
  submitAdminForm,
} from './admin-form-targets';
import { apiCall } from './settle-unless-aborted';

export type AdminFormValues = Record<string, string>;

export type AdminFormEvent = { type: 'SUBMIT'; values: AdminFormValues } | { type: 'EDIT' };

export interface AdminFormContext {
  target: AdminFormTarget;
  error: string | null;
  fieldErrors: Record<string, string>;
  sessionGone: boolean;
  /** The saved form's answer (a new draft's id), or null before it is saved. */
  result: AdminFormResult | null;
}

export type AdminFormOutput = ({ saved: true } & AdminFormResult) | { sessionGone: true };

export const adminFormMachine = setup({
  types: {
    context: {} as AdminFormContext,
    events: {} as AdminFormEvent,
    input: {} as { target: AdminFormTarget },
    output: {} as AdminFormOutput,
    children: {} as { submit: 'submit' },
  },
  actors: {
    submit: apiCall<AdminFormResult, { target: AdminFormTarget; values: AdminFormValues }>((input, signal) =>
      submitAdminForm(input.target, input.values, signal),
    ),
  },
  guards: {
    isValidSubmit: ({ context, event }) => {
      assertEvent(event, 'SUBMIT');
      return isValidAdminForm(context.target, event.values);
    },
    isSessionGone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
  },
  actions: {
    clearErrors: assign({ error: null, fieldErrors: {} }),
    rememberSessionGone: assign({ sessionGone: true }),
    rememberResult: assign({ result: (_, result: AdminFormResult) => result }),
    rememberError: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors: Record<string, string> = {};
      if (params.error instanceof ApiError) {
        for (const [key, messages] of Object.entries(params.error.messages)) {
          const field = formFieldOf(context.target, key);
          const message = messages[0];
          if (field !== null && message !== undefined && fieldErrors[field] === undefined) fieldErrors[field] = message;
        }
      }
      return { error: errorText(params.error), fieldErrors };
    }),
  },
}).createMachine({
  id: 'adminForm',
  description:
    '§1 club console, issue 22 point 2: one set-up form: edit, save, saved or refused with its messages by field',
  context: ({ input }) => ({ target: input.target, error: null, fieldErrors: {}, sessionGone: false, result: null }),
  initial: 'editing',
  states: {
    editing: {
      description:
        "§1 club console, issue 22 point 2: the form's fields, with the last refusal's messages tied to them",
      on: { SUBMIT: { guard: 'isValidSubmit', target: 'submitting' } },
    },
    submitting: {
      description: '§1 club console, issue 22 point 2: the call with the body the shared schema built (money in cents)',
      tags: ['busy'],
      entry: 'clearErrors',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return { target: context.target, values: event.values };
        },
        onDone: { target: 'saved', actions: { type: 'rememberResult', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
            target: 'sessionGone',
            actions: 'rememberSessionGone',
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description:
        "§1 club console, issue 22 point 2: the server's refusal above the form and its messages on the fields",
      on: { SUBMIT: { guard: 'isValidSubmit', target: 'submitting' }, EDIT: { target: 'editing' } },
    },
    saved: {
      description: '§1 club console, issue 22 point 2: saved; the page reloads the set-up',
      type: 'final',
    },
    sessionGone: {
      description: '§1 club console, issue 22 point 2: the staff session is gone: the page leads to /admin/login',
      type: 'final',
    },
  },
  output: ({ context }): AdminFormOutput =>
    context.sessionGone ? { sessionGone: true } : { saved: true, draftId: context.result?.draftId ?? null },
});

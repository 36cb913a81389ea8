/**
 * Forgotten password (spec §2 Forgotten password, §4 Forgotten password, §7 forgot-password and
 * forgot-password-reset, §8 Reset password failure): request → submitted, or, with a reset token in the query,
 * reset → passwordReset.
 */
import { assertEvent, assign, setup } from 'xstate';
import { forgotPassword, type PasswordResetPayload, resetPassword } from '../api/auth';
import { errorText } from '../api/errors';
import type { MessageResponse, PasswordResetResponse } from '../api/schemas';
import { isValidForm } from '../domain/form-schema';
import {
  type PasswordResetValues,
  passwordResetSchema,
  type ResetRequestValues,
  resetRequestSchema,
} from '../domain/forms/password-reset';
import { clearCurrentUser } from '../session/current-user';
import { failedTo } from './call-failure';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

/** The route's query (§2: a reset token, and the address the e-mail was sent to). */
export interface PasswordResetInput {
  token?: string | undefined;
  email?: string | undefined;
}

/** Where the flow hands over: the login page at its password step with the address filled (§2 Login). */
export interface PasswordResetExit {
  to: '/login';
  search: { password_is_reset: true; preset_email?: string };
}

export interface PasswordResetContext {
  /** The reset token from the e-mailed link; null on the request form. */
  token: string | null;
  /** The address: from the link, then as last submitted. */
  email: string;
  /** The §8 text of the current failure state, else null. */
  errorText: string | null;
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: PasswordResetExit | null;
}

export type PasswordResetEvent =
  /** The request form as typed; refused unless its schema holds (src/domain/forms/password-reset.ts). */
  | { type: 'SUBMIT'; values: ResetRequestValues }
  /** The reset form as typed; refused unless its schema holds. */
  | { type: 'RESET_PASSWORD'; values: PasswordResetValues }
  | { type: 'LOG_IN' };

function requestInput({ context }: { context: PasswordResetContext }): string {
  return context.email.trim();
}

/** The §7 reset body; the token is the link's, never typed. */
function resetInput({ context, event }: { context: PasswordResetContext; event: PasswordResetEvent }) {
  assertEvent(event, 'RESET_PASSWORD');
  const body: PasswordResetPayload = {
    email: context.email.trim(),
    password: event.values.password,
    password_confirmation: event.values.passwordConfirmation,
    token: context.token ?? '',
  };
  return body;
}

/** The login page after a reset: its password step (password_is_reset) with the address filled (preset_email). */
export function loginAfterReset(email: string): PasswordResetExit {
  const address = email.trim();
  return {
    to: '/login',
    search: address === '' ? { password_is_reset: true } : { password_is_reset: true, preset_email: address },
  };
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
    output: {} as PasswordResetExit,
    tags: {} as 'busy',
  },
  actors: {
    forgotPassword: apiCall<MessageResponse, string>((input, signal) => forgotPassword(input, { signal })),
    resetPassword: apiCall<PasswordResetResponse, PasswordResetPayload>((input, signal) =>
      resetPassword(input, { signal }),
    ),
  },
  guards: {
    hasResetToken: ({ context }) => context.token !== null,
    // Each form's schema guards its submit event: the machine itself refuses invalid values.
    isRequestValid: (_, values: ResetRequestValues) => isValidForm(resetRequestSchema, values),
    isResetValid: (_, values: PasswordResetValues) => isValidForm(passwordResetSchema, values),
    /** §7: "a token in the response means success". */
    answerHasToken: (_, answer: PasswordResetResponse) => answer.token != null,
  },
  actions: {
    rememberEmail: assign({ email: (_, values: { email: string }) => values.email }),
    clearError: assign({ errorText: null }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    storeAnswerMessage: assign({ errorText: (_, answer: PasswordResetResponse) => errorText(answer.message) }),
    /**
     * The final state names only the destination (a static param, so a structural walk of the machine never builds
     * it from a context it did not fill in); the exit is the login page for the address last used.
     */
    leave: assign({ exit: ({ context }, _params: { to: PasswordResetExit['to'] }) => loginAfterReset(context.email) }),
    /** §8: on a thrown reset error the stored user is removed. */
    removeStoredUser: () => {
      clearCurrentUser();
    },
  },
}).createMachine({
  id: 'passwordReset',
  description:
    'spec §4 Forgotten password: request, then submitted, then reset with token, then passwordReset success (§2 /resetpwd/forgot).',
  context: ({ input }) => ({
    token: input.token ?? null,
    email: input.email ?? '',
    errorText: null,
    exit: null,
  }),
  output: ({ context }) => exitOf(context),
  initial: 'routing',
  states: {
    routing: {
      description: 'spec §2 Forgotten password: a reset token in the query string shows the reset form.',
      always: [{ guard: 'hasResetToken', target: 'reset' }, { target: 'request' }],
    },
    request: {
      description: "spec §2: the request form (e-mail, 'Submit').",
      initial: 'idle',
      states: {
        idle: { description: "spec §2 Forgotten password: the e-mail input and 'Submit'." },
        failed: {
          description: 'spec §8: "Reset request failure: shows the response text."',
        },
      },
      on: {
        SUBMIT: {
          guard: { type: 'isRequestValid', params: ({ event }) => event.values },
          target: 'requesting',
          actions: [{ type: 'rememberEmail', params: ({ event }) => event.values }, 'clearError'],
          description: 'spec §5: the request sends the e-mail only.',
        },
      },
    },
    requesting: {
      description: 'spec §7 POST /api/auth/password/forgot-password.',
      tags: ['busy'],
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: requestInput,
        onDone: { target: 'submitted' },
        onError: failedTo('request.failed', 'storeError'),
      },
    },
    submitted: {
      description:
        "spec §2: 'We have sent instructions on how to reset your password to the email address you provided. Check your inbox.'",
    },
    reset: {
      description:
        "spec §2: with a reset token, the reset form (e-mail, password, confirm password, 'Reset Password').",
      initial: 'idle',
      states: {
        idle: { description: "spec §2 Forgotten password: e-mail, password and confirm password; 'Reset Password'." },
        failed: {
          description:
            'spec §8 Reset password failure: the response message, or after a thrown error the response (the stored user removed).',
        },
      },
      on: {
        RESET_PASSWORD: {
          guard: { type: 'isResetValid', params: ({ event }) => event.values },
          target: 'resetting',
          actions: [{ type: 'rememberEmail', params: ({ event }) => event.values }, 'clearError'],
        },
      },
    },
    resetting: {
      description: 'spec §7 POST /api/auth/password/forgot-password-reset: "a token in the response means success".',
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: resetInput,
        onDone: [
          { guard: { type: 'answerHasToken', params: ({ event }) => event.output }, target: 'passwordReset' },
          {
            target: 'reset.failed',
            actions: { type: 'storeAnswerMessage', params: ({ event }) => event.output },
            description: 'spec §8: "Reset password failure: shows the response message."',
          },
        ],
        onError: {
          target: 'reset.failed',
          actions: ['removeStoredUser', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }],
          description: 'spec §8: "on a thrown error the stored user is removed and the response shown."',
        },
      },
    },
    passwordReset: {
      description: "spec §2: 'SUCCESS! Your password has been successfully updated.' with a way to log in.",
      on: {
        LOG_IN: {
          target: 'toLogin',
          description: 'spec §4 Login wizard: password_is_reset forces the login step; preset_email fills the e-mail.',
        },
      },
    },
    toLogin: {
      description: 'spec §4 Login wizard: /login with password_is_reset (forces step 2) and preset_email.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login' } },
    },
  },
});

/**
 * Following an invite's e-mailed link (issue 20 point 4, /household/join?token=…): the invite is looked up and named;
 * a visitor logs in (POST /api/auth/login) or creates a guardian account (POST /api/auth/register without a licence),
 * stored as the login and register flows store it; a logged-in guardian joins at once; then the invite is accepted
 * with that session, and the page says whose household they now share, with the way to /payments.
 *
 * The token stays in the URL and this machine's context: it goes only into the lookup and accept bodies, never into
 * storage, a log or an event the /flows inspector forwards (it forwards event types and state values only).
 */
import { assertEvent, assign, setup } from 'xstate';
import { type LoginCredentials, login, register } from '../api/auth';
import { errorText } from '../api/errors';
import { acceptInvite, lookupInvite } from '../api/household-invites';
import type { HouseholdAnswer, Invitation, InvitationAnswer } from '../api/household-invites.schemas';
import type { CurrentUser, RegistrationPayload } from '../api/schemas';
import { toGuardianAccountFields } from '../domain/account-forms';
import { isValidForm } from '../domain/form-schema';
import { type GuardianFormValues, newGuardianSchema } from '../domain/forms/guardian';
import type { LoginFormValues } from '../domain/forms/login';
import type { Message } from '../i18n/runtime';
import { failedTo } from './call-failure';
import { exitOf } from './flow-exit';
import { isValidLogin, loginCall } from './login-form';
import type { ShownText } from './payment-texts';
import { answeredUser, storeUser } from './session-actions';
import { apiCall } from './settle-unless-aborted';

/** The server's answer to an unknown token, also shown for a link without one. */
/** A link without a token: refused without asking the server (the server's own answer says the same in its language). */
export const INVITATION_NOT_VALID: Message = { key: 'household.invitationNotValid' };

/** The route's query (the e-mailed link's token) and the user stored on this device when the page opened. */
export interface HouseholdJoinInput {
  token?: string | undefined;
  user: CurrentUser | null;
}

/** Where the flow hands over: the family's payments, now the household's. */
export interface HouseholdJoinExit {
  to: '/payments';
}

export interface HouseholdJoinContext {
  /** The invite token of the link; null without one. Never stored elsewhere. */
  token: string | null;
  /** The invite as looked up; null until then. */
  invite: Invitation | null;
  /** The e-mail of the stored user when the page opened (joins without logging in), else null. */
  loggedInAs: string | null;
  /** The §8 text of the state's failure, else null. */
  /** The failure to show: the server's answer as it came, or this flow's own message. */
  errorText: ShownText | null;
  exit: HouseholdJoinExit | null;
}

export type HouseholdJoinEvent =
  | { type: 'LOG_IN' }
  | { type: 'CREATE_ACCOUNT' }
  | { type: 'BACK' }
  /** The login form as typed; refused unless both fields are filled (src/domain/forms/login.ts). */
  | { type: 'SUBMIT_LOGIN'; values: LoginFormValues }
  /** The guardian form as typed; refused unless the register wizard's new-guardian schema holds. */
  | { type: 'SUBMIT_ACCOUNT'; values: GuardianFormValues }
  /** 'Join household' for a guardian already logged in. */
  | { type: 'JOIN' }
  | { type: 'RETRY' }
  | { type: 'SEE_PAYMENTS' };

/** §3 Registration payload without a licence: nothing to claim (do_not_claim), the e-mail as the username. */
function registrationInput({ event }: { event: HouseholdJoinEvent }): RegistrationPayload {
  assertEvent(event, 'SUBMIT_ACCOUNT');
  const fields = toGuardianAccountFields(event.values, { creating: true });
  // SUBMIT_ACCOUNT is guarded by the same schema, for which the fields always exist.
  if (fields === null) throw new Error('An account was sent for a form its schema refuses.');
  return {
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    username: fields.email,
    password: fields.password ?? '',
    password_confirmation: fields.password_confirmation ?? '',
    do_not_claim: true,
  };
}

export const householdJoinMachine = setup({
  types: {
    context: {} as HouseholdJoinContext,
    events: {} as HouseholdJoinEvent,
    input: {} as HouseholdJoinInput,
    output: {} as HouseholdJoinExit,
    tags: {} as 'busy',
  },
  actors: {
    lookup: apiCall<InvitationAnswer, string>((input, signal) => lookupInvite(input, { signal })),
    login: apiCall<CurrentUser, LoginCredentials>((input, signal) => login(input, { signal })),
    register: apiCall<CurrentUser, RegistrationPayload>((input, signal) => register(input, { signal })),
    accept: apiCall<HouseholdAnswer, string>((input, signal) => acceptInvite(input, { signal })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isLoggedIn: ({ context }) => context.loggedInAs !== null,
    isValidLogin,
    isValidAccount: (_, values: GuardianFormValues) => isValidForm(newGuardianSchema, values),
  },
  actions: {
    storeInvite: assign({ invite: (_, params: InvitationAnswer) => params.invite }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    noToken: assign({ errorText: INVITATION_NOT_VALID }),
    clearError: assign({ errorText: null }),
    /** As the login and register flows store the user (src/session): the session the accept call then carries. */
    storeUser,
    leave: assign({ exit: (_, exit: HouseholdJoinExit) => exit }),
  },
}).createMachine({
  id: 'householdJoin',
  description:
    "Issue 20 point 4 (spec §2 Login, §2 Register step 1): an invite's link names the inviter, the invitee logs in or " +
    "creates an account, accepts, and shares the inviter's household.",
  context: ({ input }) => ({
    token: input.token ?? null,
    invite: null,
    loggedInAs: input.user?.email ?? null,
    errorText: null,
    exit: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      description: 'Issue 20 point 4 (spec §2 query parameters): a link without a token is not a valid invitation.',
      always: [
        { guard: 'hasToken', target: 'lookingUp' },
        { target: 'invalid', actions: 'noToken' },
      ],
    },
    lookingUp: {
      description: "Issue 20 point 4 (spec §7 errors): POST /api/household/invites/lookup with the link's token.",
      tags: ['busy'],
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => context.token ?? '',
        onDone: [
          {
            guard: 'isLoggedIn',
            target: 'invited.loggedIn',
            actions: { type: 'storeInvite', params: ({ event }) => event.output },
          },
          { target: 'invited.choosing', actions: { type: 'storeInvite', params: ({ event }) => event.output } },
        ],
        onError: failedTo('invalid', 'storeError'),
      },
    },
    invalid: {
      description:
        "Spec §8: the page's error: 'This invitation is not valid.', 'This invitation has expired.' or 'This " +
        "invitation has already been used.' (issue 20 point 4).",
    },
    invited: {
      description: "Issue 20 point 4: '{invited_by_name} invited you to share their household.' (spec §2 Login).",
      initial: 'choosing',
      states: {
        choosing: {
          description: "Issue 20 point 4: 'Log in' or 'Create an account' (spec §2 Login step 1).",
          on: {
            LOG_IN: { target: 'logIn' },
            CREATE_ACCOUNT: { target: 'createAccount' },
          },
        },
        loggedIn: {
          description: "Issue 20 point 4: a guardian already logged in joins with 'Join household' (spec §2).",
          on: { JOIN: { target: '#householdJoin.accepting' } },
        },
        logIn: {
          description: "Spec §2 Login step 2: 'Email' and 'Password', 'Log In', 'Back'.",
          initial: 'idle',
          states: {
            idle: { description: 'Spec §2 Login step 2: the login form.' },
            invalid: { description: "Spec §8: 'Invalid login.' plus the server's messages." },
          },
          on: {
            SUBMIT_LOGIN: {
              guard: { type: 'isValidLogin', params: ({ event }) => event.values },
              target: '#householdJoin.loggingIn',
              actions: 'clearError',
            },
            BACK: { target: 'choosing' },
          },
        },
        createAccount: {
          description:
            "Spec §2 Register step 1: 'Create your Primary Guardian account' (first and last name, phone, e-mail, " +
            "password, confirm password), 'Create Account', 'Back'.",
          initial: 'idle',
          states: {
            idle: { description: 'Spec §2 Register step 1, §5 guardian form rules.' },
            failed: { description: 'Spec §8 general mapping of the refused registration (e.g. the e-mail is taken).' },
          },
          on: {
            SUBMIT_ACCOUNT: {
              guard: { type: 'isValidAccount', params: ({ event }) => event.values },
              target: '#householdJoin.registering',
              actions: 'clearError',
            },
            BACK: { target: 'choosing' },
          },
        },
      },
    },
    loggingIn: {
      description: 'Spec §7 POST /api/auth/login; the user is stored as the login wizard stores it.',
      tags: ['busy'],
      invoke: {
        ...loginCall,
        onDone: {
          target: 'accepting',
          actions: { type: 'storeUser', params: answeredUser },
        },
        onError: failedTo('invited.logIn.invalid', 'storeError'),
      },
    },
    registering: {
      description:
        'Spec §7 POST /api/auth/register (§3 Registration payload without a licence, do_not_claim); stored as the ' +
        'register wizard stores it.',
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: registrationInput,
        onDone: {
          target: 'accepting',
          actions: { type: 'storeUser', params: answeredUser },
        },
        onError: failedTo('invited.createAccount.failed', 'storeError'),
      },
    },
    accepting: {
      description: "Issue 20 point 4 (spec §7 errors): POST /api/household/invites/accept with the invitee's session.",
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => context.token ?? '',
        onDone: { target: 'joined' },
        onError: failedTo('acceptFailed', 'storeError'),
      },
    },
    acceptFailed: {
      description:
        "Spec §8: the accept was refused (e.g. 'You are already a guardian of another household.'), with a retry.",
      on: { RETRY: { target: 'accepting' } },
    },
    joined: {
      description:
        "Issue 20 point 4: 'You now share {invited_by_name}'s household.' with 'See your payments' (spec §2).",
      on: { SEE_PAYMENTS: { target: 'toPayments' } },
    },
    toPayments: {
      description: "Issue 20 point 4: /payments, now the household's athletes and memberships (spec §2).",
      type: 'final',
      entry: { type: 'leave', params: { to: '/payments' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

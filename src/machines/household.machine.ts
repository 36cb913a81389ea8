/**
 * "Your household" (issue 20 point 4, /household, login required): the guardians who share the family's athletes and
 * payments, the pending invites, the 'Invite a guardian' form, canceling an invite and removing another guardian
 * after a confirmation. Loading and every call are states; a failed call leaves the page as it was with the failure
 * shown; a session the server no longer accepts logs out silently and comes back here through login (spec §2).
 */
import { assertEvent, assign, setup } from 'xstate';
import { ApiError, errorText, type FieldMessages } from '../api/errors';
import { cancelInvite, getHousehold, inviteGuardian, removeGuardian } from '../api/household-invites';
import type {
  CreatedInvite,
  GuardianInvitePayload,
  Household,
  HouseholdAnswer,
  HouseholdGuardian,
} from '../api/household-invites.schemas';
import { isValidForm } from '../domain/form-schema';
import {
  type GuardianInviteValues,
  guardianInviteSchema,
  toGuardianInvitePayload,
} from '../domain/forms/guardian-invite';
import { silentLogout } from '../session/logout';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export const HOUSEHOLD_RETURN_URL = '/household';

/** Where the page hands over: login, with the way back here. */
export interface HouseholdExit {
  to: '/login';
  search: { returnUrl: string };
}

export interface HouseholdContext {
  /** The household as the server last answered it; null until loaded. */
  household: Household | null;
  /** The §8 text of the failed load or of the failed invite, cancel or removal, else null. */
  errorText: string | null;
  /** The failed invite's messages per field of the form (the server's 422), else {}. */
  fieldErrors: FieldMessages;
  /** The address the last invite went to (the notice after sending), else null. */
  invitedEmail: string | null;
  /** How many invites this page sent: the form starts empty again after each. */
  invitesSent: number;
  /** The invite being canceled. */
  cancelingId: number | null;
  /** The guardian the confirmation asks about, then the one being removed, then the one removed (the notice). */
  removal: { id: number; name: string } | null;
  exit: HouseholdExit | null;
}

export type HouseholdEvent =
  | { type: 'RETRY' }
  /** The invite form as typed; refused unless its schema holds (src/domain/forms/guardian-invite.ts). */
  | { type: 'SEND_INVITE'; values: GuardianInviteValues }
  | { type: 'CANCEL_INVITE'; inviteId: number }
  /** 'Remove' beside another guardian: asks 'Remove {name}?' first. */
  | { type: 'REMOVE'; guardianId: number }
  /** 'Yes' to the confirmation. */
  | { type: 'CONFIRM_REMOVE' }
  /** 'No' to the confirmation. */
  | { type: 'KEEP' };

/** The name a guardian goes by on this page: the account's name, else its e-mail. */
export function guardianName(guardian: Pick<HouseholdGuardian, 'name' | 'email'>): string {
  return guardian.name?.trim() ? guardian.name : guardian.email;
}

function otherGuardian(context: HouseholdContext, guardianId: number): HouseholdGuardian | undefined {
  return context.household?.guardians.find((guardian) => guardian.id === guardianId && !guardian.is_you);
}

function invitePayload({ event }: { event: HouseholdEvent }): GuardianInvitePayload {
  assertEvent(event, 'SEND_INVITE');
  const payload = toGuardianInvitePayload(event.values);
  // The SEND_INVITE guard let only values through for which the schema holds, and those always have a payload.
  if (payload === null) throw new Error('An invite was sent for a form its schema refuses.');
  return payload;
}

export const householdMachine = setup({
  types: {
    context: {} as HouseholdContext,
    events: {} as HouseholdEvent,
    output: {} as HouseholdExit,
    tags: {} as 'busy',
  },
  actors: {
    household: apiCall<HouseholdAnswer, void>((_, signal) => getHousehold({ signal })),
    sendInvite: apiCall<CreatedInvite, GuardianInvitePayload>((input, signal) => inviteGuardian(input, { signal })),
    cancelInvite: apiCall<void, number>((input, signal) => cancelInvite(input, { signal })),
    removeGuardian: apiCall<HouseholdAnswer, number>((input, signal) => removeGuardian(input, { signal })),
  },
  guards: {
    isValidInvite: (_, values: GuardianInviteValues) => isValidForm(guardianInviteSchema, values),
    isPendingInvite: ({ context }, params: { inviteId: number }) =>
      context.household?.invites.some((invite) => invite.id === params.inviteId) ?? false,
    isOtherGuardian: ({ context }, params: { guardianId: number }) =>
      otherGuardian(context, params.guardianId) !== undefined,
    isUnauthorized: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
  },
  actions: {
    storeHousehold: assign({ household: (_, params: HouseholdAnswer) => params.household }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    storeFieldErrors: assign({
      fieldErrors: (_, params: { error: unknown }) => (params.error instanceof ApiError ? params.error.messages : {}),
    }),
    clearMessages: assign({ errorText: null, fieldErrors: {}, invitedEmail: null }),
    /** The new invite replaces a pending one to the same address (the server made the old link dead). */
    addInvite: assign(({ context }, params: CreatedInvite) => {
      const { invite } = params;
      const household = context.household;
      const address = invite.email.trim().toLowerCase();
      return {
        household: household && {
          ...household,
          invites: [...household.invites.filter((other) => other.email.trim().toLowerCase() !== address), invite],
        },
        invitedEmail: invite.email,
        invitesSent: context.invitesSent + 1,
      };
    }),
    rememberCanceling: assign({ cancelingId: (_, params: { inviteId: number }) => params.inviteId }),
    dropCanceledInvite: assign({
      household: ({ context }) =>
        context.household && {
          ...context.household,
          invites: context.household.invites.filter((invite) => invite.id !== context.cancelingId),
        },
    }),
    askRemoval: assign({
      removal: ({ context }, params: { guardianId: number }) => {
        const guardian = otherGuardian(context, params.guardianId);
        return guardian ? { id: guardian.id, name: guardianName(guardian) } : null;
      },
    }),
    forgetRemoval: assign({ removal: null }),
    silentLogout: () => {
      silentLogout();
    },
    leave: assign({ exit: (_, exit: HouseholdExit) => exit }),
  },
}).createMachine({
  id: 'household',
  description:
    "Issue 20 point 4 (spec §2 protected routes): /household lists the household's guardians and pending invites, " +
    'invites a guardian by e-mail and removes another guardian.',
  context: {
    household: null,
    errorText: null,
    fieldErrors: {},
    invitedEmail: null,
    invitesSent: 0,
    cancelingId: null,
    removal: null,
    exit: null,
  },
  output: ({ context }) => exitOf(context),
  initial: 'loading',
  states: {
    loading: {
      description: "Issue 20 point 4 (spec §7 auth 'user'): GET /api/household.",
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'household',
        src: 'household',
        onDone: { target: 'ready', actions: { type: 'storeHousehold', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'silentLogout',
          },
          { target: 'error', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    error: {
      description: 'Spec §8 general mapping of the failed load, with a retry.',
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      description:
        "Issue 20 point 4: the guardians (name, e-mail, relationship, '(you)'), the pending invites with 'Cancel " +
        "invite', 'Remove' beside another guardian and the 'Invite a guardian' form (spec §5 form rules).",
      initial: 'idle',
      states: {
        idle: { description: 'Issue 20 point 4: the household as loaded, nothing to report (spec §2).' },
        invited: { description: 'Issue 20 point 4: the invite was sent; the form is empty again (spec §8 notice).' },
        inviteFailed: {
          description:
            'Spec §8: the invite was refused; the messages are announced and shown at their fields (issue 20 point 4).',
        },
        canceled: { description: 'Issue 20 point 4: the invite was canceled; its link no longer works (spec §8).' },
        removed: { description: 'Issue 20 point 4: the other guardian was removed from the household (spec §8).' },
        actionFailed: { description: 'Spec §8 general mapping of a failed cancel or removal (issue 20 point 4).' },
      },
      on: {
        SEND_INVITE: {
          guard: { type: 'isValidInvite', params: ({ event }) => event.values },
          target: 'sendingInvite',
          actions: 'clearMessages',
        },
        CANCEL_INVITE: {
          guard: { type: 'isPendingInvite', params: ({ event }) => ({ inviteId: event.inviteId }) },
          target: 'cancelingInvite',
          actions: [
            'clearMessages',
            { type: 'rememberCanceling', params: ({ event }) => ({ inviteId: event.inviteId }) },
          ],
        },
        REMOVE: {
          guard: { type: 'isOtherGuardian', params: ({ event }) => ({ guardianId: event.guardianId }) },
          target: 'confirmingRemove',
          actions: ['clearMessages', { type: 'askRemoval', params: ({ event }) => ({ guardianId: event.guardianId }) }],
        },
      },
    },
    confirmingRemove: {
      description:
        "Issue 20 point 4: 'Remove {name}?' with 'Yes' and 'No' (spec §2 confirmation); nothing else is taken meanwhile.",
      on: {
        CONFIRM_REMOVE: { target: 'removingGuardian' },
        KEEP: { target: 'ready.idle', actions: 'forgetRemoval' },
      },
    },
    sendingInvite: {
      description: 'Issue 20 point 4 (spec §7 errors): POST /api/household/invites, the e-mail with the link goes out.',
      tags: ['busy'],
      invoke: {
        id: 'sendInvite',
        src: 'sendInvite',
        input: invitePayload,
        onDone: { target: 'ready.invited', actions: { type: 'addInvite', params: ({ event }) => event.output } },
        onError: {
          target: 'ready.inviteFailed',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    cancelingInvite: {
      description: 'Issue 20 point 4 (spec §7 errors): DELETE /api/household/invites/{id}.',
      tags: ['busy'],
      invoke: {
        id: 'cancelInvite',
        src: 'cancelInvite',
        input: ({ context }) => context.cancelingId ?? 0,
        onDone: { target: 'ready.canceled', actions: 'dropCanceledInvite' },
        onError: {
          target: 'ready.actionFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removingGuardian: {
      description: 'Issue 20 point 4 (spec §7 errors): DELETE /api/household/guardians/{user_id}.',
      tags: ['busy'],
      invoke: {
        id: 'removeGuardian',
        src: 'removeGuardian',
        input: ({ context }) => context.removal?.id ?? 0,
        onDone: { target: 'ready.removed', actions: { type: 'storeHousehold', params: ({ event }) => event.output } },
        onError: {
          target: 'ready.actionFailed',
          actions: ['forgetRemoval', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    toLogin: {
      description: 'Spec §2: the session is no longer accepted; log in again and come back to /household.',
      type: 'final',
      entry: { type: 'leave', params: { to: '/login', search: { returnUrl: HOUSEHOLD_RETURN_URL } } },
    },
  },
});

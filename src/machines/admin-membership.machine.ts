/**
 * The console's membership page, /admin/memberships/$id (issue 22 points 3 and 4): loads the membership (GET
 * /api/admin/memberships/{id}: athlete, guardian, plan, phases, card, e-mails, audit); a load failure is a state
 * with a retry, a 404 shows 'Membership not found.', a session the server no longer knows leads to /admin/login.
 * Owners and registrars act on it (a coach reads only; the server refuses anyway): refund a charge (the child
 * admin-refund.machine.ts), retry a failed instalment now, mark an instalment paid offline, cancel the remaining
 * schedule (after a confirmation). Each action has its loading state, its failure and its done notice; after a
 * done action the page reloads the membership, so the audit row (and the refund) show.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  cancelSchedule,
  getAdminMembership,
  type MembershipDetail,
  markPhaseOffline,
  type OfflinePayload,
  retryPhase,
} from '../api/admin';
import { fetchSignedWaiver } from '../api/admin-waivers';
import { saveFile } from '../api/download';
import { ApiError, errorText, type FieldMessages } from '../api/errors';
import {
  hasScheduleLeft,
  isOwed,
  isRefundable,
  isRetryable,
  leftToRefund,
  mayManageMoney,
} from '../domain/admin-membership';
import { isValidForm } from '../domain/form-schema';
import {
  type AdminCancelValues,
  type AdminOfflineValues,
  adminCancelFormSchema,
  adminOfflineFormSchema,
  toAdminCancelBody,
  toAdminOfflineBody,
} from '../domain/forms/admin-refund';
import { clearStaffSession, getStaffSession } from '../session/staff';
import {
  type AdminRefundInput,
  type AdminRefundOutput,
  adminRefundMachine,
  type RefundRecipient,
} from './admin-refund.machine';
import { exitOf } from './flow-exit';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall, settleUnlessAborted } from './settle-unless-aborted';

export interface AdminMembershipInput {
  membershipId: number;
}

export interface AdminMembershipData {
  membership: MembershipDetail;
  /** Whether the staff member's role lets them act on money here (owner, registrar). */
  canManage: boolean;
}

export type AdminMembershipExit = { to: '/admin/login' };

export type AdminMembershipEvent =
  | { type: 'RETRY' }
  | { type: 'REFUND'; phaseId: number }
  | { type: 'RETRY_PHASE'; phaseId: number }
  | { type: 'MARK_OFFLINE'; phaseId: number }
  | { type: 'SUBMIT_OFFLINE'; values: AdminOfflineValues }
  | { type: 'CLOSE' }
  | { type: 'CANCEL_SCHEDULE' }
  | { type: 'CONFIRM_CANCEL'; values: AdminCancelValues }
  /** Issue 32 point 3: download the signed waiver's PDF. */
  | { type: 'DOWNLOAD_WAIVER' };

/** The done notice after an action, before the next one. */
export type AdminMembershipNotice = 'refunded' | 'retried' | 'offline' | 'cancelled';

export interface AdminMembershipContext {
  membershipId: number;
  data: AdminMembershipData | null;
  /** The load's failure text. */
  error: string | null;
  /** The phase the running or failed action is about (retry, offline), or null. */
  phaseId: number | null;
  /** The last action's failure text, or null. */
  actionError: string | null;
  /** The last action's refusal by field (the offline form's `method` and `note`, the cancel's `reason`). */
  actionMessages: FieldMessages;
  notice: AdminMembershipNotice | null;
  exit: AdminMembershipExit | null;
}

async function loadMembership(membershipId: number, signal: AbortSignal): Promise<AdminMembershipData> {
  // A URL whose id is no id (/admin/memberships/abc): the same answer as an id nobody has.
  if (!Number.isSafeInteger(membershipId) || membershipId < 1) {
    throw new ApiError({ kind: 'http', status: 404, message: 'membership not found' });
  }
  const membership = await getAdminMembership(membershipId, { signal });
  const organizations = getStaffSession()?.staff.organizations ?? [];
  return { membership, canManage: mayManageMoney(organizations, membership.organization_id) };
}

function phaseOf(context: AdminMembershipContext, phaseId: number | null) {
  return context.data?.membership.phases.find((phase) => phase.id === phaseId);
}

/** Who gets a refund (the confirm question names them: 'Priya Patel (Visa ending 4242)'). */
function recipientOf(membership: MembershipDetail): RefundRecipient {
  return { guardian: membership.guardian.name, card: membership.card };
}

function refundInputOf(context: AdminMembershipContext, phaseId: number): AdminRefundInput {
  const membership = context.data?.membership;
  const phase = phaseOf(context, phaseId);
  return {
    membershipId: context.membershipId,
    paymentId: String(phase?.payment_id ?? ''),
    phaseLabel: phase?.label ?? '',
    leftCents: phase === undefined ? 0 : leftToRefund(phase),
    recipient: membership === undefined ? { guardian: '', card: null } : recipientOf(membership),
  };
}

export const adminMembershipMachine = setup({
  types: {
    input: {} as AdminMembershipInput,
    context: {} as AdminMembershipContext,
    events: {} as AdminMembershipEvent,
    output: {} as AdminMembershipExit,
    children: {} as {
      load: 'load';
      reload: 'load';
      refund: 'refund';
      retryCharge: 'retryCharge';
      markOffline: 'markOffline';
      cancel: 'cancel';
      downloadWaiver: 'downloadWaiver';
    },
  },
  actors: {
    load: apiCall<AdminMembershipData, { membershipId: number }>((input, signal) =>
      loadMembership(input.membershipId, signal),
    ),
    refund: adminRefundMachine,
    retryCharge: apiCall<MembershipDetail, { membershipId: number; phaseId: number }>((input, signal) =>
      retryPhase(input.membershipId, input.phaseId, { signal }),
    ),
    markOffline: apiCall<MembershipDetail, { membershipId: number; phaseId: number; body: OfflinePayload }>(
      (input, signal) => markPhaseOffline(input.membershipId, input.phaseId, input.body, { signal }),
    ),
    cancel: apiCall<MembershipDetail, { membershipId: number; reason: string }>((input, signal) =>
      cancelSchedule(input.membershipId, input.reason, { signal }),
    ),
    downloadWaiver: fromPromise<void, { membershipId: number }>(async ({ input, signal }) => {
      saveFile(await settleUnlessAborted(fetchSignedWaiver(input.membershipId, { signal }), signal));
    }),
  },
  guards: {
    isSessionGone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isNotFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    canRefund: ({ context }, params: { phaseId: number }) => {
      const phase = phaseOf(context, params.phaseId);
      return context.data?.canManage === true && phase !== undefined && isRefundable(phase);
    },
    canRetry: ({ context }, params: { phaseId: number }) => {
      const phase = phaseOf(context, params.phaseId);
      return context.data?.canManage === true && phase !== undefined && isRetryable(phase);
    },
    canMarkOffline: ({ context }, params: { phaseId: number }) => {
      const phase = phaseOf(context, params.phaseId);
      return context.data?.canManage === true && phase !== undefined && isOwed(phase);
    },
    canCancel: ({ context }) => context.data?.canManage === true && hasScheduleLeft(context.data.membership.phases),
    isValidOffline: (_, values: AdminOfflineValues) => isValidForm(adminOfflineFormSchema, values),
    isValidCancel: (_, values: AdminCancelValues) => isValidForm(adminCancelFormSchema, values),
    wasRefunded: (_, output: AdminRefundOutput) => output.refunded,
    hasSignedWaiver: ({ context }) => context.data?.membership.waiver_agreement !== undefined,
  },
  actions: {
    remember: assign({ data: (_, data: AdminMembershipData) => data, error: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    choosePhase: assign({ phaseId: (_, params: { phaseId: number }) => params.phaseId }),
    startAction: assign({ actionError: null, actionMessages: {}, notice: null }),
    rememberActionError: assign((_, params: { error: unknown }) => ({
      actionError: errorText(params.error),
      actionMessages: fieldMessagesOf(params.error),
    })),
    announce: assign({
      notice: (_, notice: AdminMembershipNotice) => notice,
      actionError: null,
      actionMessages: {},
    }),
    forgetSession: () => clearStaffSession(),
    leave: assign({ exit: (_, exit: AdminMembershipExit) => exit }),
  },
}).createMachine({
  id: 'adminMembership',
  description:
    "§1 club console, issue 22 points 3 and 4: a membership's page in the club console, and the staff's actions on its money",
  context: ({ input }) => ({
    membershipId: input.membershipId,
    data: null,
    error: null,
    phaseId: null,
    actionError: null,
    actionMessages: {},
    notice: null,
    exit: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: '§1 club console, issue 22 point 3: GET /api/admin/memberships/{id}',
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ membershipId: context.membershipId }),
        onDone: { target: 'loaded', actions: { type: 'remember', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
            target: 'toLogin',
            actions: 'forgetSession',
            description: '§1 club console, issue 22 point 1: a session the server no longer knows: log in again',
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            description:
              "§1 club console, issue 22 point 1: another organization's membership, or none: 'Membership not found.'",
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: "§1 club console, issue 22 point 3: the load failed: its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    notFound: { description: "§1 club console, issue 22 point 1: 'Membership not found.'" },
    loaded: {
      description:
        '§1 club console, issue 22 point 3: athlete, guardian, team, plan, paid, remaining, status, card, phases, e-mails, audit',
      initial: 'ready',
      states: {
        ready: {
          description: '§1 club console, issue 22 point 4: the page, with the actions the role allows',
          initial: 'idle',
          states: {
            idle: { description: '§1 club console, issue 22 point 4: no action running' },
            done: {
              description: "§1 club console, issue 22 point 4: the last action's notice, e.g. 'The refund is done.'",
            },
            actionFailed: { description: "§1 club console, issue 22 point 4: the last action's failure, announced" },
          },
          on: {
            REFUND: {
              guard: { type: 'canRefund', params: ({ event }) => ({ phaseId: event.phaseId }) },
              target: 'refunding',
              actions: [{ type: 'choosePhase', params: ({ event }) => ({ phaseId: event.phaseId }) }, 'startAction'],
            },
            RETRY_PHASE: {
              guard: { type: 'canRetry', params: ({ event }) => ({ phaseId: event.phaseId }) },
              target: 'retrying',
              actions: [{ type: 'choosePhase', params: ({ event }) => ({ phaseId: event.phaseId }) }, 'startAction'],
            },
            MARK_OFFLINE: {
              guard: { type: 'canMarkOffline', params: ({ event }) => ({ phaseId: event.phaseId }) },
              target: 'offlineForm',
              actions: [{ type: 'choosePhase', params: ({ event }) => ({ phaseId: event.phaseId }) }, 'startAction'],
            },
            CANCEL_SCHEDULE: { guard: 'canCancel', target: 'cancelForm', actions: 'startAction' },
            DOWNLOAD_WAIVER: { guard: 'hasSignedWaiver', target: 'downloadingWaiver', actions: 'startAction' },
          },
        },
        downloadingWaiver: {
          description:
            '§1 club console, issue 32 point 3: GET …/waiver.pdf with the staff token; the browser saves the signed waiver',
          tags: ['busy'],
          invoke: {
            id: 'downloadWaiver',
            src: 'downloadWaiver',
            input: ({ context }) => ({ membershipId: context.membershipId }),
            onDone: { target: 'ready.idle' },
            onError: {
              target: 'ready.actionFailed',
              actions: { type: 'rememberActionError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refunding: {
          description:
            '§1 club console, issue 22 point 4: the refund form, its confirm step and the call (admin-refund.machine.ts)',
          invoke: {
            id: 'refund',
            src: 'refund',
            input: ({ context }) => refundInputOf(context, context.phaseId ?? 0),
            onDone: [
              {
                guard: { type: 'wasRefunded', params: ({ event }) => event.output },
                target: 'reloading',
                actions: { type: 'announce', params: 'refunded' },
                description:
                  '§1 club console, issue 22 point 4: refunded: reload the membership (the refund and its audit row)',
              },
              { target: 'ready.idle' },
            ],
          },
        },
        retrying: {
          description:
            '§1 club console, issue 22 point 4: POST …/phases/{phase_id}/retry: the failed instalment is charged now',
          tags: ['busy'],
          invoke: {
            id: 'retryCharge',
            src: 'retryCharge',
            input: ({ context }) => ({ membershipId: context.membershipId, phaseId: context.phaseId ?? 0 }),
            onDone: { target: 'reloading', actions: { type: 'announce', params: 'retried' } },
            onError: {
              target: 'ready.actionFailed',
              actions: { type: 'rememberActionError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        offlineForm: {
          description: "§1 club console, issue 22 point 4: 'Paid by' cash or cheque and a note, for one instalment",
          initial: 'idle',
          states: {
            idle: { description: '§1 club console, issue 22 point 4: the offline form' },
            failed: { description: "§1 club console, issue 22 point 4: the server's refusal above the form" },
          },
          on: {
            SUBMIT_OFFLINE: {
              guard: { type: 'isValidOffline', params: ({ event }) => event.values },
              target: 'markingOffline',
            },
            CLOSE: { target: 'ready.idle' },
          },
        },
        markingOffline: {
          description: '§1 club console, issue 22 point 4: POST …/phases/{phase_id}/offline',
          tags: ['busy'],
          invoke: {
            id: 'markOffline',
            src: 'markOffline',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT_OFFLINE');
              // The guard let only valid values through.
              const body = toAdminOfflineBody(event.values) ?? { method: 'cash', note: '' };
              return { membershipId: context.membershipId, phaseId: context.phaseId ?? 0, body };
            },
            onDone: { target: 'reloading', actions: { type: 'announce', params: 'offline' } },
            onError: {
              target: 'offlineForm.failed',
              actions: { type: 'rememberActionError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        cancelForm: {
          description:
            "§1 club console, issue 22 point 4: 'Cancel the remaining schedule?' with a reason, 'Cancel the schedule' and 'Keep it'",
          initial: 'idle',
          states: {
            idle: { description: '§1 club console, issue 22 point 4: the question' },
            failed: { description: "§1 club console, issue 22 point 4: the server's refusal above the question" },
          },
          on: {
            CONFIRM_CANCEL: {
              guard: { type: 'isValidCancel', params: ({ event }) => event.values },
              target: 'cancelling',
            },
            CLOSE: { target: 'ready.idle' },
          },
        },
        cancelling: {
          description: '§1 club console, issue 22 point 4: POST /api/admin/memberships/{id}/cancel',
          tags: ['busy'],
          invoke: {
            id: 'cancel',
            src: 'cancel',
            input: ({ context, event }) => {
              assertEvent(event, 'CONFIRM_CANCEL');
              return { membershipId: context.membershipId, reason: toAdminCancelBody(event.values)?.reason ?? '' };
            },
            onDone: { target: 'reloading', actions: { type: 'announce', params: 'cancelled' } },
            onError: {
              target: 'cancelForm.failed',
              actions: { type: 'rememberActionError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reloading: {
          description:
            '§1 club console, issue 22 point 4: the action is done: GET the membership again (the audit row shows)',
          tags: ['busy'],
          invoke: {
            id: 'reload',
            src: 'load',
            input: ({ context }) => ({ membershipId: context.membershipId }),
            onDone: { target: 'ready.done', actions: { type: 'remember', params: ({ event }) => event.output } },
            onError: {
              target: 'ready.actionFailed',
              actions: { type: 'rememberActionError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    toLogin: {
      description: '§1 club console, issue 22 point 1: /admin/login',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin/login' } },
    },
  },
  output: ({ context }) => exitOf(context),
});

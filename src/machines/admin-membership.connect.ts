/**
 * The views' window on admin-membership.machine.ts (/admin/memberships/$id): the membership's summary, its phases
 * (with the actions each one offers the role), the e-mails sent, the audit log, and the action panel open now
 * (the refund child, the offline form, the cancel question) with its busy, failure and done texts.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AuditEntry, MembershipDetail, Phase } from '../api/admin';
import { cardLabel, hasScheduleLeft, isOwed, isRefundable, isRetryable } from '../domain/admin-membership';
import { ROSTER_STATUS_LABEL } from '../domain/admin-roster';
import { formatDateText } from '../domain/dates';
import { PHASE_STATUS_LABEL, PHASE_STATUSES } from '../domain/membership-figures';
import { formatUsd } from '../domain/money';
import type { adminMembershipMachine } from './admin-membership.machine';
import { ADMIN_MEMBERSHIP_NOT_FOUND, type AdminMembershipNotice } from './admin-membership.machine';
import type { AdminRefundActorRef } from './admin-refund.connect';

export type AdminMembershipActorRef = ActorRefFrom<typeof adminMembershipMachine>;
export type AdminMembershipSnapshot = SnapshotFrom<typeof adminMembershipMachine>;

/** A phase's status as the family's /payments reads it (the page's phases come as text: an unknown one as it is). */
function phaseStatusLabel(status: string): string {
  const known = PHASE_STATUSES.find((candidate) => candidate === status);
  return known === undefined ? status : PHASE_STATUS_LABEL[known];
}

const AUDIT_ACTION_LABEL: Readonly<Record<string, string>> = {
  refund: 'Refund',
  retry: 'Retried a charge',
  mark_paid_offline: 'Marked paid offline',
  cancel_schedule: 'Cancelled the schedule',
};

const NOTICE_TEXT: Readonly<Record<AdminMembershipNotice, string>> = {
  refunded: 'The refund is done.',
  retried: 'The charge was retried.',
  offline: 'The instalment is marked as paid.',
  cancelled: 'The remaining schedule is cancelled.',
};

const OFFLINE_METHOD_LABEL: Readonly<Record<string, string>> = { cash: 'Cash', cheque: 'Cheque' };

export interface MembershipSummary {
  athlete: string;
  guardian: string;
  guardianEmail: string;
  team: string;
  season: string;
  plan: string;
  paid: string;
  remaining: string;
  status: string;
  /** 'Visa ending 4242', or 'No card on file'. */
  card: string;
}

export interface PhaseRow {
  id: number;
  label: string;
  due: string;
  amount: string;
  status: string;
  paidAt: string;
  /** 'Refunded $52.50', or '' for none. */
  refunded: string;
  /** 'Cash: paid at the field', or '' for a card payment. */
  offline: string;
  canRefund: boolean;
  canRetry: boolean;
  canMarkOffline: boolean;
}

export interface AuditRow {
  id: number;
  who: string;
  action: string;
  /** 'status overdue → status paid'. */
  change: string;
  reason: string;
  when: string;
}

export interface EmailRow {
  key: string;
  subject: string;
  to: string;
  sentAt: string;
}

export type AdminMembershipPanel =
  | { kind: 'none' }
  | { kind: 'refund'; refundRef: AdminRefundActorRef }
  | {
      kind: 'offline';
      phaseLabel: string;
      error: string | null;
      /** The server's messages tied to the form's fields. */
      fieldErrors: { method?: string; note?: string };
      busy: boolean;
    }
  | { kind: 'cancel'; error: string | null; fieldErrors: { reason?: string }; busy: boolean };

export type AdminMembershipView =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'notFound'; error: string }
  | {
      kind: 'loaded';
      title: string;
      summary: MembershipSummary;
      phases: PhaseRow[];
      emails: EmailRow[];
      audit: AuditRow[];
      /** Whether the actions show at all (owners and registrars). */
      canManage: boolean;
      canCancel: boolean;
      /** An action or the reload is running: the action buttons wait. */
      busy: boolean;
      /** What is running, announced: 'Retrying the charge…', or null. */
      progress: string | null;
      notice: string | null;
      actionError: string | null;
      panel: AdminMembershipPanel;
    }
  | { kind: 'leaving' };

function dateText(text: string | null): string {
  if (text === null) return '—';
  return formatDateText(text) ?? text;
}

function phaseRow(phase: Phase, canManage: boolean): PhaseRow {
  return {
    id: phase.id,
    label: phase.label,
    due: dateText(phase.due_on),
    amount: formatUsd(phase.amount_cents),
    status: phaseStatusLabel(phase.status),
    paidAt: dateText(phase.paid_at),
    refunded: phase.refunded_cents > 0 ? `Refunded ${formatUsd(phase.refunded_cents)}` : '',
    offline:
      phase.offline === null
        ? ''
        : [OFFLINE_METHOD_LABEL[phase.offline.method] ?? phase.offline.method, phase.offline.note]
            .filter((part) => part !== null && part !== '')
            .join(': '),
    canRefund: canManage && isRefundable(phase),
    canRetry: canManage && isRetryable(phase),
    canMarkOffline: canManage && isOwed(phase),
  };
}

/** One value of an audit row: cents as dollars, lists joined. */
function auditValue(key: string, value: unknown): string {
  if (key.endsWith('_cents') && typeof value === 'number' && Number.isSafeInteger(value)) return formatUsd(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** An audit side as text: `{ status: 'overdue' }` → 'status overdue'; nothing → '—'. */
export function auditSide(side: unknown): string {
  if (typeof side !== 'object' || side === null) return '—';
  const parts = Object.entries(side)
    .filter(([key]) => key !== 'phase_id')
    .map(([key, value]) => `${key.replace(/_cents$/, '').replaceAll('_', ' ')} ${auditValue(key, value)}`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

function auditRow(entry: AuditEntry): AuditRow {
  return {
    id: entry.id,
    who: entry.staff?.name ?? 'Automatic',
    action: AUDIT_ACTION_LABEL[entry.action] ?? entry.action.replaceAll('_', ' '),
    change: `${auditSide(entry.before)} → ${auditSide(entry.after)}`,
    reason: entry.reason ?? '',
    when: dateText(entry.created_at),
  };
}

function summaryOf(membership: MembershipDetail): MembershipSummary {
  return {
    athlete: membership.athlete.name,
    guardian: membership.guardian.name,
    guardianEmail: membership.guardian.email,
    team: membership.team.name,
    season: membership.season.name,
    plan: membership.plan,
    paid: formatUsd(membership.paid_cents),
    remaining: formatUsd(membership.remaining_cents),
    status: ROSTER_STATUS_LABEL[membership.status],
    card: membership.card === null ? 'No card on file' : cardLabel(membership.card),
  };
}

function phaseLabelOf(membership: MembershipDetail, phaseId: number | null): string {
  return membership.phases.find((phase) => phase.id === phaseId)?.label ?? '';
}

function panelOf(snapshot: AdminMembershipSnapshot, membership: MembershipDetail): AdminMembershipPanel {
  const { actionError, actionMessages, phaseId } = snapshot.context;
  const first = (field: string) => actionMessages[field]?.[0];
  const refundRef = snapshot.children.refund;
  if (snapshot.matches({ loaded: 'refunding' }) && refundRef !== undefined) return { kind: 'refund', refundRef };
  if (snapshot.matches({ loaded: 'offlineForm' }) || snapshot.matches({ loaded: 'markingOffline' })) {
    return {
      kind: 'offline',
      phaseLabel: phaseLabelOf(membership, phaseId),
      error: snapshot.matches({ loaded: { offlineForm: 'failed' } }) ? actionError : null,
      fieldErrors: snapshot.matches({ loaded: { offlineForm: 'failed' } })
        ? { method: first('method'), note: first('note') }
        : {},
      busy: snapshot.matches({ loaded: 'markingOffline' }),
    };
  }
  if (snapshot.matches({ loaded: 'cancelForm' }) || snapshot.matches({ loaded: 'cancelling' })) {
    return {
      kind: 'cancel',
      error: snapshot.matches({ loaded: { cancelForm: 'failed' } }) ? actionError : null,
      fieldErrors: snapshot.matches({ loaded: { cancelForm: 'failed' } }) ? { reason: first('reason') } : {},
      busy: snapshot.matches({ loaded: 'cancelling' }),
    };
  }
  return { kind: 'none' };
}

function progressOf(snapshot: AdminMembershipSnapshot): string | null {
  if (snapshot.matches({ loaded: 'retrying' })) return 'Retrying the charge…';
  if (snapshot.matches({ loaded: 'markingOffline' })) return 'Marking the instalment as paid…';
  if (snapshot.matches({ loaded: 'cancelling' })) return 'Cancelling the schedule…';
  if (snapshot.matches({ loaded: 'reloading' })) return 'Loading the membership again…';
  return null;
}

export function adminMembershipView(snapshot: AdminMembershipSnapshot): AdminMembershipView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? 'Error' };
  if (snapshot.matches('notFound')) return { kind: 'notFound', error: ADMIN_MEMBERSHIP_NOT_FOUND };
  const { data, notice, actionError } = snapshot.context;
  if (!snapshot.matches('loaded') || data === null) return { kind: 'leaving' };
  const { membership, canManage } = data;
  const ready = snapshot.matches({ loaded: 'ready' });
  return {
    kind: 'loaded',
    title: `${membership.athlete.name}: ${membership.team.name}`,
    summary: summaryOf(membership),
    phases: membership.phases.map((phase) => phaseRow(phase, canManage)),
    emails: membership.emails.map((email, index) => ({
      key: `${index}-${email.sent_at}`,
      subject: email.subject,
      to: email.to,
      sentAt: dateText(email.sent_at),
    })),
    audit: membership.audit.map(auditRow),
    canManage,
    canCancel: canManage && hasScheduleLeft(membership.phases),
    busy: !ready,
    progress: progressOf(snapshot),
    notice: snapshot.matches({ loaded: { ready: 'done' } }) && notice !== null ? NOTICE_TEXT[notice] : null,
    actionError: snapshot.matches({ loaded: { ready: 'actionFailed' } }) ? actionError : null,
    panel: panelOf(snapshot, membership),
  };
}

/**
 * The views' window on admin-membership.machine.ts (/admin/memberships/$id): the membership's summary, its phases
 * (with the actions each one offers the role), the e-mails sent, the audit log, and the action panel open now
 * (the refund child, the offline form, the cancel question) with its busy, failure and done texts. Site texts come as
 * messages and dates as the server sent them: the view writes both in the language in use (`consoleDate`,
 * `offlineText`, `cardText`, `text`).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AuditEntry, MembershipDetail, Phase } from '../api/admin';
import { cardBrand, hasScheduleLeft, isOwed, isRefundable, isRetryable } from '../domain/admin-membership';
import { formatDateText } from '../domain/dates';
import { formatUsd } from '../domain/money';
import { intlLocale, type Message, t } from '../i18n/runtime';
import type { AdminMembershipNotice, adminMembershipMachine } from './admin-membership.machine';
import type { AdminRefundActorRef } from './admin-refund.connect';

export type AdminMembershipActorRef = ActorRefFrom<typeof adminMembershipMachine>;
export type AdminMembershipSnapshot = SnapshotFrom<typeof adminMembershipMachine>;

/**
 * A date or date-time of the console as 'Sep 2, 2026' ('2 sept 2026'); none: '—'; an unreadable one as it came. The
 * connect modules hand the server's dates on as they came: call it while rendering (never inside a selector, or a
 * language switch would keep the old language's dates).
 */
export function consoleDate(text: string | null): string {
  if (text === null) return '—';
  return formatDateText(text, 'short', intlLocale()) ?? text;
}

/** A card as the summary names it: 'Visa ending 4242', or 'No card on file'. Call it while rendering. */
export function cardText(card: { brand: string; last4: string } | null): string {
  if (card === null) return t('admin.noCard');
  return t('admin.cardEnding', { brand: cardBrand(card.brand) ?? t('admin.card'), last4: card.last4 });
}

/** An offline payment as its row says it: 'Cash: paid at the field' ('' for a card payment). Call it while rendering. */
export function offlineText(row: Pick<PhaseRow, 'offline'>): string {
  if (row.offline === null) return '';
  return [t('admin.offlineMethod', { method: row.offline.method }), row.offline.note]
    .filter((part) => part !== null && part !== '')
    .join(': ');
}

export interface MembershipSummary {
  athlete: string;
  guardian: string;
  guardianEmail: string;
  team: string;
  season: string;
  plan: string;
  /** Issue 34 point 3: 'Financial assistance' as the family's /payments shows it ('−$225.00'); null: no award. */
  assistance: string | null;
  paid: string;
  remaining: string;
  status: Message;
  /** The card on file (`cardText`: 'Visa ending 4242'), or null ('No card on file'). */
  card: { brand: string; last4: string } | null;
  /** Issue 31 point 4: the language of the waiver text agreed to ('Agreed in Spanish'); null: none recorded. */
  waiverAgreed: Message | null;
  /** Issue 32 point 3: the signed waiver on record (dates as the server sent them); null: none recorded. */
  signedWaiver: SignedWaiverSummary | null;
}

export interface SignedWaiverSummary {
  version: Message;
  agreedAt: string;
  agreedBy: string;
  sha256: string;
  client: string;
}

export interface PhaseRow {
  id: number;
  /** The server's name of the instalment ('Deposit', 'Payment 2 of 3'). */
  label: string;
  /** Dates as the server sent them (`consoleDate`). */
  due: string | null;
  amount: string;
  status: Message;
  paidAt: string | null;
  /** 'Refunded $52.50', or null for none. */
  refunded: Message | null;
  /** An offline payment's method and note (`offlineText`: 'Cash: paid at the field'), or null for a card payment. */
  offline: { method: string; note: string | null } | null;
  canRefund: boolean;
  canRetry: boolean;
  canMarkOffline: boolean;
}

export interface AuditRow {
  id: number;
  /** The staff member, or null: an automatic action ('Automatic'). */
  who: string | null;
  action: Message;
  /** 'status overdue → status paid'. */
  change: string;
  reason: string;
  /** As the server sent it (`consoleDate`). */
  when: string | null;
}

export interface EmailRow {
  key: string;
  subject: string;
  to: string;
  /** As the server sent it (`consoleDate`). */
  sentAt: string | null;
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
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  /** 'Membership not found.' */
  | { kind: 'notFound' }
  | {
      kind: 'loaded';
      /** The membership shown (its answers' disclosure loads them). */
      membershipId: number;
      /** Its team, whose roster the page links back to unless it was opened from elsewhere. */
      teamId: number;
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
      progress: Message | null;
      /** What the last action did: 'The refund is done.', or null. */
      notice: Message | null;
      actionError: string | null;
      panel: AdminMembershipPanel;
    }
  | { kind: 'leaving' };

function phaseRow(phase: Phase, canManage: boolean): PhaseRow {
  return {
    id: phase.id,
    label: phase.label,
    due: phase.due_on,
    amount: formatUsd(phase.amount_cents),
    // A phase's status as the family's /payments reads it (an unknown one as it came).
    status: { key: 'admin.phaseStatus', params: { status: phase.status } },
    paidAt: phase.paid_at,
    refunded:
      phase.refunded_cents > 0
        ? { key: 'admin.refundedAmount', params: { amount: formatUsd(phase.refunded_cents) } }
        : null,
    offline: phase.offline === null ? null : { method: phase.offline.method, note: phase.offline.note },
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
    who: entry.staff?.name ?? null,
    // An action the page does not know is shown by its name.
    action: { key: 'admin.auditAction', params: { action: entry.action, name: entry.action.replaceAll('_', ' ') } },
    change: `${auditSide(entry.before)} → ${auditSide(entry.after)}`,
    reason: entry.reason ?? '',
    when: entry.created_at,
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
    assistance:
      (membership.financial_assistance_cents ?? 0) > 0
        ? `−${formatUsd(membership.financial_assistance_cents ?? 0)}`
        : null,
    paid: formatUsd(membership.paid_cents),
    remaining: formatUsd(membership.remaining_cents),
    status: { key: 'admin.membershipStatus', params: { status: membership.status } },
    card: membership.card,
    waiverAgreed:
      membership.waiver_language === undefined
        ? null
        : { key: 'admin.waiverAgreed', params: { language: membership.waiver_language } },
    signedWaiver: signedWaiverOf(membership),
  };
}

function signedWaiverOf(membership: MembershipDetail): SignedWaiverSummary | null {
  const agreement = membership.waiver_agreement;
  if (agreement === undefined) return null;
  return {
    version: {
      key: 'signedWaiver.versionValue',
      params: { version: String(agreement.version), language: agreement.language },
    },
    agreedAt: agreement.agreed_at,
    agreedBy: agreement.guardian.name,
    sha256: agreement.sha256,
    client: [agreement.ip_address, agreement.user_agent].filter((part) => part !== '').join(' · '),
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

function progressOf(snapshot: AdminMembershipSnapshot): Message | null {
  if (snapshot.matches({ loaded: 'retrying' })) return { key: 'admin.retrying' };
  if (snapshot.matches({ loaded: 'markingOffline' })) return { key: 'admin.markingOffline' };
  if (snapshot.matches({ loaded: 'cancelling' })) return { key: 'admin.cancelling' };
  if (snapshot.matches({ loaded: 'reloading' })) return { key: 'admin.reloadingMembership' };
  if (snapshot.matches({ loaded: 'downloadingWaiver' })) return { key: 'signedWaiver.downloading' };
  return null;
}

function noticeOf(notice: AdminMembershipNotice): Message {
  return { key: 'admin.notice', params: { notice } };
}

export function adminMembershipView(snapshot: AdminMembershipSnapshot): AdminMembershipView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  if (snapshot.matches('notFound')) return { kind: 'notFound' };
  const { data, notice, actionError } = snapshot.context;
  if (!snapshot.matches('loaded') || data === null) return { kind: 'leaving' };
  const { membership, canManage } = data;
  const ready = snapshot.matches({ loaded: 'ready' });
  return {
    kind: 'loaded',
    membershipId: snapshot.context.membershipId,
    teamId: membership.team.id,
    title: `${membership.athlete.name}: ${membership.team.name}`,
    summary: summaryOf(membership),
    phases: membership.phases.map((phase) => phaseRow(phase, canManage)),
    emails: membership.emails.map((email, index) => ({
      key: `${index}-${email.sent_at}`,
      subject: email.subject,
      to: email.to,
      sentAt: email.sent_at,
    })),
    audit: membership.audit.map(auditRow),
    canManage,
    canCancel: canManage && hasScheduleLeft(membership.phases),
    busy: !ready,
    progress: progressOf(snapshot),
    notice: snapshot.matches({ loaded: { ready: 'done' } }) && notice !== null ? noticeOf(notice) : null,
    actionError: snapshot.matches({ loaded: { ready: 'actionFailed' } }) ? actionError : null,
    panel: panelOf(snapshot, membership),
  };
}

/**
 * The texts of "My payments" and the update-card page (issue 15), and the pure view models they render: amounts
 * through src/domain/money, dates through src/domain/dates in the language in use, so every figure reads the same as
 * in the e-mails. Every text comes from the `payments` catalogue group (issue 31); the functions here call `t` and
 * are called while rendering (never inside a selector), so a language switch re-renders them.
 */

import { formatDisplayDate } from '../../domain/dates';
import { formatUsd } from '../../domain/money';
import { intlLocale, t } from '../../i18n/runtime';
import type { MembershipPhase, MembershipSummary, PhaseStatus, SavedCard } from '../../machines/payments.connect';

/**
 * 'My payments' in English, for the licence pages' link to /payments, which load only their own group (they are not
 * converted to the `payments` group; this flow's own views use t('payments.heading')).
 */
export const MY_PAYMENTS_HEADING = 'My payments';

export function phaseStatusText(status: PhaseStatus): string {
  return t('payments.phaseStatus', { status });
}

/** 'Visa ending in 4242' (brands come lower-case from the provider), in the language in use. */
export function savedCardText(card: SavedCard): string {
  if (card.brand === '') return t('payments.cardEndingNoBrand', { last4: card.last4 });
  return t('payments.cardEnding', {
    brand: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`,
    last4: card.last4,
  });
}

/** 'Refunded $52.50' (issue 22 point 4). */
export function refundedText(cents: number): string {
  return t('payments.refundedAmount', { amount: formatUsd(cents) });
}

export interface PhaseRow {
  id: number;
  date: string;
  amount: string;
  status: string;
  /** Issue 22 point 4: 'Refunded $52.50' under the status, or null when nothing was refunded. */
  refunded: string | null;
  failed: boolean;
}

export interface MembershipView {
  id: number;
  title: string;
  season: string | null;
  athlete: string | null;
  plan: string;
  /** Issue 30 point 5: 'Paid', 'On schedule', 'Cancelled', …, or null from an older server that sends none. */
  status: string | null;
  total: string;
  paid: string;
  /** Issue 20 point 2: the 'Sibling discount' line, or null when the membership has none. */
  siblingDiscount: string | null;
  /** Issue 34: the 'Financial assistance' line, null without an award. */
  assistance: string | null;
  /** Issue 34 point 4: 'Awaiting payment' by check or cash, with the club's instructions; null otherwise. */
  awaitingInstructions: string | null;
  remaining: string;
  /** Issue 22 point 4: the 'Refunded' line ('$52.50'), or null when nothing was refunded. */
  refunded: string | null;
  nextPayment: string;
  card: string | null;
  needsCardUpdate: boolean;
  rows: PhaseRow[];
}

function phaseRow(phase: MembershipPhase): PhaseRow {
  return {
    id: phase.id,
    date: formatDisplayDate(phase.due_date, 'short', intlLocale()),
    amount: formatUsd(phase.amount_cents),
    status: phaseStatusText(phase.status),
    refunded: phase.refunded_cents > 0 ? refundedText(phase.refunded_cents) : null,
    failed: phase.status === 'failed' || phase.status === 'overdue',
  };
}

/** The membership's texts in the language in use: call it while rendering. */
export function membershipView(membership: MembershipSummary): MembershipView {
  const next = membership.next_payment;
  return {
    id: membership.id,
    title: membership.team_name,
    season: membership.season_name,
    athlete: membership.athlete_name,
    plan: membership.plan_name,
    status: membership.status === undefined ? null : t('payments.membershipStatus', { status: membership.status }),
    total: formatUsd(membership.total_cents),
    paid: formatUsd(membership.paid_cents),
    siblingDiscount: membership.sibling_discount_cents > 0 ? `−${formatUsd(membership.sibling_discount_cents)}` : null,
    assistance:
      (membership.financial_assistance_cents ?? 0) > 0
        ? `−${formatUsd(membership.financial_assistance_cents ?? 0)}`
        : null,
    awaitingInstructions: membership.awaiting_payment?.instructions ?? null,
    remaining: formatUsd(membership.remaining_cents),
    refunded: membership.refunded_cents > 0 ? formatUsd(membership.refunded_cents) : null,
    nextPayment:
      next === null
        ? t('payments.nothingMoreDue')
        : t('payments.nextPaymentOn', {
            amount: formatUsd(next.amount_cents),
            date: formatDisplayDate(next.due_date, 'short', intlLocale()),
          }),
    card: membership.card === null ? null : savedCardText(membership.card),
    needsCardUpdate: membership.needs_card_update,
    rows: membership.phases.map(phaseRow),
  };
}

/** What the paid screen says under 'Payment succeeded!'. */
export function chargedText(amountCents: number, card: SavedCard): string {
  return t('payments.charged', { amount: formatUsd(amountCents), card: savedCardText(card) });
}

export function cardSavedText(card: SavedCard): string {
  return t('payments.cardSaved', { card: savedCardText(card) });
}

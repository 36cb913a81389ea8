/**
 * The texts of "My payments" and the update-card page (issue 15), and the pure view models they render: amounts
 * through src/domain/money, dates through src/domain/dates, so every figure reads the same as in the e-mails.
 */

import { formatDisplayDate } from '../../domain/dates';
import { MEMBERSHIP_STATUS_LABEL, PHASE_STATUS_LABEL } from '../../domain/membership-figures';
import { formatUsd } from '../../domain/money';
import { NOTHING_MORE_DUE } from '../../domain/payment-rules';
import type { MembershipPhase, MembershipSummary, PhaseStatus, SavedCard } from '../../machines/payments.connect';

export const MY_PAYMENTS_HEADING = 'My payments';
export const LOADING_PAYMENTS_TEXT = 'Loading your payments…';
export const NO_PAYMENTS_TEXT = 'You have no team payments yet.';
export const BACK_TO_ACCOUNT = 'Back to your account';
/** Issue 20 point 4: the way to /household, where a second guardian is invited. */
export const INVITE_GUARDIAN_LINK = 'Invite a guardian';
export const UPDATE_CARD_LABEL = 'Update card';
export const CARD_UPDATE_NOTICE = 'A payment could not be charged to your card. Please update your card to pay it.';
export const SCHEDULE_CAPTION = 'Payment schedule';
/** The membership's status fact (issue 30 point 5). */
export const MEMBERSHIP_STATUS_TERM = 'Status';

export function phaseStatusText(status: PhaseStatus): string {
  return PHASE_STATUS_LABEL[status];
}

/** 'Visa ending in 4242' (brands come lower-case from the provider). */
export function cardText(card: SavedCard): string {
  const brand = card.brand === '' ? 'Card' : `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`;
  return `${brand} ending in ${card.last4}`;
}

export const REFUNDED_TEXT = 'Refunded';

/** 'Refunded $52.50' (issue 22 point 4). */
export function refundedText(cents: number): string {
  return `${REFUNDED_TEXT} ${formatUsd(cents)}`;
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
    date: formatDisplayDate(phase.due_date),
    amount: formatUsd(phase.amount_cents),
    status: phaseStatusText(phase.status),
    refunded: phase.refunded_cents > 0 ? refundedText(phase.refunded_cents) : null,
    failed: phase.status === 'failed' || phase.status === 'overdue',
  };
}

export function membershipView(membership: MembershipSummary): MembershipView {
  const next = membership.next_payment;
  return {
    id: membership.id,
    title: membership.team_name,
    season: membership.season_name,
    athlete: membership.athlete_name,
    plan: membership.plan_name,
    status: membership.status === undefined ? null : MEMBERSHIP_STATUS_LABEL[membership.status],
    total: formatUsd(membership.total_cents),
    paid: formatUsd(membership.paid_cents),
    siblingDiscount: membership.sibling_discount_cents > 0 ? `−${formatUsd(membership.sibling_discount_cents)}` : null,
    remaining: formatUsd(membership.remaining_cents),
    refunded: membership.refunded_cents > 0 ? formatUsd(membership.refunded_cents) : null,
    nextPayment:
      next === null ? NOTHING_MORE_DUE : `${formatUsd(next.amount_cents)} on ${formatDisplayDate(next.due_date)}`,
    card: membership.card === null ? null : cardText(membership.card),
    needsCardUpdate: membership.needs_card_update,
    rows: membership.phases.map(phaseRow),
  };
}

export const UPDATE_CARD_HEADING = 'Update card';
export const UPDATE_CARD_INTRO =
  'Enter the card to use for this membership. Every failed or overdue payment is charged to it at once.';
export const SAVE_CARD_LABEL = 'Save card';
export const TRY_ANOTHER_CARD_LABEL = 'Try another card';
export const BACK_TO_PAYMENTS = 'Back to My payments';
export const LOADING_CARD_FORM_TEXT = 'Loading the card form…';
export const SAVING_CARD_TEXT = 'Saving your card…';
export const CONFIRMING_PAYMENT_TEXT = 'Confirming your payment…';
export const CARD_FORM_UNAVAILABLE = 'Card payments are unavailable right now. Please try again in a moment.';
export const MISSING_MEMBERSHIP_TEXT = 'This link does not say which membership to update. Open it from My payments.';
export const NOTHING_DUE_TEXT = 'Nothing is due right now: your next payments will be charged to this card.';

/** What the paid screen says under 'Payment succeeded!'. */
export function chargedText(amountCents: number, card: SavedCard): string {
  return `${formatUsd(amountCents)} was charged to your ${cardText(card)}. A receipt has been sent to your e-mail.`;
}

export function cardSavedText(card: SavedCard): string {
  return `Your ${cardText(card)} is saved.`;
}

/**
 * The views' window on admin-refund.machine.ts (the refund panel of /admin/memberships/$id): the step (form or
 * confirm), the form's first values, the confirm question, the server's refusal (above the form and on its field)
 * and busy.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AdminRefundValues } from '../domain/forms/admin-refund';
import { formatUsd } from '../domain/money';
import { t } from '../i18n/runtime';
import { cardText } from './admin-membership.connect';
import type { adminRefundMachine, RefundRecipient } from './admin-refund.machine';

export type AdminRefundActorRef = ActorRefFrom<typeof adminRefundMachine>;
export type AdminRefundSnapshot = SnapshotFrom<typeof adminRefundMachine>;

export type AdminRefundView =
  | {
      kind: 'form';
      /** The instalment: the heading is 'Refund {phaseLabel}'. */
      phaseLabel: string;
      /** What is left to refund ('$105.00'): the hint is 'Left to refund on this payment: $105.00.' */
      left: string;
      values: AdminRefundValues;
      alert: string | null;
      amountError: string | undefined;
      reasonError: string | undefined;
    }
  | {
      kind: 'confirm' | 'refunding';
      phaseLabel: string;
      /** The question ('Refund $52.50 to Priya Patel (Visa ending 4242)?', `refundQuestion`): amount and recipient. */
      amount: string;
      recipient: RefundRecipient;
      busy: boolean;
    }
  | { kind: 'closed' };

export function adminRefundView(snapshot: AdminRefundSnapshot): AdminRefundView {
  const { context } = snapshot;
  if (snapshot.matches('form')) {
    const failed = snapshot.matches({ form: 'invalid' });
    return {
      kind: 'form',
      phaseLabel: context.phaseLabel,
      left: formatUsd(context.leftCents),
      values: context.values,
      alert: failed ? context.error : null,
      amountError: failed ? context.fieldErrors.amount_cents?.[0] : undefined,
      reasonError: failed ? context.fieldErrors.reason?.[0] : undefined,
    };
  }
  if (snapshot.matches('confirming') || snapshot.matches('refunding')) {
    return {
      kind: snapshot.matches('confirming') ? 'confirm' : 'refunding',
      phaseLabel: context.phaseLabel,
      amount: formatUsd(context.body?.amount_cents ?? 0),
      recipient: context.recipient,
      busy: snapshot.hasTag('busy'),
    };
  }
  return { kind: 'closed' };
}

/** 'Refund $52.50 to Priya Patel (Visa ending 4242)?' in the language in use: call it while rendering. */
export function refundQuestion(view: { amount: string; recipient: RefundRecipient }): string {
  const { guardian, card } = view.recipient;
  const recipient = card === null ? guardian : t('admin.recipientWithCard', { guardian, card: cardText(card) });
  return t('admin.refundQuestion', { amount: view.amount, recipient });
}

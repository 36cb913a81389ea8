/**
 * The views' window on admin-refund.machine.ts (the refund panel of /admin/memberships/$id): the step (form or
 * confirm), the form's first values, the confirm question, the server's refusal (above the form and on its field)
 * and busy.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AdminRefundValues } from '../domain/forms/admin-refund';
import { formatUsd } from '../domain/money';
import type { adminRefundMachine } from './admin-refund.machine';

export type AdminRefundActorRef = ActorRefFrom<typeof adminRefundMachine>;
export type AdminRefundSnapshot = SnapshotFrom<typeof adminRefundMachine>;

export type AdminRefundView =
  | {
      kind: 'form';
      heading: string;
      /** 'Left to refund on this payment: $105.00.' */
      hint: string;
      values: AdminRefundValues;
      alert: string | null;
      amountError: string | undefined;
      reasonError: string | undefined;
    }
  | { kind: 'confirm' | 'refunding'; heading: string; question: string; busy: boolean }
  | { kind: 'closed' };

export function adminRefundView(snapshot: AdminRefundSnapshot): AdminRefundView {
  const { context } = snapshot;
  const heading = `Refund ${context.phaseLabel}`;
  if (snapshot.matches('form')) {
    const failed = snapshot.matches({ form: 'invalid' });
    return {
      kind: 'form',
      heading,
      hint: `Left to refund on this payment: ${formatUsd(context.leftCents)}.`,
      values: context.values,
      alert: failed ? context.error : null,
      amountError: failed ? context.fieldErrors.amount_cents?.[0] : undefined,
      reasonError: failed ? context.fieldErrors.reason?.[0] : undefined,
    };
  }
  if (snapshot.matches('confirming') || snapshot.matches('refunding')) {
    const amount = formatUsd(context.body?.amount_cents ?? 0);
    return {
      kind: snapshot.matches('confirming') ? 'confirm' : 'refunding',
      heading,
      question: `Refund ${amount} to ${context.recipient}?`,
      busy: snapshot.hasTag('busy'),
    };
  }
  return { kind: 'closed' };
}

/**
 * The console's membership actions (issue 22 point 4), one schema per form shared by /admin/memberships/$id and the
 * server: a refund (POST /api/admin/memberships/{id}/refunds: the amount typed in dollars, sent in cents, and a
 * reason), an instalment marked paid offline (…/phases/{phase_id}/offline: cash or cheque and a note) and cancelling
 * the remaining schedule (…/cancel: a reason). The form values' keys are the bodies' keys, so a 422 the server answers
 * ('This is more than is left to refund.' on `amount_cents`) lands on the field that shows it.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { AMOUNT_INVALID, AMOUNT_TOO_BIG, centsToDollarsText, dollarsTextToCents } from './admin-fields.ts';

export const REASON_MAX_LENGTH = 500;
export const REFUND_AMOUNT_REQUIRED = 'form.refundAmountRequired' satisfies FormKey;
export const REFUND_AMOUNT_TOO_SMALL = 'form.refundAmountTooSmall' satisfies FormKey;
export const REFUND_REASON_REQUIRED = 'form.refundReasonRequired' satisfies FormKey;
export const CANCEL_REASON_REQUIRED = 'form.cancelReasonRequired' satisfies FormKey;
export const OFFLINE_METHOD_REQUIRED = 'form.offlineMethodRequired' satisfies FormKey;
/** The note is text, empty when there is nothing to say; absent or of another type it is refused on its field. */
export const OFFLINE_NOTE_TEXT = 'form.offlineNoteText' satisfies FormKey;
export const REASON_TOO_LONG = 'form.reasonTooLong' satisfies FormKey;
/** The largest refund the server takes (its column and the provider's limit): $999,999.99. */
export const REFUND_MAX_CENTS = 99_999_999;

function reasonField(required: FormKey) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(REASON_MAX_LENGTH, REASON_TOO_LONG));
}

/** The wire body of a refund: `payment_id` names the charge (the provider's id); absent: the latest one. */
export const adminRefundBodySchema = z.object({
  amount_cents: z
    .int({
      error: (issue) => (issue.input === undefined ? REFUND_AMOUNT_REQUIRED : AMOUNT_INVALID),
    })
    .check(z.minimum(1, REFUND_AMOUNT_TOO_SMALL), z.maximum(REFUND_MAX_CENTS, AMOUNT_TOO_BIG)),
  reason: reasonField(REFUND_REASON_REQUIRED),
  payment_id: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(255)))),
});
export type AdminRefundBody = z.output<typeof adminRefundBodySchema>;

// Type aliases, not interfaces: they then fit useForm's Record<string, string>.
/** `amount_cents` as typed, in dollars ('52.50', '$1,250'). */
export type AdminRefundValues = { amount_cents: string; reason: string };

/** The form's first values: the amount left to refund on the charge, no reason. */
export function initialRefundValues(leftCents: number): AdminRefundValues {
  return { amount_cents: centsToDollarsText(leftCents), reason: '' };
}

export const adminRefundFormSchema = z.pipe(
  z.transform((values: AdminRefundValues) => ({
    amount_cents: dollarsTextToCents(values.amount_cents),
    reason: values.reason,
  })),
  adminRefundBodySchema,
);

/** The body for valid form values (without `payment_id`), else null. */
export function toAdminRefundBody(values: AdminRefundValues): AdminRefundBody | null {
  const result = adminRefundFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

export const OFFLINE_METHODS = ['cash', 'cheque'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];

export const adminOfflineBodySchema = z.object({
  method: z.enum(OFFLINE_METHODS, { error: OFFLINE_METHOD_REQUIRED }),
  note: z.string({ error: OFFLINE_NOTE_TEXT }).check(z.trim(), z.maxLength(REASON_MAX_LENGTH, REASON_TOO_LONG)),
});
export type AdminOfflineBody = z.output<typeof adminOfflineBodySchema>;
/** `method` '' until one is chosen. */
export type AdminOfflineValues = { method: string; note: string };
export const EMPTY_ADMIN_OFFLINE: AdminOfflineValues = { method: '', note: '' };
export const adminOfflineFormSchema = adminOfflineBodySchema;

export function toAdminOfflineBody(values: AdminOfflineValues): AdminOfflineBody | null {
  const result = adminOfflineBodySchema.safeParse(values);
  return result.success ? result.data : null;
}

export const adminCancelBodySchema = z.object({ reason: reasonField(CANCEL_REASON_REQUIRED) });
export type AdminCancelBody = z.output<typeof adminCancelBodySchema>;
export type AdminCancelValues = { reason: string };
export const EMPTY_ADMIN_CANCEL: AdminCancelValues = { reason: '' };
export const adminCancelFormSchema = adminCancelBodySchema;

export function toAdminCancelBody(values: AdminCancelValues): AdminCancelBody | null {
  const result = adminCancelBodySchema.safeParse(values);
  return result.success ? result.data : null;
}

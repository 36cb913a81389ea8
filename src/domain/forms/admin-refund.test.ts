import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/runtime';
import { type FormSchema, formErrors, isFormMessage } from '../form-schema';
import {
  adminCancelFormSchema,
  adminOfflineFormSchema,
  adminRefundBodySchema,
  adminRefundFormSchema,
  initialRefundValues,
  toAdminRefundBody,
} from './admin-refund';

/** The field errors as the English console shows them (the schemas give catalogue keys). */
function errorsOf<T>(schema: FormSchema<T>, values: T): Partial<Record<string, string>> {
  return Object.fromEntries(
    Object.entries<string | undefined>(formErrors(schema, values)).map(([field, message]) => [
      field,
      message !== undefined && isFormMessage(message) ? t(message) : message,
    ]),
  );
}

describe('the refund form', () => {
  it('starts at what is left to refund, typed in dollars and sent in cents', () => {
    expect(initialRefundValues(5250)).toEqual({ amount_cents: '52.50', reason: '' });
    expect(toAdminRefundBody({ amount_cents: '$1,052.5', reason: ' Injury ' })).toEqual({
      amount_cents: 105_250,
      reason: 'Injury',
    });
  });

  it('names the field of each refusal', () => {
    expect(errorsOf(adminRefundFormSchema, { amount_cents: '', reason: '' })).toEqual({
      amount_cents: 'Enter the amount to refund.',
      reason: 'Enter the reason for the refund.',
    });
    expect(errorsOf(adminRefundFormSchema, { amount_cents: '0', reason: 'x' }).amount_cents).toBe(
      'Enter an amount of at least $0.01.',
    );
    expect(errorsOf(adminRefundFormSchema, { amount_cents: '1.234', reason: 'x' }).amount_cents).toBe(
      'Enter an amount in dollars with at most two decimals, e.g. 450.00.',
    );
    expect(errorsOf(adminRefundFormSchema, { amount_cents: '1', reason: 'x'.repeat(501) }).reason).toBe(
      'Use at most 500 characters.',
    );
  });

  it('is the body the server validates: cents, an optional charge', () => {
    expect(adminRefundBodySchema.safeParse({ amount_cents: 10, reason: 'r', payment_id: 'pi_1' }).success).toBe(true);
    expect(adminRefundBodySchema.safeParse({ amount_cents: 10.5, reason: 'r' }).success).toBe(false);
    expect(adminRefundBodySchema.safeParse({ amount_cents: 100_000_000, reason: 'r' }).success).toBe(false);
  });
});

describe('the offline and cancel forms', () => {
  it('want cash or cheque, and a reason to cancel', () => {
    expect(errorsOf(adminOfflineFormSchema, { method: '', note: '' })).toEqual({ method: 'Choose cash or cheque.' });
    expect(errorsOf(adminOfflineFormSchema, { method: 'cheque', note: '' })).toEqual({});
    expect(errorsOf(adminCancelFormSchema, { reason: '  ' })).toEqual({ reason: 'Enter the reason for cancelling.' });
  });
});

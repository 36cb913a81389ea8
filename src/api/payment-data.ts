/**
 * The payment data of §7 (docs/api.md): POST /api/memberships/payment-plans for the payer's latest licence, and the
 * staff draft preview's POST /nova-field/team-draft-payment-plans (never with authorization, §6). Only /payment and
 * /draft call them, so neither they nor their schemas load with every page (vite.config.ts APP_SHELL).
 */
import { type CallOptions, requestJson } from './client';
import { type PaymentData, paymentDataSchema } from './payment-data.schemas';

export interface PaymentPlansRequest {
  discount_code: string | null;
  include_payment_protection_plan: boolean;
}

/** POST /api/memberships/payment-plans → payment data for the payer's latest licence (money in cents). */
export function getPaymentPlans(body: PaymentPlansRequest, options?: CallOptions): Promise<PaymentData> {
  return requestJson('/api/memberships/payment-plans', paymentDataSchema, {
    method: 'post',
    json: body,
    auth: 'payer',
    ...options,
  });
}

export interface DraftPaymentPlansRequest extends PaymentPlansRequest {
  draft_id: number;
}

/** POST /nova-field/team-draft-payment-plans: the staff draft preview, never with authorization (§6). */
export function getDraftPaymentPlans(body: DraftPaymentPlansRequest, options?: CallOptions): Promise<PaymentData> {
  return requestJson('/nova-field/team-draft-payment-plans', paymentDataSchema, {
    method: 'post',
    json: body,
    ...options,
    auth: 'none',
  });
}

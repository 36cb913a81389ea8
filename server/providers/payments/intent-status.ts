import type { IntentStatus, SetupIntentStatus } from '../types.ts';

const INTENT_STATUSES: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

export function isIntentStatus(value: string): value is IntentStatus {
  return INTENT_STATUSES.has(value);
}

export function isSetupIntentStatus(value: string): value is SetupIntentStatus {
  return value !== 'requires_capture' && INTENT_STATUSES.has(value);
}

import type { IntentStatus } from '../types.ts';

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

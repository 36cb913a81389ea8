/**
 * Issue 33 point 2: how the card providers' transient failures look, so server/providers/card-calls.ts retries them
 * (and only them) whichever adapter answered: Stripe's SDK errors carry `type` (its error class) and `statusCode`; the
 * sandbox throws the same shape for its 429.
 */

/** Stripe's answer above its rate limit (HTTP 429, code `rate_limit`), as the card sandbox gives it. */
export class CardRateLimitError extends Error {
  override readonly name = 'CardRateLimitError';
  /** stripe-node's class for a 429, so one check reads both adapters. */
  readonly type = 'StripeRateLimitError';
  readonly rawType = 'invalid_request_error';
  readonly code = 'rate_limit';
  readonly statusCode = 429;
  constructor() {
    super('Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.');
  }
}

/** stripe-node's classes of the errors a retry may cure: too many requests, Stripe's own fault, the network. */
const TRANSIENT_TYPES = new Set(['StripeRateLimitError', 'StripeAPIError', 'StripeConnectionError']);
/** Node's codes of a connection that failed or broke before an answer came. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function field(error: object, name: string): unknown {
  return name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/**
 * A 429, a 5xx or a network error (or Stripe's 409 `idempotency_key_in_use`): the same request may be sent again
 * (under the same idempotency key). A card decline is no error here (the adapters answer it as a `failed` charge);
 * any other 4xx is the request's fault and is never retried.
 */
export function isTransientCardError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const status = field(error, 'statusCode');
  // Stripe's 409 idempotency_key_in_use: the first request with this key is still being processed; ask again.
  if (status === 409) return field(error, 'code') === 'idempotency_key_in_use';
  if (typeof status === 'number') return status === 429 || status >= 500;
  const type = field(error, 'type');
  if (typeof type === 'string' && TRANSIENT_TYPES.has(type)) return true;
  const code = field(error, 'code');
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  const cause = field(error, 'cause');
  return cause !== error && cause !== undefined && isTransientCardError(cause);
}

/** What a log line may say of a provider error: its status or kind, never its message (which may name a card). */
export function cardErrorKind(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error;
  const status = field(error, 'statusCode');
  if (typeof status === 'number') return `http ${status}`;
  const code = field(error, 'code');
  if (typeof code === 'string') return code;
  const type = field(error, 'type');
  return typeof type === 'string' ? type : error instanceof Error ? error.name : 'error';
}

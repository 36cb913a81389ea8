import recurly from 'recurly';
import DefaultHttpAdapter from 'recurly/lib/recurly/DefaultHttpAdapter.js';
import type { ProviderLog } from '../provider-deps.ts';
import type { BillingTerm, PurchaseResult, SubscriptionBilling } from '../types.ts';

export interface RecurlyBillingOptions {
  apiKey: string;
  /**
   * `http(s)://host[:port]` replacing `https://v3.recurly.com`. The SDK has no base-URL option, only a region; it
   * does accept an HTTP adapter, which is where the origin is swapped (tests use a local stub).
   */
  apiBase?: string | undefined;
  /** Recurly plan code per term; default: the term's own name. */
  planCodes?: Partial<Record<BillingTerm, string>>;
  log: ProviderLog;
}

/** Sends the SDK's requests to another origin, keeping its path, query, headers and body. */
class RebasedHttpAdapter extends DefaultHttpAdapter {
  constructor(private readonly base: URL) {
    super({ timeout: 30_000 });
  }

  override execute(method: string, url: string, headers: Record<string, string>, body: string | null) {
    const original = new URL(url);
    const target = new URL(`${original.pathname}${original.search}`, this.base);
    return super.execute(method, target.toString(), headers, body);
  }
}

/** Transaction error codes (Recurly's `transaction_error.code`) that mean the gateway, not the card, failed. */
const PROCESSOR_CODES: ReadonlySet<string> = new Set([
  'gateway_error',
  'gateway_timeout',
  'gateway_unavailable',
  'processor_unavailable',
  'try_again',
  'api_error',
  'ssl_error',
  'no_gateway',
  'gateway_token_not_found',
  'configuration_error',
]);

interface RecurlyErrorFields {
  type?: unknown;
  message?: unknown;
  params?: unknown;
  transactionError?: { code?: unknown; category?: unknown; message?: unknown } | null;
}

/**
 * Maps a Recurly error to spec §8: the card status codes the site translates, or a Recurly text shown as it is.
 * Exported for tests of each branch.
 */
export function purchaseErrorCode(error: unknown): string {
  if (!(error instanceof recurly.ApiError)) return 'error';
  const fields = error as unknown as RecurlyErrorFields;
  const type = typeof fields.type === 'string' ? fields.type : '';
  const message = typeof fields.message === 'string' ? fields.message : '';

  if (type === 'transaction') {
    const code = typeof fields.transactionError?.code === 'string' ? fields.transactionError.code : '';
    const category = typeof fields.transactionError?.category === 'string' ? fields.transactionError.category : '';
    if (PROCESSOR_CODES.has(code) || category === 'communication' || category === 'three_d_secure') {
      return 'processor';
    }
    return 'declined';
  }
  const params = Array.isArray(fields.params) ? fields.params : [];
  const mentionsPlan =
    /plan/i.test(message) ||
    params.some((p) => typeof p === 'object' && p !== null && /plan/i.test(String((p as { param?: unknown }).param)));
  if ((type === 'not_found' || type === 'validation') && mentionsPlan) return 'nosubplan';
  // Validation and token problems carry a sentence meant for the customer (e.g. an invalid coupon).
  if ((type === 'validation' || type === 'invalid_token') && message !== '') return message;
  if (type.endsWith('server_error') || type === 'service_not_available' || type === 'bad_gateway') return 'processor';
  if (type === 'service_unavailable' || type === 'timeout' || type === 'simultaneous_request') return 'processor';
  return 'error';
}

/** Subscription billing through Recurly: Recurly.js tokenizes the card; the server purchases with the token. */
export function createRecurlyBilling(options: RecurlyBillingOptions): SubscriptionBilling {
  const clientOptions = options.apiBase ? { httpAdapter: new RebasedHttpAdapter(new URL(options.apiBase)) } : {};
  const client = new recurly.Client(options.apiKey, clientOptions);
  const planCode = (term: BillingTerm) => options.planCodes?.[term] ?? term;

  return {
    name: 'recurly',
    async purchase(input): Promise<PurchaseResult> {
      try {
        const collection = await client.createPurchase({
          currency: 'USD',
          account: {
            code: input.accountCode,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            billingInfo: { tokenId: input.tokenId },
          },
          subscriptions: [{ planCode: planCode(input.term) }],
          ...(input.couponCode ? { couponCodes: [input.couponCode] } : {}),
        });
        const fromInvoice = collection.chargeInvoice?.subscriptionIds?.[0];
        if (fromInvoice) return { ok: true, subscriptionId: fromInvoice };
        // A free trial bills nothing, so no invoice names the subscription: ask the account for its newest one.
        const newest = await client
          .listAccountSubscriptions(`code-${input.accountCode}`, {
            params: { limit: 1, sort: 'created_at', order: 'desc' },
          })
          .first();
        if (newest?.id) return { ok: true, subscriptionId: newest.id };
        options.log.error({ accountCode: input.accountCode }, 'recurly purchase returned no subscription');
        return { ok: false, code: 'error' };
      } catch (error) {
        const code = purchaseErrorCode(error);
        options.log.warn({ err: error, accountCode: input.accountCode, code }, 'recurly purchase failed');
        return { ok: false, code };
      }
    },
  };
}

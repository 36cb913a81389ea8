import { createLocalRealtime } from '../realtime/local-realtime.ts';
import { SandboxBilling } from './billing/sandbox-billing.ts';
import { DEFAULT_CARD_RATE_LIMITS, limitCardCalls } from './card-calls.ts';
import { SandboxCardPayments } from './payments/sandbox-payments.ts';
import {
  DEFAULT_PUSHER_LOCAL_KEY,
  type ProviderDb,
  type ProviderEnv,
  type ProviderLog,
  SandboxRefusedError,
} from './provider-deps.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import type { CardPayments, DocumentStorage, Providers, Realtime, SubscriptionBilling } from './types.ts';

export { SandboxBilling } from './billing/sandbox-billing.ts';
export { IdempotencyKeyReuseError, SandboxCardPayments } from './payments/sandbox-payments.ts';
export {
  DEFAULT_PUSHER_LOCAL_KEY,
  type ProviderDb,
  type ProviderEnv,
  type ProviderLog,
  SandboxRefusedError,
} from './provider-deps.ts';
export type * from './types.ts';

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Chooses each provider: the production adapter when its keys are configured, else the local sandbox. Production
 * SDKs are imported only when configured so an offline start never loads them. Sandboxes are refused when
 * NODE_ENV=production, so a misconfigured deployment fails at start instead of taking fake payments.
 */
export async function createProviders(env: ProviderEnv, db: ProviderDb, log: ProviderLog): Promise<Providers> {
  const production = env.NODE_ENV === 'production';
  const pusherConfigured = present(env.PUSHER_APP_ID) && present(env.PUSHER_KEY) && present(env.PUSHER_SECRET);

  if (production) {
    const missing: string[] = [];
    if (!present(env.STRIPE_SECRET_KEY)) missing.push('card payments need STRIPE_SECRET_KEY');
    if (!present(env.RECURLY_API_KEY)) missing.push('subscription billing needs RECURLY_API_KEY');
    if (!pusherConfigured) missing.push('realtime needs PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET');
    if (missing.length > 0) {
      throw new SandboxRefusedError(`Sandbox providers are refused when NODE_ENV=production: ${missing.join('; ')}.`);
    }
  }

  let adapter: CardPayments;
  if (present(env.STRIPE_SECRET_KEY)) {
    const { createStripePayments } = await import('./payments/stripe-payments.ts');
    adapter = createStripePayments({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  } else {
    adapter = new SandboxCardPayments(db, undefined, { rateLimitPerSecond: env.SANDBOX_RATE_LIMIT });
  }
  // Issue 33 point 2: every card call, whoever makes it, within the rate across every process, retried when transient.
  const background = env.CARD_RATE_LIMIT ?? DEFAULT_CARD_RATE_LIMITS.background;
  const limited = limitCardCalls(adapter, {
    db,
    log,
    // A family's room is never less than the background work's (server/env.ts refuses a lower CARD_RATE_LIVE_LIMIT).
    limits: { background, live: Math.max(background, env.CARD_RATE_LIVE_LIMIT ?? DEFAULT_CARD_RATE_LIMITS.live) },
  });
  const payments = limited.live;

  let billing: SubscriptionBilling;
  if (present(env.RECURLY_API_KEY)) {
    const { createRecurlyBilling } = await import('./billing/recurly-billing.ts');
    billing = createRecurlyBilling({ apiKey: env.RECURLY_API_KEY, apiBase: env.RECURLY_API_BASE, log });
  } else {
    billing = new SandboxBilling(db);
  }

  let realtime: Realtime;
  if (pusherConfigured) {
    const { createPusherRealtime } = await import('./realtime/pusher-realtime.ts');
    realtime = createPusherRealtime({
      appId: env.PUSHER_APP_ID!,
      key: env.PUSHER_KEY!,
      secret: env.PUSHER_SECRET!,
      cluster: present(env.PUSHER_CLUSTER) ? env.PUSHER_CLUSTER : 'us3',
      host: env.PUSHER_HOST,
    });
  } else {
    realtime = createLocalRealtime({
      key: present(env.PUSHER_LOCAL_KEY) ? env.PUSHER_LOCAL_KEY : DEFAULT_PUSHER_LOCAL_KEY,
      log,
    });
  }

  const storage = await createStorage(env);

  log.info(
    { payments: payments.name, billing: billing.name, realtime: realtime.name, storage: storage.name },
    'providers selected (sandboxes stand in where no keys are configured)',
  );
  return { payments, backgroundPayments: limited.background, billing, realtime, storage };
}

/**
 * Uploaded documents (issue 32 point 2): S3-compatible object storage when S3_BUCKET is set (the SDK is imported only
 * then), else files under DATA_DIR/documents. Both are real stores, so production may use either.
 */
export async function createStorage(env: ProviderEnv): Promise<DocumentStorage> {
  if (present(env.S3_BUCKET)) {
    const { createS3Storage } = await import('./storage/s3-storage.ts');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: present(env.S3_REGION) ? env.S3_REGION : 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    });
  }
  return createLocalStorage(present(env.DATA_DIR) ? env.DATA_DIR : '.data');
}

import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * What the providers need from the server's configuration. Structural, so server/env.ts can pass its validated
 * env object as it is. A production adapter is chosen when its keys are set; otherwise the sandbox.
 */
export interface ProviderEnv {
  NODE_ENV: string;
  STRIPE_SECRET_KEY?: string | undefined;
  /** e.g. `http://127.0.0.1:12111` to point the Stripe SDK at a stub; default Stripe's API. */
  STRIPE_API_BASE?: string | undefined;
  /** Issue 33 point 2: card calls per second of the background work, across processes (default 20). */
  CARD_RATE_LIMIT?: number | undefined;
  /** Card calls per second up to which a family's own call is admitted (default 25). */
  CARD_RATE_LIVE_LIMIT?: number | undefined;
  /** The card sandbox answers 429 above this many requests per second (default 25, Stripe's test mode). */
  SANDBOX_RATE_LIMIT?: number | undefined;
  RECURLY_API_KEY?: string | undefined;
  /** e.g. `http://127.0.0.1:12112`; default Recurly's v3 API (us region). */
  RECURLY_API_BASE?: string | undefined;
  PUSHER_APP_ID?: string | undefined;
  PUSHER_KEY?: string | undefined;
  PUSHER_SECRET?: string | undefined;
  /** Default `us3` (spec §7). */
  PUSHER_CLUSTER?: string | undefined;
  /** `host[:port]` or `http(s)://host[:port]` of the Pusher HTTP API; overrides the cluster's host. */
  PUSHER_HOST?: string | undefined;
  /** The app key the local Pusher-protocol endpoint accepts at /app/{key}; default `local-key`. */
  PUSHER_LOCAL_KEY?: string | undefined;
  /** Uploaded documents are kept under `DATA_DIR/documents` unless S3_BUCKET is set (issue 32 point 2). */
  DATA_DIR?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}

/** Any drizzle PostgreSQL database (PGlite or node-postgres) whose schema includes server/db/schema/providers.ts. */
export type ProviderDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** The subset of pino the providers log through. */
export interface ProviderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const DEFAULT_PUSHER_LOCAL_KEY = 'local-key';

/** Thrown at start-up when NODE_ENV=production would fall back to a sandbox (design.md §6). */
export class SandboxRefusedError extends Error {
  override readonly name = 'SandboxRefusedError';
}

import { z } from 'zod';

/**
 * The server's configuration, read once from the process environment and validated, so a typo fails at start with
 * the variable's name instead of misbehaving later. Empty strings count as unset (a blank line in an .env file).
 */

export const DEFAULT_STAFF_TOKEN = 'staff-dev-token';
export const DEFAULT_PUSHER_LOCAL_KEY = 'local-key';

const optionalText = z.string().trim().min(1).optional();

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const originList = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const item of value.split(',')) {
      const text = item.trim();
      if (text === '') continue;
      try {
        const url = new URL(text);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
        origins.push(url.origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `'${text}' is not an http(s) origin` });
        return z.NEVER;
      }
    }
    return origins;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(5173),
    /** Where PGlite keeps its files when DATABASE_URL is not set. */
    DATA_DIR: z.string().trim().min(1).default('.data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * The PostgreSQL connections each server process keeps at most (server/db/client.ts `defaultPoolSize` when unset:
     * twice the machine's cores, at most 10).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
    STAFF_TOKEN: z.string().trim().min(12, 'must have at least 12 characters').default(DEFAULT_STAFF_TOKEN),
    /** Comma-separated origins allowed by CORS besides the site's own origin. */
    CORS_ORIGINS: originList.optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Diamond Academy <no-reply@diamond-academy.localhost>'),
    /**
     * The site's public origin, the base of every link the server sends out (e-mails, the registration deeplink).
     * Required in production; elsewhere siteOrigin() falls back to http://localhost:PORT. Never taken from a request.
     */
    PUBLIC_URL: httpUrl.transform((value) => new URL(value).origin).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Scales every rate limit (e.g. 10 for a long browser-test run from one address); 1 in production. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * Several server processes on one machine share PORT (SO_REUSEPORT: the kernel spreads the connections over
     * them; Linux, Node 22.12 or later). Only with DATABASE_URL: PGlite's files belong to one process.
     */
    REUSE_PORT: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * The browser tests' switch (e2e/support/isolated-server.ts): the server copies its rows aside at start and
     * `POST /api/test/reset` puts them back (server/routes/test-reset.ts), so one server serves file after file from
     * the fixtures. Never in production, and only on the embedded database, which one process owns.
     */
    TEST_RESET: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /** Behind a load balancer: take the client address from X-Forwarded-For for per-IP rate limits. */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * Seconds between the billing jobs' runs (server/billing/jobs.ts, on the job engine: the collector's charges and
     * reminders, registration reminders, waitlist offer expiry, held seats), one run per interval across all processes:
     * hourly by default, 0 turns them off (the API tests build the app without them; POST /api/staff/billing/run still
     * runs them on demand).
     */
    BILLING_INTERVAL: z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(0)
      .max(7 * 24 * 3600, 'must be at most 604800 seconds (a week)')
      .default(3600),
    /**
     * Seconds between the mail relay's runs (the job engine's `mail-relay` queue, server/billing/jobs.ts), which
     * delivers the outbox's pending rows over SMTP (SMTP_URL only): 10 by default, 0 turns it off.
     */
    MAIL_RELAY_INTERVAL: z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(0)
      .max(3600, 'must be at most 3600 seconds (an hour)')
      .default(10),
    /**
     * Issue 33 point 2: card-provider calls per second, across every process, that the background work (the job
     * engine's collector) may use: 20 by default, under Stripe's 25 in test mode, leaving room for families paying live
     * (server/providers/card-calls.ts; the count lives in the database's `card_rate_windows`).
     */
    CARD_RATE_LIMIT: z.coerce.number().int('must be a whole number of calls').min(1).max(10_000).default(20),
    /**
     * Card-provider calls per second, across every process, up to which a family's own call (checkout, card update,
     * refund) is admitted: the room CARD_RATE_LIMIT leaves, up to the provider's limit (25: Stripe's test mode; 100 in
     * live mode). At least CARD_RATE_LIMIT.
     */
    CARD_RATE_LIVE_LIMIT: z.coerce.number().int('must be a whole number of calls').min(1).max(10_000).default(25),
    /**
     * The local card sandbox's own limit, requests per second across every process, above which it answers 429
     * `rate_limit` as Stripe does (25: Stripe's test mode). Tests turn it down to make a storm of 429s.
     */
    SANDBOX_RATE_LIMIT: z.coerce.number().int('must be a whole number of requests').min(1).max(100_000).default(25),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_API_BASE: httpUrl.optional(),
    RECURLY_API_KEY: optionalText,
    RECURLY_API_BASE: httpUrl.optional(),
    PUSHER_APP_ID: optionalText,
    PUSHER_KEY: optionalText,
    PUSHER_SECRET: optionalText,
    PUSHER_CLUSTER: optionalText,
    PUSHER_HOST: optionalText,
    PUSHER_LOCAL_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, - and _')
      .default(DEFAULT_PUSHER_LOCAL_KEY),
    /**
     * Issue 32 point 2: uploaded documents go to this S3-compatible bucket when set (3 to 63 characters), else to
     * files under DATA_DIR/documents. The SDK reads AWS_* credentials from the environment when the S3_* keys are unset.
     */
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, . and -')
      .optional(),
    S3_REGION: optionalText,
    /** An S3-compatible server's URL (MinIO, R2, …); AWS's own when unset. */
    S3_ENDPOINT: httpUrl.optional(),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Path-style addressing (`host/bucket/key`), which MinIO and most self-hosted servers need. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.STAFF_TOKEN === DEFAULT_STAFF_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_TOKEN'],
        message: 'the development default is refused when NODE_ENV=production; set a secret token',
      });
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL === undefined) {
      // Without it, e-mailed links would point at localhost; deriving them from the Host header would let anyone
      // have a valid reset token mailed inside a link to their own site.
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "is required when NODE_ENV=production: the site's public origin for e-mailed links",
      });
    }
    if (env.NODE_ENV === 'production' && env.RATE_LIMIT_MULTIPLIER !== 1) {
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT_MULTIPLIER'], message: 'must be 1 when NODE_ENV=production' });
    }
    if (env.CARD_RATE_LIVE_LIMIT < env.CARD_RATE_LIMIT) {
      ctx.addIssue({
        code: 'custom',
        path: ['CARD_RATE_LIVE_LIMIT'],
        message: 'must be at least CARD_RATE_LIMIT (families paying live never get less room than the background work)',
      });
    }
    if (env.REUSE_PORT && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['REUSE_PORT'],
        message: 'needs DATABASE_URL: processes sharing a port share one PostgreSQL (PGlite belongs to one process)',
      });
    }
    if (env.TEST_RESET && (env.NODE_ENV === 'production' || env.DATABASE_URL !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_RESET'],
        message: "is the browser tests' switch: never with NODE_ENV=production or DATABASE_URL",
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Thrown for an invalid environment; the message names every offending variable. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/** Validates an environment record (process.env by default); throws EnvError naming each invalid variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const keys = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];
  const input: Record<string, string> = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = envSchema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.length > 0 ? String(issue.path[0]) : '(environment)';
    return `${name}: ${issue.message}`;
  });
  throw new EnvError(`Invalid environment:\n  ${lines.join('\n  ')}`);
}

/** parseEnv for the process: prints the problem and exits instead of throwing. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The environment the tests build the app with: defaults, test mode, no logs. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BILLING_INTERVAL: '0',
    MAIL_RELAY_INTERVAL: '0',
    ...overrides,
  });
}

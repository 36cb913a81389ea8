import { z } from 'zod/mini';

/**
 * The website's configuration (spec §9, design §6), read from VITE_* build-time variables. Pure: vite.config.ts
 * validates them at start-up, so a bad value stops `npm start`/`npm run build`/`npm run dev` with its name, and
 * compiles the validated result into the bundle (src/config.ts): the browser never loads this schema.
 */

const flag = (fallback: boolean) =>
  z.prefault(
    z.pipe(
      z.enum(['true', 'false', '1', '0']),
      z.transform((v) => v === 'true' || v === '1'),
    ),
    fallback ? 'true' : 'false',
  );

const url = z
  .string()
  .check(
    z.refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/.*)?$/.test(v), 'must be empty (same origin) or an http(s) URL'),
  );

const optionalText = z._default(z.string(), '');

export const envSchema = z.object({
  VITE_API_URL: z._default(url, ''),
  VITE_API_LABEL: z._default(z.string().check(z.minLength(1)), 'Default server'),
  VITE_ALT_API_URL: z._default(url, ''),
  VITE_ALT_API_LABEL: z._default(z.string().check(z.minLength(1)), 'Alternate server'),
  VITE_CLIENT_NAME: z._default(z.string().check(z.minLength(1)), 'Diamond Academy'),
  VITE_CLIENT_ID: z._default(z.string().check(z.regex(/^\d+$/, 'must be a numeric client id')), '1'),
  VITE_SERVER_CSS_URL: z._default(url, ''),
  VITE_PAYMENTS_PROVIDER: z._default(z.enum(['sandbox', 'stripe']), 'sandbox'),
  VITE_STRIPE_PUBLISHABLE_KEY: optionalText,
  VITE_BILLING_PROVIDER: z._default(z.enum(['sandbox', 'recurly']), 'sandbox'),
  VITE_RECURLY_PUBLIC_KEY: optionalText,
  VITE_REALTIME_PROVIDER: z._default(z.enum(['sandbox', 'pusher']), 'sandbox'),
  VITE_PUSHER_KEY: z._default(z.string().check(z.minLength(1)), 'local-key'),
  VITE_PUSHER_CLUSTER: z._default(z.string().check(z.minLength(1)), 'us3'),
  VITE_PUSHER_FORCE_TLS: flag(true),
  VITE_ENVIRONMENT: z._default(z.string().check(z.minLength(1)), 'prod'),
  VITE_PRODUCTION: flag(false),
  VITE_SHOW_FLOWS: flag(true),
  VITE_SUPPORT_EMAIL: z._default(
    z.string().check(z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')),
    'support@diamondacademy.example',
  ),
  VITE_PRIVACY_URL: z._default(
    z.string().check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a path or an http(s) URL')),
    '/privacy-policy',
  ),
  VITE_TERMS_URL: z._default(
    z.string().check(z.regex(/^(\/|https?:\/\/)\S*$/, 'must be a path or an http(s) URL')),
    '/terms-of-use',
  ),
});

export type AppConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const apiServers: { id: 'default' | 'alternate'; label: string; url: string }[] = [
    { id: 'default', label: env.VITE_API_LABEL, url: env.VITE_API_URL },
  ];
  if (env.VITE_ALT_API_URL)
    apiServers.push({ id: 'alternate', label: env.VITE_ALT_API_LABEL, url: env.VITE_ALT_API_URL });
  return {
    apiServers,
    clientName: env.VITE_CLIENT_NAME,
    clientId: env.VITE_CLIENT_ID,
    serverCssUrl: env.VITE_SERVER_CSS_URL,
    payments: { provider: env.VITE_PAYMENTS_PROVIDER, stripePublishableKey: env.VITE_STRIPE_PUBLISHABLE_KEY },
    billing: { provider: env.VITE_BILLING_PROVIDER, recurlyPublicKey: env.VITE_RECURLY_PUBLIC_KEY },
    realtime: {
      provider: env.VITE_REALTIME_PROVIDER,
      key: env.VITE_PUSHER_KEY,
      cluster: env.VITE_PUSHER_CLUSTER,
      forceTLS: env.VITE_PUSHER_FORCE_TLS,
    },
    environment: env.VITE_ENVIRONMENT,
    production: env.VITE_PRODUCTION,
    showFlows: env.VITE_SHOW_FLOWS,
    supportEmail: env.VITE_SUPPORT_EMAIL,
    privacyPolicyUrl: env.VITE_PRIVACY_URL,
    termsOfUseUrl: env.VITE_TERMS_URL,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the VITE_* variables; throws a ConfigError naming every invalid variable. */
export function parseConfig(raw: Record<string, unknown>): AppConfig {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.def.shape)) {
    const value = raw[key];
    // An empty variable means "not set" for every field with a default.
    if (value !== undefined && value !== '') picked[key] = String(value);
  }
  const result = envSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.VITE_PAYMENTS_PROVIDER === 'stripe' && !env.VITE_STRIPE_PUBLISHABLE_KEY.startsWith('pk_'))
    problems.push('VITE_STRIPE_PUBLISHABLE_KEY: required (pk_...) when VITE_PAYMENTS_PROVIDER=stripe');
  if (env.VITE_BILLING_PROVIDER === 'recurly' && !env.VITE_RECURLY_PUBLIC_KEY)
    problems.push('VITE_RECURLY_PUBLIC_KEY: required when VITE_BILLING_PROVIDER=recurly');
  if (env.VITE_REALTIME_PROVIDER === 'pusher' && env.VITE_PUSHER_KEY === 'local-key')
    problems.push('VITE_PUSHER_KEY: required when VITE_REALTIME_PROVIDER=pusher');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return toConfig(env);
}

/** The variable names, for README and vite.config.ts. */
export const configVariables = Object.keys(envSchema.def.shape);

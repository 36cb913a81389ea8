import pino, { type Logger } from 'pino';
import type { Env } from './env.ts';

export type { Logger } from 'pino';

/**
 * Structured JSON logs (pino). Request bodies, passwords and tokens are never logged; the redact list is a second
 * line of defence for objects logged by mistake.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: 'diamond-academy-api' },
    redact: {
      paths: ['password', 'password_confirmation', 'token', '*.password', '*.token', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  });
}

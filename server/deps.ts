import type { JobEngine } from './billing/engine.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Authenticated } from './http/auth.ts';
import type { Logger } from './log.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Providers } from './providers/types.ts';
import type { StaffAuthenticated } from './services/staff/index.ts';

/** Everything the routes need, passed in so the tests can build the app on an in-memory database. */
export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  mailer: Mailer;
  providers: Providers;
  /** The clock; tests move it to reach expiry dates. */
  now: () => Date;
  /** The job engine (server/billing/engine.ts): the background work, and jobs enqueued in a transaction. */
  jobs: JobEngine;
}

/** Hono's environment type for this app. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by the app's first middleware, so route-level middleware defined with the routes can reach them. */
    deps: AppDeps;
    /** The session of the bearer token, once a route's `authFirst` middleware has checked it. */
    auth: Authenticated;
    /** The staff session of a console call (issue 22), once the staff gate (http/staff-auth.ts `staffGate`) checked it. */
    staffAuth: StaffAuthenticated;
  };
}

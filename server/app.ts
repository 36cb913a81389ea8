import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './deps.ts';
import { limitBody } from './http/body-limit.ts';
import { compressJson } from './http/compression.ts';
import { corsHeaders } from './http/cors.ts';
import { securityHeaders } from './http/csp.ts';
import { cspReportRoutes } from './http/csp-report.ts';
import { draftPreviewRenderers } from './http/draft-preview-page.ts';
import { ApiError, type ErrorBody, validationHook } from './http/errors.ts';
import { serveApiDocument } from './http/openapi.ts';
import { setAnswerHeader } from './http/response-headers.ts';
import { staticSite } from './http/static-site.ts';
import { requestLocale, translate } from './i18n/index.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminJobRoutes } from './routes/admin-jobs.ts';
import { adminMoneyRoutes } from './routes/admin-money.ts';
import { adminSetupRoutes } from './routes/admin-setup.ts';
import { authRoutes } from './routes/auth.ts';
import { brandingRoutes } from './routes/branding.ts';
import { devMailboxRoutes } from './routes/dev-mailbox.ts';
import { documentRoutes, isDocumentUpload } from './routes/documents.ts';
import { draftRoutes } from './routes/drafts.ts';
import { eligibilityRoutes } from './routes/eligibility.ts';
import { healthRoutes } from './routes/health.ts';
import { helpPayingRoutes } from './routes/help-paying.ts';
import { householdRoutes } from './routes/household.ts';
import { householdCheckoutRoutes } from './routes/household-checkout.ts';
import { membershipRoutes } from './routes/memberships.ts';
import { paymentRoutes } from './routes/payments.ts';
import { playerRoutes } from './routes/player.ts';
import { registrationLinkRoutes } from './routes/registration-links.ts';
import { registrationProgressRoutes } from './routes/registration-progress.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { seatHoldRoutes } from './routes/seat-holds.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffBillingRoutes } from './routes/staff-billing.ts';
import { subscribeRoutes } from './routes/subscribe.ts';
import { teamQuestionRoutes } from './routes/team-questions.ts';
import { testResetRoutes } from './routes/test-reset.ts';
import { userRoutes } from './routes/user.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { waiverRoutes } from './routes/waivers.ts';
import { MAX_DOCUMENT_BYTES } from './services/documents/index.ts';

export interface AppOptions {
  /** The built site (dist/) to serve with an index.html fallback; none in the API tests. */
  siteDir?: string | null;
  /** Puts the database back to its rows at start: only under the browser tests' TEST_RESET (server/main.ts). */
  testReset?: (() => Promise<void>) | null;
}

const MAX_BODY_BYTES = 64 * 1024;
/** A body over the limit is still read to its end up to this size and time, so its sender sees the 413. */
const MAX_DISCARDED_BODY_BYTES = 32 * 1024 * 1024;
const DISCARD_BODY_MS = 30_000;

/** The browser origins allowed to call the API from another origin (spec §2: an alternate API server). */
export function allowedOrigins(env: AppDeps['env']): Set<string> {
  const origins = new Set(
    env.CORS_ORIGINS ?? [
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      `http://localhost:${env.PORT}`,
      `http://127.0.0.1:${env.PORT}`,
    ],
  );
  if (env.PUBLIC_URL) origins.add(env.PUBLIC_URL);
  return origins;
}

/** The request's language, read only when an error is answered (server/i18n). */
function localeOf(c: Context) {
  return requestLocale(c.req.header('accept-language'));
}

function errorJson(c: Context, status: ApiError['status'], body: ErrorBody, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(body, status);
}

/** Builds the whole HTTP application from its dependencies. */
export function createApp(deps: AppDeps, options: AppOptions = {}): OpenAPIHono<AppEnv> {
  const { env, log } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const origins = allowedOrigins(env);

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    const started = performance.now();
    await next();
    // On the answer itself, which stays the lightweight Response @hono/node-server writes directly.
    setAnswerHeader(c, 'X-Request-Id', requestId);
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
    setAnswerHeader(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!c.res.headers.has('X-Frame-Options')) setAnswerHeader(c, 'X-Frame-Options', 'SAMEORIGIN');
    log.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  // Content-Security-Policy on every page, Strict-Transport-Security in production (server/http/csp.ts).
  app.use('*', securityHeaders({ env, siteDir: options.siteDir ?? null }));

  const corsMiddleware = corsHeaders({
    origin: (origin, c) => {
      if (origins.has(origin)) return origin;
      // The site's own origin (e.g. a LAN address) is always allowed.
      return origin === new URL(c.req.url).origin ? origin : null;
    },
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'If-Match'],
    exposeHeaders: ['Retry-After', 'X-Request-Id', 'ETag'],
    maxAge: 600,
  });
  app.use('/api/*', corsMiddleware);
  app.use('/nova-field/*', corsMiddleware);
  // JSON answers of 1 KB or more travel compressed (server/http/compression.ts).
  app.use('/api/*', compressJson());
  app.use('/nova-field/*', compressJson());

  // Every path: the sandbox pages take bodies too, and a body sent anywhere else has no business being large. A
  // document upload (issue 32 point 2) may carry up to 10 MB, and no more is ever read into memory.
  const bodyLimit = limitBody({
    maxBytes: MAX_BODY_BYTES,
    maxDiscardBytes: MAX_DISCARDED_BODY_BYTES,
    discardMs: DISCARD_BODY_MS,
    onTooLarge: (c) => errorJson(c, 413, { message: translate(localeOf(c), 'error.tooLarge'), messages: {} }),
  });
  const uploadLimit = limitBody({
    maxBytes: MAX_DOCUMENT_BYTES,
    maxDiscardBytes: MAX_DISCARDED_BODY_BYTES,
    discardMs: DISCARD_BODY_MS,
    onTooLarge: (c) => {
      const message = translate(localeOf(c), 'documents.tooLarge');
      return errorJson(c, 413, { message, messages: { file: [message] } });
    },
  });
  app.use('*', (c, next) => (isDocumentUpload(c.req.method, c.req.path) ? uploadLimit : bodyLimit)(c, next));

  app.route('/', healthRoutes());
  app.route('/', cspReportRoutes(log));
  app.route('/', authRoutes(deps));
  app.route('/', userRoutes(deps));
  app.route('/', registrationLinkRoutes(deps));
  app.route('/', registrationProgressRoutes(deps));
  app.route('/', subscribeRoutes(deps));
  app.route('/', membershipRoutes(deps));
  app.route('/', householdCheckoutRoutes(deps));
  app.route('/', paymentRoutes(deps));
  app.route('/', documentRoutes(deps));
  app.route('/', helpPayingRoutes(deps));
  app.route('/', householdRoutes(deps));
  app.route('/', waitlistRoutes(deps));
  app.route('/', seatHoldRoutes(deps));
  app.route('/', playerRoutes(deps));
  app.route('/', brandingRoutes(deps));
  app.route('/', draftRoutes(deps));
  app.route('/', staffRoutes(deps));
  app.route('/', staffBillingRoutes(deps));
  app.route('/', adminRoutes(deps));
  app.route('/', adminSetupRoutes(deps));
  app.route('/', adminMoneyRoutes(deps));
  app.route('/', adminJobRoutes(deps));
  app.route('/', eligibilityRoutes(deps));
  app.route('/', waiverRoutes(deps));
  app.route('/', teamQuestionRoutes(deps));
  app.route('/', sandboxRoutes({ db: deps.db, providers: deps.providers, env }));
  if (env.NODE_ENV !== 'production') app.route('/', devMailboxRoutes(deps));
  if (options.testReset) app.route('/', testResetRoutes(options.testReset));

  // GET /api/docs, named and completed from one table (server/http/openapi.ts).
  serveApiDocument(app, env.PUBLIC_URL);

  if (options.siteDir) {
    app.get(
      '*',
      staticSite(options.siteDir, {
        renderers: draftPreviewRenderers(deps, options.siteDir),
        onRenderError: (error) => deps.log.error({ err: error }, 'a page could not be rendered; sent prerendered'),
      }),
    );
  }

  app.notFound((c) => errorJson(c, 404, { message: translate(localeOf(c), 'error.notFound'), messages: {} }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorJson(c, error.status, error.body(localeOf(c)), error.headers);
    if (error instanceof HTTPException) {
      // Raised by Hono's validators: malformed JSON (400), wrong media type (415) and the like.
      const status = error.status;
      const locale = localeOf(c);
      const message =
        status === 400 ? translate(locale, 'error.badJson') : error.message || translate(locale, 'error.unhandled');
      return errorJson(c, status as ApiError['status'], { message, messages: {} });
    }
    if (isUnstorableTextError(error)) {
      // A route that skipped the shared validation hook (server/http/errors.ts) let a NUL through to PostgreSQL.
      return errorJson(c, 422, { message: translate(localeOf(c), 'error.unstorable'), messages: {} });
    }
    // The logger's error serializer keeps no query parameters (server/log.ts).
    log.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return errorJson(c, 500, { message: translate(localeOf(c), 'error.server'), messages: {} });
  });

  return app;
}

/** PostgreSQL's "invalid byte sequence" (22021) and "untranslatable character" (22P05), possibly wrapped by drizzle. */
function isUnstorableTextError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 3; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

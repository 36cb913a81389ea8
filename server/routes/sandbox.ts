import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { pageLocale } from '../http/static-site.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/index.ts';
import { SandboxBilling, validateTokenRequest } from '../providers/billing/sandbox-billing.ts';
import {
  SandboxCardPayments,
  type SandboxIntent,
  type SandboxSetupIntent,
} from '../providers/payments/sandbox-payments.ts';
import type { CardError } from '../providers/payments/test-cards.ts';
import type { ProviderDb, ProviderEnv } from '../providers/provider-deps.ts';
import type { Providers } from '../providers/types.ts';
import { AUTHENTICATION_PAGE_POLICY, renderAuthenticationPage, renderInvalidLinkPage } from './three-d-secure.page.ts';

/**
 * The sandbox providers' HTTP side (docs/api.md "Sandbox providers"): what Stripe's and Recurly's hosted APIs do for
 * the browser when no keys are configured. Card-payment errors use Stripe's `{ error: { type, code, message } }`
 * shape because the site's sandbox adapter stands in for Stripe.js; the billing token route uses the API's
 * `{ message, messages }` shape. Nothing here exists when a production adapter is configured or in production.
 */
export interface SandboxRouteDeps {
  db: ProviderDb;
  providers: Providers;
  env: ProviderEnv;
}

const MAX_BODY_BYTES = 16 * 1024;

type StripeErrorStatus = 400 | 402 | 404 | 413 | 415;

function stripeError(
  c: Context,
  status: StripeErrorStatus,
  error: { type: string; code: string; message: string; param?: string; decline_code?: string },
  extra: Record<string, unknown> = {},
) {
  return c.json({ error: { ...error, ...extra } }, status);
}

function intentJson(intent: SandboxIntent, nextAction: unknown = null) {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amountCents,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.clientSecret,
    last_payment_error: intent.lastError,
    next_action: nextAction,
  };
}

function setupIntentJson(intent: SandboxSetupIntent, nextAction: unknown = null) {
  return {
    id: intent.id,
    object: 'setup_intent',
    status: intent.status,
    client_secret: intent.clientSecret,
    payment_method: intent.paymentMethodId,
    last_setup_error: intent.lastError,
    next_action: nextAction,
  };
}

const noSuchSetupIntent = (id: string) => ({
  type: 'invalid_request_error',
  code: 'resource_missing',
  message: `No such setupintent: '${id.slice(0, 80)}'`,
});

const noSuchIntent = (id: string) => ({
  type: 'invalid_request_error',
  code: 'resource_missing',
  message: `No such payment_intent: '${id.slice(0, 80)}'`,
});

const httpUrl = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute http(s) URL' },
  );

const cardField = z.union([
  z.number().int().min(0).max(9999),
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/)
    .transform(Number),
]);

const confirmSchema = z.object({
  client_secret: z.string().min(1).max(200),
  // Without a card the intent is confirmed with the saved card it was created for (a charge that needs 3-D Secure).
  card_number: z.string().min(1).max(40).optional(),
  exp_month: cardField.optional(),
  exp_year: cardField.optional(),
  cvc: z.string().max(8).optional(),
  return_url: httpUrl,
  billing_details: z
    .object({
      name: z.string().max(200).nullish(),
      email: z.string().max(320).nullish(),
      phone: z.string().max(40).nullish(),
      address: z.record(z.string(), z.string().max(200).nullable()).nullish(),
    })
    .nullish(),
});

const setupConfirmSchema = z.object({
  client_secret: z.string().min(1).max(200),
  card_number: z.string().min(1).max(40),
  exp_month: cardField,
  exp_year: cardField,
  cvc: z.string().max(8),
  return_url: httpUrl,
});

/** The 3-D Secure page serves a PaymentIntent (`payment_intent`) or a SetupIntent (`setup_intent`). */
const threeDsQuerySchema = z
  .object({
    payment_intent: z.string().min(1).max(100).optional(),
    setup_intent: z.string().min(1).max(100).optional(),
    client_secret: z.string().min(1).max(200),
    return_url: httpUrl,
  })
  .refine((query) => (query.payment_intent === undefined) !== (query.setup_intent === undefined));

const threeDsFormSchema = z
  .object({
    payment_intent: z.string().min(1).max(100).optional(),
    setup_intent: z.string().min(1).max(100).optional(),
    client_secret: z.string().min(1).max(200),
    return_url: httpUrl,
    outcome: z.enum(['complete', 'fail']),
  })
  .refine((form) => (form.payment_intent === undefined) !== (form.setup_intent === undefined));

/** Where the browser goes after 3-D Secure: the site's return_url plus what Stripe appends to it. */
function returnTo(returnUrl: string, intent: SandboxIntent): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.clientSecret);
  const redirectStatus =
    intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed';
  url.searchParams.set('redirect_status', redirectStatus);
  return url.toString();
}

/** Where the browser goes after 3-D Secure of a SetupIntent: what Stripe appends for `confirmSetup`. */
function setupReturnTo(returnUrl: string, intent: SandboxSetupIntent): string {
  const url = new URL(returnUrl);
  url.searchParams.set('setup_intent', intent.id);
  url.searchParams.set('setup_intent_client_secret', intent.clientSecret);
  url.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
  return url.toString();
}

/** 400 in Stripe's shape for the first problem of a body. */
function invalidBody(c: Context, body: unknown, issue: z.core.$ZodIssue | undefined) {
  const param = issue && issue.path.length > 0 ? String(issue.path[0]) : undefined;
  const given = body as Record<string, unknown> | null;
  const missing = param !== undefined && typeof given === 'object' && given !== null && given[param] === undefined;
  return stripeError(c, 400, {
    type: 'invalid_request_error',
    code: missing ? 'parameter_missing' : 'parameter_invalid',
    ...(param ? { param } : {}),
    message: missing ? `Missing required param: ${param}.` : `Invalid ${param ?? 'request'}: ${issue?.message}.`,
  });
}

/** 400 in Stripe's shape when a browser read of an intent leaves out its client secret. */
function missingClientSecret(c: Context) {
  return stripeError(c, 400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param: 'client_secret',
    message: 'Missing required param: client_secret.',
  });
}

/** A confirm body read and checked against its schema, or the Stripe-shaped 400 to answer with. */
async function readConfirmBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<{ ok: true; body: z.output<Schema> } | { ok: false; response: Response }> {
  const json = await readJson(c);
  if (!json.ok) {
    const response = stripeError(c, 400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      message: 'The request body must be a JSON object.',
    });
    return { ok: false, response };
  }
  const parsed = schema.safeParse(json.body);
  if (!parsed.success) return { ok: false, response: invalidBody(c, json.body, parsed.error.issues[0]) };
  return { ok: true, body: parsed.data };
}

type IntentObject = 'payment_intent' | 'setup_intent';

const intentTypeName: Record<IntentObject, string> = { payment_intent: 'PaymentIntent', setup_intent: 'SetupIntent' };

/** What confirming either kind of intent can come to (the sandbox answers these for both). */
type ConfirmOutcome<Intent> =
  | { kind: 'not-found' | 'secret-mismatch' }
  | { kind: 'unexpected-state' | 'requires-action' | 'confirmed'; intent: Intent }
  | { kind: 'card-error'; error: CardError; intent: Intent };

/**
 * Stripe's answer to a confirm call, alike for a PaymentIntent and a SetupIntent but for the names: a wrong secret
 * answers like an unknown id; a card that needs 3-D Secure gets a `next_action` to the sandbox page.
 */
function confirmAnswer<Intent extends { id: string; clientSecret: string; status: string }>(
  c: Context,
  object: IntentObject,
  result: ConfirmOutcome<Intent>,
  toJson: (intent: Intent, nextAction?: unknown) => unknown,
  notFound: { type: string; code: string; message: string },
  returnUrl: string,
) {
  switch (result.kind) {
    case 'not-found':
    case 'secret-mismatch':
      return stripeError(c, 404, notFound);
    case 'unexpected-state':
      return stripeError(
        c,
        400,
        {
          type: 'invalid_request_error',
          code: `${object}_unexpected_state`,
          message: `You cannot confirm this ${intentTypeName[object]} because it has a status of ${result.intent.status}.`,
        },
        { [object]: toJson(result.intent) },
      );
    case 'card-error':
      return stripeError(c, 402, result.error, { [object]: toJson(result.intent) });
    case 'requires-action': {
      const page = new URL('/sandbox/3ds', c.req.url);
      page.searchParams.set(object, result.intent.id);
      page.searchParams.set('client_secret', result.intent.clientSecret);
      page.searchParams.set('return_url', returnUrl);
      const nextAction = { type: 'redirect_to_url', redirect_to_url: { url: page.toString(), return_url: returnUrl } };
      return c.json({ [object]: toJson(result.intent, nextAction) });
    }
    case 'confirmed':
      return c.json({ [object]: toJson(result.intent) });
  }
}

/** The 3-D Secure page carries a client secret: it must not be framed, cached, or leak through the referrer. */
/** The authentication page's language: the site's own choice for its pages (lang=, the language cookie, the browser). */
function pageLanguage(c: Context): Locale {
  const chosen = pageLocale(new URL(c.req.url), c.req.header('Cookie'), c.req.header('Accept-Language'));
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

function pageHeaders(c: Context): void {
  c.header('Content-Security-Policy', AUTHENTICATION_PAGE_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('Vary', 'Cookie, Accept-Language');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
}

async function readJson(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

export function sandboxRoutes(deps: SandboxRouteDeps): Hono {
  const app = new Hono();
  const production = deps.env.NODE_ENV === 'production';
  const payments = deps.providers.payments instanceof SandboxCardPayments ? deps.providers.payments : null;
  const billing = deps.providers.billing instanceof SandboxBilling ? deps.providers.billing : null;

  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'The request body is too large.', messages: {} }, 413),
  });

  const paymentsRoutes = new Hono();
  const requirePayments = async (c: Context, next: () => Promise<void>) => {
    if (production || !payments) {
      return stripeError(c, 404, {
        type: 'invalid_request_error',
        code: 'sandbox_disabled',
        message: 'The card-payment sandbox is not active on this server.',
      });
    }
    await next();
  };
  paymentsRoutes.use('/payment-intents/*', requirePayments);
  paymentsRoutes.use('/setup-intents/*', requirePayments);
  paymentsRoutes.use('/3ds', requirePayments);

  paymentsRoutes.get('/payment-intents/:id', async (c) => {
    const id = c.req.param('id');
    const clientSecret = c.req.query('client_secret');
    if (!clientSecret) return missingClientSecret(c);
    const lookup = await payments!.findForClient(id, clientSecret);
    // A wrong secret answers like an unknown id, so the route cannot be used to probe for intents.
    if (lookup.kind !== 'found') return stripeError(c, 404, noSuchIntent(id));
    return c.json(intentJson(lookup.intent));
  });

  paymentsRoutes.post('/payment-intents/:id/confirm', limit, async (c) => {
    const id = c.req.param('id');
    const read = await readConfirmBody(c, confirmSchema);
    if (!read.ok) return read.response;
    const body = read.body;
    // No card field at all: the saved card. Any card field: the whole card, each field required.
    const cardFields = ['card_number', 'exp_month', 'exp_year', 'cvc'] as const;
    const withoutCard = cardFields.every((field) => body[field] === undefined);
    const param = cardFields.find((field) => body[field] === undefined);
    if (!withoutCard && param) {
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param,
        message: `Missing required param: ${param}.`,
      });
    }
    const result = await payments!.confirm(
      id,
      body.client_secret,
      withoutCard
        ? null
        : { number: body.card_number!, expMonth: body.exp_month!, expYear: body.exp_year!, cvc: body.cvc!.trim() },
    );
    return confirmAnswer(c, 'payment_intent', result, intentJson, noSuchIntent(id), body.return_url);
  });

  paymentsRoutes.get('/setup-intents/:id', async (c) => {
    const id = c.req.param('id');
    const clientSecret = c.req.query('client_secret');
    if (!clientSecret) return missingClientSecret(c);
    const lookup = await payments!.findSetupIntentForClient(id, clientSecret);
    if (lookup.kind !== 'found') return stripeError(c, 404, noSuchSetupIntent(id));
    return c.json(setupIntentJson(lookup.intent));
  });

  paymentsRoutes.post('/setup-intents/:id/confirm', limit, async (c) => {
    const id = c.req.param('id');
    const read = await readConfirmBody(c, setupConfirmSchema);
    if (!read.ok) return read.response;
    const body = read.body;
    const result = await payments!.confirmSetup(id, body.client_secret, {
      number: body.card_number,
      expMonth: body.exp_month,
      expYear: body.exp_year,
      cvc: body.cvc.trim(),
    });
    return confirmAnswer(c, 'setup_intent', result, setupIntentJson, noSuchSetupIntent(id), body.return_url);
  });

  paymentsRoutes.get('/3ds', async (c) => {
    pageHeaders(c);
    const locale = pageLanguage(c);
    const parsed = threeDsQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return c.html(renderInvalidLinkPage(locale), 400);
    const query = parsed.data;
    if (query.setup_intent !== undefined) {
      const setup = await payments!.findSetupIntentForClient(query.setup_intent, query.client_secret);
      if (setup.kind !== 'found') return c.html(renderInvalidLinkPage(locale), 404);
      if (setup.intent.status !== 'requires_action') {
        return c.redirect(setupReturnTo(query.return_url, setup.intent), 303);
      }
      return c.html(
        renderAuthenticationPage(
          {
            setupIntent: query.setup_intent,
            clientSecret: query.client_secret,
            returnUrl: query.return_url,
            amountCents: null,
          },
          locale,
        ),
      );
    }
    const lookup = await payments!.findForClient(query.payment_intent!, query.client_secret);
    if (lookup.kind !== 'found') return c.html(renderInvalidLinkPage(locale), 404);
    // Nothing left to authenticate (already done, or re-confirmed with another card): go back with the result.
    if (lookup.intent.status !== 'requires_action') return c.redirect(returnTo(query.return_url, lookup.intent), 303);
    return c.html(
      renderAuthenticationPage(
        {
          paymentIntent: query.payment_intent!,
          clientSecret: query.client_secret,
          returnUrl: query.return_url,
          amountCents: lookup.intent.amountCents,
        },
        locale,
      ),
    );
  });

  paymentsRoutes.post('/3ds', limit, async (c) => {
    pageHeaders(c);
    const locale = pageLanguage(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.html(renderInvalidLinkPage(locale), 400);
    }
    const parsed = threeDsFormSchema.safeParse(form);
    if (!parsed.success) return c.html(renderInvalidLinkPage(locale), 400);
    const input = parsed.data;
    if (input.setup_intent !== undefined) {
      const done = await payments!.authenticateSetup(
        input.setup_intent,
        input.client_secret,
        input.outcome === 'complete',
      );
      if (done.kind !== 'done') return c.html(renderInvalidLinkPage(locale), 404);
      return c.redirect(setupReturnTo(input.return_url, done.intent), 303);
    }
    const result = await payments!.authenticate(
      input.payment_intent!,
      input.client_secret,
      input.outcome === 'complete',
    );
    if (result.kind !== 'done') return c.html(renderInvalidLinkPage(locale), 404);
    return c.redirect(returnTo(input.return_url, result.intent), 303);
  });

  app.route('/sandbox', paymentsRoutes);

  app.post('/sandbox/billing/tokens', limit, async (c) => {
    if (production || !billing) {
      return c.json({ message: 'The billing sandbox is not active on this server.', messages: {} }, 404);
    }
    const json = await readJson(c);
    if (!json.ok) return c.json({ message: 'The request body must be a JSON object.', messages: {} }, 400);
    const validation = validateTokenRequest(json.body);
    if (!validation.ok) {
      return c.json({ message: 'Please check your card details.', messages: validation.messages }, 422);
    }
    return c.json(await billing.createToken(validation.value));
  });

  return app;
}

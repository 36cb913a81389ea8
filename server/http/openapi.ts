import { OpenAPIHono, z } from '@hono/zod-openapi';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/forms/password.ts';
import type { AppEnv } from '../deps.ts';
import { validationHook } from './errors.ts';

/** A router whose request validation failures answer 422 with the documented error body. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export const BEARER = [{ bearerAuth: [] }];

export const ErrorSchema = z
  .object({
    message: z.string(),
    messages: z.record(z.string(), z.array(z.string())),
  })
  .openapi('Error');

const ERROR_DESCRIPTIONS = {
  400: 'Malformed JSON',
  401: 'Missing or invalid token',
  403: 'Not allowed for this account',
  404: 'Not found',
  409: 'Conflict with the current state',
  422: 'Validation error',
  429: 'Too many attempts (see Retry-After)',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The documented error responses of a route. */
export function errors(...statuses: ErrorStatus[]) {
  const responses: Partial<
    Record<ErrorStatus, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }>
  > = {};
  for (const status of statuses) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: ErrorSchema } },
    };
  }
  return responses;
}

export function json<T extends z.ZodType>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Request building blocks

/** Ids in paths and bodies: one bounded schema (./ids.ts). */
export { id, idParam } from './ids.ts';

export const codeParam = (name: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: 'path' } });

export const email = z.string().trim().max(254).email();
/** Spec §5: a phone, if entered, has at least 10 characters (mask 000-000-0000). */
export const phone = z
  .string()
  .trim()
  .max(32)
  .regex(/^[0-9+().\s-]*$/, 'The phone field may contain only digits, spaces and + ( ) . -')
  .refine(
    (value) => value === '' || value.replace(/\D/g, '').length >= 10,
    'The phone field must have at least 10 digits.',
  );
/** The client's guardian and reset forms show the same minimum before submit (src/domain/forms/password.ts). */
export const password = z.string().min(PASSWORD_MIN_LENGTH).max(128);
export const name = z.string().trim().min(1).max(255);
/** Dollars with at most two decimals (docs/api.md Money). */
export const dollars = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amounts may have at most two decimals.');

// ---------------------------------------------------------------------------------------------------------------
// Response schemas (docs/api.md Entities)

export const MessageSchema = z.object({ message: z.string() }).openapi('Message');

export const UserSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    username: z.string().nullable(),
    token: z.string().optional(),
    is_new: z.boolean(),
    is_coach: z.boolean(),
    has_subscription: z.boolean(),
    player: z.object({ id: z.number().int() }).nullable(),
    license: z
      .object({
        license_code: z.string(),
        organization: z
          .object({
            id: z.number().int(),
            name: z.string(),
            waiver: z.string().nullable(),
            api_user_id: z.number().int().nullable(),
            client: z.object({ api_subdomain: z.string().nullable() }).nullable(),
          })
          .nullable(),
      })
      .nullable(),
    subscription: z.object({ status_message: z.string(), paid_through: z.string().nullable() }).nullable(),
    deeplink: z.string().nullable().optional(),
  })
  .openapi('User');

export const AthleteSchema = z
  .object({ user_id: z.number().int(), name: z.string(), token: z.string(), relationship: z.string() })
  .openapi('Athlete');

export const LicenceInfoSchema = z
  .object({
    license_code: z.string(),
    name: z.string(),
    available: z.boolean(),
    available_licenses: z.number().int(),
    expiration_date_formatted: z.string().nullable(),
    paused: z.boolean(),
    organization_id: z.number().int().nullable(),
    organization_name: z.string().nullable(),
    season_name: z.string().nullable(),
    team_name: z.string().nullable(),
    team_id: z.number().int().nullable(),
    is_coach: z.boolean(),
  })
  .openapi('LicenceInfo');

export const LatestLicenseSchema = z
  .object({
    license_code: z.string(),
    season_name: z.string().nullable(),
    team_name: z.string().nullable(),
    organization_id: z.number().int().nullable(),
  })
  .openapi('LatestLicense');

export const PaymentDataSchema = z
  .object({
    team: z
      .object({
        id: z.number().int(),
        name: z.string(),
        total_dues: z.number(),
        athlete_deposit: z.number(),
        payment_plan_fee: z.number(),
        total_app_fee: z.number(),
        is_app_fee_itemized: z.boolean(),
        waiver: z.string().nullable(),
      })
      .nullable(),
    season: z.object({ id: z.number().int(), name: z.string(), start_date: z.string() }).nullable(),
    injury_protection_insurance: z
      .object({ id: z.number().int(), description: z.string(), amount: z.number() })
      .nullable(),
    payment_plans: z.array(
      z.object({
        month: z.number().int(),
        name: z.string(),
        additional: z.number().optional(),
        phases: z.array(z.object({ start_time_formatted: z.string(), amount: z.number(), base_amount: z.number() })),
      }),
    ),
    is_season_set: z.boolean(),
    connected_account_stripe_id: z.string().nullable(),
    error: z.string().nullable(),
  })
  .openapi('PaymentData');

export const SubscriptionStateSchema = z
  .object({ status_message: z.string(), paid_through: z.string().nullable() })
  .openapi('SubscriptionState');

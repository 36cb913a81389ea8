/**
 * The user of spec §3 as the server answers it (GET /api/user, login, register) and as the site keeps it in
 * localStorage (src/session/current-user.ts): one schema for both, so the session validates what it reads back
 * without importing the api layer. src/api/schemas.ts re-exports everything here.
 */
import { z } from 'zod/mini';
import { id, nonEmptyString, orNull } from './wire';

export const organizationSchema = z.object({
  id,
  name: z.string(),
  waiver: z.nullable(z.string()),
  /** Issue 31 point 4: the waiver's Spanish text (null or absent: none; older stored users and servers have none). */
  waiver_es: z.optional(z.nullable(z.string())),
  api_user_id: z.nullable(id),
  client: z.nullable(z.object({ api_subdomain: z.nullable(z.string()) })),
});
export type Organization = z.infer<typeof organizationSchema>;

export const userLicenseSchema = z.object({
  license_code: nonEmptyString,
  organization: z.nullable(organizationSchema),
});
export type UserLicense = z.infer<typeof userLicenseSchema>;

export const subscriptionStateSchema = z.object({
  /** One of the seven texts of §4 ('License active.', ...). */
  status_message: z.string(),
  /** ISO date-time, or null. */
  paid_through: z.nullable(z.string()),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

const userShape = {
  id,
  name: z.nullable(z.string()),
  email: z.string(),
  phone: z.nullable(z.string()),
  username: z.nullable(z.string()),
  is_new: z.boolean(),
  is_coach: z.boolean(),
  has_subscription: z.boolean(),
  player: z.nullable(z.object({ id })),
  license: z.nullable(userLicenseSchema),
  subscription: z.nullable(subscriptionStateSchema),
  deeplink: orNull(z.string()),
  /** Issue 31: the person's language ('en', 'es'); older stored users and servers may not send it. */
  language: z.optional(z.string()),
};

/** GET /api/user, PUT /api/user/{id}: the user without a guaranteed token. */
export const userSchema = z.object({ ...userShape, token: z.optional(nonEmptyString) });
export type User = z.infer<typeof userSchema>;

/** Login, token login, register (and the user kept in localStorage, §3): always with a session token. */
export const currentUserSchema = z.object({ ...userShape, token: nonEmptyString });
export type CurrentUser = z.infer<typeof currentUserSchema>;

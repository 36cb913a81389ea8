/**
 * Schemas of every entity of spec §3 and every response of docs/api.md, with their parsed types.
 *
 * Conventions after parsing (the only shapes the rest of the site sees):
 * - Money: every money field keeps its wire name but holds INTEGER CENTS once parsed. The wire carries dollars as a
 *   number or a numeric string (`450`, `29.99`, `"450.00"`); `money` converts with src/domain/money's dollarsToCents (Math.round(x * 100) for these non-negative amounts). Fields typed
 *   `Cents` below are such fields. `discount_in_cents` is already cents on the wire and stays as it is.
 * - Fields docs/api.md types `X | null` must be present (null or a value): a missing key is drift. Fields it marks
 *   optional (`additional?`, `processing_fee?`, `deeplink?`), a team's `name`/`waiver` (not required by §5) and the
 *   two answers §7/§8 read leniently (a player id, a reset token) are normalised to `null` when absent, so callers
 *   test one value (`x === null`) instead of two.
 * - §5's drop rule: inside payment data, a team, season or injury protection plan missing a required field becomes
 *   `null`, and a payment plan or phase missing one is filtered out, each with a console.error naming what was dropped
 *   (`droppable` / `droppableList`). Anything else that does not match fails the whole parse: the caller gets an
 *   ApiError (see errors.ts).
 *
 * The reference server's API tests parse its responses with these schemas, so they follow docs/api.md exactly.
 * zod/mini keeps the client bundle small.
 */
import { z } from 'zod/mini';
import { dollarsToCents } from '../domain/money';
import { subscriptionStateSchema } from '../domain/user';
import { id, nonEmptyString, orNull } from '../domain/wire';

/** Integer US cents. */
export type Cents = number;

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

/** A money amount in dollars on the wire (number or numeric string, at most cents precision) → integer cents. */
export const money = z.pipe(
  z.union([z.number().check(z.gte(0)), z.string().check(z.regex(/^\d+(\.\d+)?$/))]),
  z.transform((dollars): Cents => dollarsToCents(Number(dollars))),
);

/** Lists the failing field paths of a parse, e.g. `total_dues, phases.0.amount`. */
function failingFields(error: z.core.$ZodError): string {
  const paths = error.issues.map((issue) => (issue.path.length > 0 ? issue.path.join('.') : '(value)'));
  return [...new Set(paths)].join(', ');
}

/**
 * §5: an object from the server that lacks a required field is ignored with a console error instead of failing the
 * whole response. Yields the parsed object, or null (null or absent input yields null silently: nothing was dropped).
 */
export function droppable<T extends z.ZodMiniType>(schema: T, what: string) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((value): z.output<T> | null => {
      if (value === null || value === undefined) return null;
      const result = z.safeParse(schema, value);
      if (result.success) return result.data;
      console.error(`Ignored ${what} from the server: missing or invalid ${failingFields(result.error)}`, value);
      return null;
    }),
  );
}

/** §5 for lists: items that lack a required field are filtered out, each with a console error. */
export function droppableList<T extends z.ZodMiniType>(schema: T, what: string) {
  return z.pipe(
    z.array(droppable(schema, what)),
    z.transform((items) => items.filter((item): item is NonNullable<typeof item> => item !== null)),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Current user (§3) and the User response

// The user lives in src/domain/user.ts: the session validates the stored user with it, without importing the api.
export {
  type CurrentUser,
  currentUserSchema,
  type Organization,
  organizationSchema,
  type SubscriptionState,
  subscriptionStateSchema,
  type User,
  type UserLicense,
  userLicenseSchema,
  userSchema,
} from '../domain/user';

// ---------------------------------------------------------------------------------------------------------------
// Licences, athletes

export const licenceInfoSchema = z.object({
  license_code: nonEmptyString,
  name: z.string(),
  available: z.boolean(),
  available_licenses: z.int().check(z.gte(0)),
  expiration_date_formatted: z.nullable(z.string()),
  paused: z.boolean(),
  organization_id: z.nullable(id),
  organization_name: z.nullable(z.string()),
  season_name: z.nullable(z.string()),
  team_name: z.nullable(z.string()),
  team_id: z.nullable(id),
  is_coach: z.boolean(),
  /**
   * Issue 21 point 3: asked with a valid open waitlist offer (`?offer=TOKEN`), the seat it holds for this visitor
   * until `expires_at` (ISO); absent otherwise.
   */
  offer: z.optional(z.object({ expires_at: nonEmptyString })),
});
export type LicenceInfo = z.infer<typeof licenceInfoSchema>;

export const athleteSchema = z.object({
  user_id: id,
  name: z.string(),
  token: nonEmptyString,
  relationship: z.string(),
});
export type Athlete = z.infer<typeof athleteSchema>;
export const athleteListSchema = z.array(athleteSchema);

export const latestLicenseSchema = z.object({
  license_code: nonEmptyString,
  season_name: z.nullable(z.string()),
  team_name: z.nullable(z.string()),
  organization_id: z.nullable(id),
  /** Issue 32: the team's age rule as the birth dates it allows (`YYYY-MM-DD`), only when the team has one. */
  age_rule: z.optional(z.object({ born_from: nonEmptyString, born_to: nonEmptyString })),
  /** Issue 32 point 4: true only when the team asks its own questions (the athlete steps then ask them). */
  has_questions: z.optional(z.boolean()),
});
export type LatestLicense = z.infer<typeof latestLicenseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Discounts, subscriptions

export const serverDiscountSchema = z.object({
  discount_code: z.string(),
  percent_off: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  flat_discount_amount: z.nullable(money),
  is_active: z.boolean(),
});
export type ServerDiscount = z.infer<typeof serverDiscountSchema>;

const trialDays = z.nullable(z.int().check(z.gte(0)));
export const planDetailsSchema = z.object({
  monthly_price: z.nullable(money),
  annual_price: z.nullable(money),
  annual_price_pm: z.nullable(money),
  quarterly_price: z.nullable(money),
  trial_interval_length: trialDays,
  trial_interval_length_annual: trialDays,
  trial_interval_length_annual_pm: trialDays,
  trial_interval_length_quarterly: trialDays,
});
export type PlanDetails = z.infer<typeof planDetailsSchema>;

export const couponSchema = z.object({
  coupon_code: z.string(),
  discount_type: z.enum(['dollars', 'percent']),
  /** Already cents on the wire. */
  discount_in_cents: z.nullable(z.int().check(z.gte(0))),
  discount_percent: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  duration: z.enum(['forever', 'single_use', 'temporal']),
  applies_for_months: z.nullable(z.int().check(z.gte(0))),
});
export type Coupon = z.infer<typeof couponSchema>;

export const subscriptionTerms = ['annual', 'annual-pm', 'quarterly', 'monthly'] as const;
export type SubscriptionTerm = (typeof subscriptionTerms)[number];

// A plain union (the `status` literals tell the members apart all the same): z.discriminatedUnion, used nowhere
// else, would add its parser to every page's app shell for /subscribe's one answer.
export const subscribeProcessResponseSchema = z.union([
  z.object({ status: z.literal('success'), subscription: subscriptionStateSchema }),
  /** message: a card status code (`declined`, `nosubplan`, `processor`, `error`) or a text to show as it is (§8). */
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type SubscribeProcessResponse = z.infer<typeof subscribeProcessResponseSchema>;

export const claimLicenseResponseSchema = z.object({ status: z.string(), message: z.string() });
export type ClaimLicenseResponse = z.infer<typeof claimLicenseResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Memberships

const zeroOrOne = z.literal([0, 1]);

export const duplicateStatusSchema = z.object({
  license_claimed: z.boolean(),
  has_active_season_membership: z.boolean(),
});
export type DuplicateStatus = z.infer<typeof duplicateStatusSchema>;

export const subscriptionStatusSchema = z.object({ payment_complete: zeroOrOne });
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * What a successful payment confirms (issue 15): the amount charged today and the remaining schedule in cents, the
 * team, season and plan, where the receipt e-mail went and the card (null for a full discount: nothing charged).
 */
export const receiptSchema = z.object({
  amount_cents: z.int().check(z.gte(0)),
  team_name: z.string(),
  season_name: z.nullable(z.string()),
  plan_name: z.string(),
  email: z.string(),
  card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  remaining: z.array(
    z.object({
      due_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      amount_cents: z.int().check(z.gte(0)),
    }),
  ),
  /** Issue 20 point 2: the household (sibling) discount taken off the dues; 0 when none (or an older server). */
  sibling_discount_cents: z.pipe(
    z.optional(z.nullable(z.int().check(z.gte(0)))),
    z.transform((value): number => value ?? 0),
  ),
  /** Issue 34: the financial assistance awarded off the dues; 0, null or absent when none (or an older server). */
  financial_assistance_cents: z.optional(z.nullable(z.int().check(z.gte(0)))),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const checkoutResponseSchema = z.object({
  client_secret: z.nullable(nonEmptyString),
  payment_intent_id: z.nullable(nonEmptyString),
  /**
   * Nothing due today but later phases are: the client secret is this SetupIntent's, confirmed with the card to save
   * it for the instalments (then checkout-success with `stripe_setup_intent_id`).
   */
  setup_intent_id: z.optional(z.nullable(nonEmptyString)),
  payment_complete: zeroOrOne,
  /** The full-discount checkout that recorded the membership answers its receipt; null otherwise. */
  receipt: z.optional(z.nullable(receiptSchema)),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutSuccessResponseSchema = z.object({
  payment_complete: z.literal(1),
  membership_id: id,
  /** True when this intent paid a team already paid for, and the provider refunded it (no receipt then). */
  refunded: z.optional(z.boolean()),
  receipt: z.optional(z.nullable(receiptSchema)),
});
export type CheckoutSuccessResponse = z.infer<typeof checkoutSuccessResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Player profile: the schemas live in ./player.schemas.ts (only /player loads them).

export type { Option, PlayerCreated, PlayerOptions, Position } from './player.schemas';

// ---------------------------------------------------------------------------------------------------------------
// Branding

export const whiteLabelSchema = z.object({
  images: z.object({
    app_icon: z.object({ '120': z.string(), '180': z.string() }),
    fullLogo: z.object({ '1x': z.string() }),
    fullLogoWithoutSubtitle: z.object({ '1x': z.string() }),
  }),
  strings: z.object({ app_name: z.string() }),
});
export type WhiteLabel = z.infer<typeof whiteLabelSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Small responses

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const emailExistsSchema = z.object({ exists: z.boolean() });
export type EmailExists = z.infer<typeof emailExistsSchema>;

/** §7: "a token in the response means success"; without one the flow shows the message. */
export const passwordResetResponseSchema = z.object({ message: z.string(), token: orNull(nonEmptyString) });
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

export const organizationValidationSchema = z.object({ status: z.boolean() });
export type OrganizationValidation = z.infer<typeof organizationValidationSchema>;

export const licenseLinkResponseSchema = z.object({ organization_id: id });
export type LicenseLinkResponse = z.infer<typeof licenseLinkResponseSchema>;

/** The error body of every 4xx/5xx (docs/api.md); read leniently by errors.ts, this is the documented shape. */
export const errorBodySchema = z.object({
  message: z.string(),
  messages: z.record(z.string(), z.array(z.string())),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Request payloads of §3 as sent (shapes only). The form-side entities (new athlete, primary guardian, client
// discount, player profile in the form's naming) and §5's rules live in src/domain.

/** §3 "Athlete account payload (sent)": POST /api/auth/register-athlete. */
export const athleteAccountPayloadSchema = z.object({
  name: z.string(),
  username: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
  relationship: z.string(),
  phone: z.optional(z.string()),
  email: z.optional(z.string()),
});
export type AthleteAccountPayload = z.infer<typeof athleteAccountPayloadSchema>;

/** §3 "Registration payload": POST /api/auth/register. */
export const registrationPayloadSchema = z.object({
  email: z.string(),
  phone: z.string(),
  username: z.optional(z.string()),
  password: z.string(),
  password_confirmation: z.string(),
  name: z.string(),
  license: z.optional(z.string()),
  do_not_claim: z.optional(z.boolean()),
});
export type RegistrationPayload = z.infer<typeof registrationPayloadSchema>;

/** PUT /api/user/{id}. */
export const userUpdatePayloadSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  password: z.optional(z.string()),
  password_confirmation: z.optional(z.string()),
});
export type UserUpdatePayload = z.infer<typeof userUpdatePayloadSchema>;

/** §3 "Player profile payload" in §7's naming: POST /api/player (src/domain/player-profile.ts maps the form's naming). */
export const playerPayloadSchema = z.object({
  birthday: z.string(),
  sex: z.enum(['f', 'm']),
  weight: z.number(),
  height: z.int(),
  position: id,
  phase: id,
  lifting_experience: id,
  agility_experience: id,
  upper_plyometric_experience: id,
  lower_plyometric_experience: id,
  weight_goal: id,
});
export type PlayerPayload = z.infer<typeof playerPayloadSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Sandbox providers (docs/api.md "Sandbox providers"): the intents' schemas live in ./sandbox.schemas.ts (only the
// sandbox adapters load them); the declined card's body is shared by both sandboxes.

export type {
  PaymentIntentStatus,
  SandboxBillingToken,
  SandboxPaymentIntent,
  SandboxSetupIntent,
  SetupIntentStatus,
} from './sandbox.schemas';

/** The 402 body of a declined sandbox card, in Stripe's shape. */
export const sandboxCardErrorSchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.optional(z.string()),
    decline_code: z.optional(z.string()),
    message: z.string(),
  }),
});
export type SandboxCardError = z.infer<typeof sandboxCardErrorSchema>['error'];

// ---------------------------------------------------------------------------------------------------------------
// The family's payments (issue 15): the schemas live in ./payments.schemas.ts (only /payments and its card update
// load them).

export type {
  CardSetup,
  CollectionOutcome,
  CollectionResult,
  DuePayment,
  MembershipList,
  MembershipPhase,
  MembershipSummary,
  PhaseStatus,
  SavedCard,
} from './payments.schemas';

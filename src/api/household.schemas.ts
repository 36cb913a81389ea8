/**
 * The family checkout's wire schemas (issue 20 points 1, 2, 6; docs/api.md "Family checkout"), beside
 * ./household.ts and out of the app shell: only the payment page's family checkout and the claimed page's
 * confirmation use them. Every money field here is integer cents on the wire already.
 */
import { z } from 'zod/mini';
import { id, nonEmptyString } from '../domain/wire';
import { awaitingTotalsShape } from './help-paying.schemas';

const cents = z.int().check(z.gte(0));
const calendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/));

export const quotePhaseSchema = z.object({
  due_on: calendarDate,
  start_time_formatted: z.string(),
  amount_cents: cents,
  base_amount_cents: cents,
});
export type QuotePhase = z.infer<typeof quotePhaseSchema>;

export const quotePlanSchema = z.object({
  month: z.int().check(z.gte(0)),
  name: z.string(),
  additional_cents: z.nullable(cents),
  phases: z.array(quotePhaseSchema),
});
export type QuotePlan = z.infer<typeof quotePlanSchema>;

export const quoteLineSchema = z.object({
  athlete_id: id,
  name: z.string(),
  license_code: z.nullable(z.string()),
  team: z.nullable(z.object({ id, name: z.nullable(z.string()) })),
  season: z.nullable(z.object({ id, name: z.string(), start_date: z.nullable(z.string()) })),
  organization: z.nullable(z.object({ id, name: z.string() })),
  injury_protection_insurance: z.nullable(z.object({ id, description: z.string(), amount_cents: cents })),
  payment_plans: z.array(quotePlanSchema),
  payment_plan_month: z.nullable(z.int().check(z.gte(0))),
  include_payment_protection_plan: z.boolean(),
  dues_cents: cents,
  code_discount_cents: cents,
  sibling_discount_cents: cents,
  sibling_discount_percent: z.number().check(z.gte(0), z.lte(100)),
  position: z.int().check(z.gte(0)),
  app_fee_cents: cents,
  protection_cents: cents,
  plan_fee_cents: cents,
  today_cents: cents,
  later_cents: cents,
  total_cents: cents,
  later_phases: z.array(z.object({ due_on: calendarDate, amount_cents: cents })),
  problem: z.nullable(z.string()),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  athletes: z.array(quoteLineSchema),
  waivers: z.array(
    z.object({
      organization_id: id,
      organization_name: z.string(),
      waiver: z.string(),
      /** Issue 31 point 4: the waiver's Spanish text, shown on Spanish pages (null or absent: none; an older server sends none). */
      waiver_es: z.optional(z.nullable(z.string())),
      /** Issue 32 point 3: the version of this waiver shown, sent back as `waiver_version` (an older server sends none). */
      version: z.optional(z.int().check(z.gte(1))),
    }),
  ),
  discount: z.nullable(
    z.object({
      code: z.string(),
      percent_off: z.nullable(z.number().check(z.gte(0), z.lte(100))),
      flat_discount_cents: z.nullable(cents),
    }),
  ),
  sibling_discount_cents: cents,
  today_cents: cents,
  later_cents: cents,
  total_cents: cents,
  ready: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** One athlete of a family checkout as its receipt (and its 'Awaiting payment') names it. */
const receiptAthleteShape = {
  membership_id: id,
  athlete_id: id,
  name: z.string(),
  team_name: z.nullable(z.string()),
  season_name: z.nullable(z.string()),
  plan_name: z.string(),
};

export const householdReceiptSchema = z.object({
  checkout_id: z.union([id, nonEmptyString]),
  amount_cents: cents,
  sibling_discount_cents: cents,
  email: z.string(),
  card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  athletes: z.array(
    z.object({
      ...receiptAthleteShape,
      amount_cents: cents,
      dues_cents: cents,
      code_discount_cents: cents,
      sibling_discount_cents: cents,
      /** Issue 34: the award taken off this athlete's dues (absent: none). */
      financial_assistance_cents: z.optional(cents),
      protection_cents: cents,
      app_fee_cents: cents,
    }),
  ),
  remaining: z.array(z.object({ due_date: calendarDate, amount_cents: cents })),
});
export type HouseholdReceipt = z.infer<typeof householdReceiptSchema>;

/**
 * Issue 34 point 4: a family checkout by check or cash: every athlete recorded 'Awaiting payment' with its plan, the
 * club's instructions and how long the spots are held.
 */
export const householdAwaitingSchema = z.object({
  ...awaitingTotalsShape,
  athletes: z.array(
    z.object({
      ...receiptAthleteShape,
      team_name: z.string(),
      season_name: z.string(),
      amount_due_cents: cents,
      total_cents: cents,
    }),
  ),
});
export type HouseholdAwaiting = z.infer<typeof householdAwaitingSchema>;

/** The answer of a family checkout with `payment_method: 'check_or_cash'`: nothing charged, every athlete awaiting. */
export const householdCheckOrCashSchema = z.object({
  payment_complete: z.literal(1),
  awaiting_payment: householdAwaitingSchema,
});

/** The checkout's id: the server's public id (text), or a number; the site only sends it back. */
const checkoutId = z.union([nonEmptyString, id]);

export const householdCheckoutResponseSchema = z.object({
  checkout_id: checkoutId,
  client_secret: z.nullable(nonEmptyString),
  payment_intent_id: z.nullable(nonEmptyString),
  setup_intent_id: z.nullable(nonEmptyString),
  payment_complete: z.literal([0, 1]),
  amount_today_cents: cents,
  receipt: z.nullable(householdReceiptSchema),
});
export type HouseholdCheckoutResponse = z.infer<typeof householdCheckoutResponseSchema>;

export const householdCheckoutSuccessSchema = z.object({
  payment_complete: z.literal(1),
  membership_ids: z.array(id),
  refunded: z.boolean(),
  receipt: z.nullable(householdReceiptSchema),
});
export type HouseholdCheckoutSuccess = z.infer<typeof householdCheckoutSuccessSchema>;

/**
 * The payment data of spec §3 (POST /api/memberships/payment-plans and the draft preview's): the team, season,
 * injury protection and payment plans, validated with §5's drop rule (./schemas.ts `droppable`). Only /payment and
 * /draft read it, so it stays out of the code every page loads (vite.config.ts APP_SHELL).
 */
import { z } from 'zod/mini';
import { id, nonEmptyString, orNull } from '../domain/wire';
import { optionalHelpPaying } from './help-paying.schemas';
import { droppable, droppableList, money } from './schemas';

export const teamSchema = z.object({
  id,
  /** Not among §5's required fields, so a team without a name is kept. */
  name: orNull(z.string()),
  total_dues: money,
  athlete_deposit: money,
  payment_plan_fee: money,
  total_app_fee: money,
  is_app_fee_itemized: z.boolean(),
  waiver: orNull(z.string()),
  /** Issue 31 point 4: the waiver's Spanish text, shown on Spanish pages (null or absent: none; an older server sends none). */
  waiver_es: z.optional(z.nullable(z.string())),
  /**
   * Issue 32 point 3: the version of the waiver shown (only with a waiver; never on a draft; an older server sends
   * none): Pay Now sends it back as `waiver_version`, and a text changed since is refused (422).
   */
  waiver_version: z.optional(z.int().check(z.gte(1))),
  /**
   * Issue 32 point 2: the documents the team requires ('Proof of age', or the club's own), only when it requires some
   * (never on a draft): after the checkout the registration asks for them (payment.documents.ts).
   */
  required_documents: z.optional(z.array(z.string())),
});
export type Team = z.infer<typeof teamSchema>;

export const seasonSchema = z.object({
  id,
  name: z.string(),
  /** YYYY-MM-DD (a date-time is tolerated: only the date part is meaningful). */
  start_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/)),
});
export type Season = z.infer<typeof seasonSchema>;

export const protectionPlanSchema = z.object({
  id,
  description: z.string(),
  amount: money,
});
export type ProtectionPlan = z.infer<typeof protectionPlanSchema>;

export const paymentPhaseSchema = z.object({
  start_time_formatted: z.string(),
  /** base_amount + processing_fee, in cents. */
  amount: money,
  base_amount: money,
  processing_fee: orNull(money),
});
export type PaymentPhase = z.infer<typeof paymentPhaseSchema>;

export const paymentPlanSchema = z
  .object({
    /** 0 = pay in full, else the number of monthly instalments; sent back as `payment_plan_month`. */
    month: z.int().check(z.gte(0)),
    name: z.string(),
    additional: orNull(money),
    phases: droppableList(paymentPhaseSchema, 'payment phase'),
  })
  // A plan whose phases were all dropped has nothing to pay today and no schedule: it lacks its phases (§5).
  .check(z.refine((plan) => plan.phases.length > 0, { message: 'no valid phase', path: ['phases'] }));
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

export const paymentDataSchema = z.object({
  team: droppable(teamSchema, 'team'),
  season: droppable(seasonSchema, 'season'),
  injury_protection_insurance: droppable(protectionPlanSchema, 'injury protection plan'),
  payment_plans: droppableList(paymentPlanSchema, 'payment plan'),
  is_season_set: z.boolean(),
  connected_account_stripe_id: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /**
   * Issue 20: the payer when it is an athlete of a guardian (the first line of a family checkout); absent or null
   * on an athlete's own login, the draft preview and older servers.
   */
  athlete: orNull(z.object({ id, name: z.string() })),
  /** Issue 20 point 2: the household (sibling) discount the plans were computed with; absent or null when none. */
  household: orNull(
    z.object({
      sibling_discount: money,
      sibling_discount_percent: z.number().check(z.gte(0), z.lte(100)),
      position: z.int().check(z.gte(0)),
    }),
  ),
  /**
   * Issue 34: financial assistance and check or cash (src/api/help-paying.schemas.ts); absent or null where the
   * organization offers neither, on the draft preview and from older servers.
   */
  help_paying: optionalHelpPaying,
});
export type PaymentData = z.infer<typeof paymentDataSchema>;

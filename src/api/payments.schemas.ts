/**
 * The family's payments' wire schemas (issue 15: GET /api/memberships, update card; docs/api.md), beside
 * ./payments.ts and out of the app shell: only /payments and /payments/update-card use them. Every money field here
 * is cents on the wire.
 */
import { z } from 'zod/mini';
import { MEMBERSHIP_STATUSES, PHASE_STATUSES } from '../domain/membership-figures';
import { id, nonEmptyString } from '../domain/wire';

const cents = z.int().check(z.gte(0));
const calendarDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const savedCardSchema = z.object({ brand: z.string(), last4: z.string() });
export type SavedCard = z.infer<typeof savedCardSchema>;

export const phaseStatuses = PHASE_STATUSES;
export type PhaseStatus = (typeof phaseStatuses)[number];

export const membershipPhaseSchema = z.object({
  id,
  due_date: calendarDate,
  amount_cents: cents,
  status: z.enum(phaseStatuses),
  attempts: z.int().check(z.gte(0)),
  paid_at: z.nullable(z.string()),
  failure_message: z.nullable(z.string()),
  /** Issue 22 point 4: refunded on this phase's charge; 0 when none (or an older server). */
  refunded_cents: z.pipe(
    z.optional(cents),
    z.transform((value): number => value ?? 0),
  ),
});
export type MembershipPhase = z.infer<typeof membershipPhaseSchema>;

export const duePaymentSchema = z.object({ due_date: calendarDate, amount_cents: cents });
export type DuePayment = z.infer<typeof duePaymentSchema>;

export const membershipSummarySchema = z.object({
  id,
  team_name: z.string(),
  season_name: z.nullable(z.string()),
  athlete_name: z.nullable(z.string()),
  plan_name: z.string(),
  /** 0 = pay in full, else the number of monthly instalments. */
  payment_plan_month: z.int().check(z.gte(0)),
  total_cents: cents,
  paid_cents: cents,
  remaining_cents: cents,
  next_payment: z.nullable(duePaymentSchema),
  /** Issue 30 point 5: the membership's status (src/domain/membership-figures.ts); absent from an older server. */
  status: z.optional(z.enum(MEMBERSHIP_STATUSES)),
  phases: z.array(membershipPhaseSchema),
  /** Issue 22 point 4: refunded on this membership; 0 when none (or an older server). */
  refunded_cents: z.pipe(
    z.optional(cents),
    z.transform((value): number => value ?? 0),
  ),
  card: z.nullable(savedCardSchema),
  needs_card_update: z.boolean(),
  /** Issue 20 point 2: the household (sibling) discount in this membership's amounts; 0 when none (or an older server). */
  sibling_discount_cents: z.pipe(
    z.optional(z.nullable(cents)),
    z.transform((value): number => value ?? 0),
  ),
  /** Issue 34: the financial assistance awarded off the dues; present only with an award. */
  financial_assistance_cents: z.optional(z.nullable(cents)),
  /** Issue 34 point 4: recorded by check or cash, nothing received yet; present only then. */
  awaiting_payment: z.optional(z.nullable(z.object({ hold_until: z.string(), instructions: z.string() }))),
  /** Issue 32 point 4: the team asks its own questions ('Change answers'); absent from an older server: none. */
  has_questions: z.optional(z.boolean()),
  /** Issue 32 point 3: a signed waiver is on record (its PDF on /payments); absent from an older server: none. */
  waiver_signed: z.optional(z.boolean()),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

export const membershipListSchema = z.object({ memberships: z.array(membershipSummarySchema) });
export type MembershipList = z.infer<typeof membershipListSchema>;

export const cardSetupSchema = z.object({ client_secret: nonEmptyString, setup_intent_id: nonEmptyString });
export type CardSetup = z.infer<typeof cardSetupSchema>;

export const collectionOutcomes = ['nothing_due', 'paid', 'failed', 'requires_action'] as const;
export type CollectionOutcome = (typeof collectionOutcomes)[number];

/** The answer of POST /api/memberships/{id}/card and /collect. */
export const collectionResultSchema = z.object({
  card: savedCardSchema,
  outcome: z.enum(collectionOutcomes),
  message: z.nullable(z.string()),
  amount_cents: cents,
  payment_intent: z.nullable(z.object({ id: nonEmptyString, client_secret: nonEmptyString })),
});
export type CollectionResult = z.infer<typeof collectionResultSchema>;

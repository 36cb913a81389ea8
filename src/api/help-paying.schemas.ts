/**
 * Issue 34 (docs/api.md "Help paying"): what the server says of financial assistance and paying by check or cash: the
 * `help_paying` of the payment data (absent where the organization offers neither), a family's assistance request and
 * the answer of a check-or-cash checkout. Amounts are cents, but for `financial_assistance`, a payment-data money field
 * in dollars like its neighbours (converted to cents here). Imports no other api schema (schemas.ts imports this one).
 */
import { z } from 'zod/mini';
import { dollarsToCents } from '../domain/money';
import { id, orNull } from '../domain/wire';

const cents = z.int().check(z.gte(0));
const isoTime = z.string().check(z.minLength(10));
const named = z.object({ id, name: z.string() });
/** A dollars amount (number or numeric string) → integer cents, as schemas.ts `money`. */
const dollars = z.pipe(
  z.union([z.number().check(z.gte(0)), z.string().check(z.regex(/^\d+(\.\d+)?$/))]),
  z.transform((amount): number => dollarsToCents(Number(amount))),
);

export const ASSISTANCE_STATUSES = ['pending', 'approved', 'declined'] as const;
export type AssistanceStatus = (typeof ASSISTANCE_STATUSES)[number];

export const assistanceRequestSchema = z.object({
  id,
  status: z.enum(ASSISTANCE_STATUSES),
  athlete: named,
  team: named,
  season: named,
  organization: named,
  share_percent: z.union([z.literal(25), z.literal(50), z.literal(75), z.literal(100)]),
  free_or_reduced_meals: z.boolean(),
  dues_cents: cents,
  asked_cents: cents,
  amount_approved_cents: z.nullable(cents),
  decision_message: z.nullable(z.string()),
  decided_at: z.nullable(isoTime),
  created_at: isoTime,
  held_until: z.nullable(isoTime),
});
export type AssistanceRequest = z.infer<typeof assistanceRequestSchema>;

/** PaymentData `help_paying`: present only where the team's organization offers assistance or takes check or cash. */
export const helpPayingSchema = z.object({
  organization: named,
  offers_assistance: z.boolean(),
  accepts_check_or_cash: z.boolean(),
  check_or_cash_instructions: z.nullable(z.string()),
  check_or_cash_hold_days: z.nullable(z.int().check(z.gte(1), z.lte(60))),
  assistance_request: z.nullable(assistanceRequestSchema),
  /** The approved award already taken off the dues of every plan, in cents (0: none). */
  financial_assistance: dollars,
});
export type HelpPaying = z.infer<typeof helpPayingSchema>;

export const sentAssistanceRequestSchema = z.object({ request: assistanceRequestSchema });

/** A check-or-cash checkout's `awaiting_payment`: the membership recorded 'Awaiting payment'. */
/** What a registration by check or cash owes and how (one athlete's, or a family checkout's totals). */
export const awaitingTotalsShape = {
  amount_due_cents: cents,
  total_cents: cents,
  instructions: z.string(),
  hold_until: isoTime,
  organization: named,
};

export const awaitingPaymentSchema = z.object({
  membership_id: id,
  ...awaitingTotalsShape,
  plan_name: z.string(),
});
export type AwaitingPayment = z.infer<typeof awaitingPaymentSchema>;

/** The answer of a checkout with `payment_method: 'check_or_cash'`: no intent, the membership awaiting payment. */
export const checkOrCashCheckoutSchema = z.object({
  payment_complete: z.literal(1),
  awaiting_payment: awaitingPaymentSchema,
});

/** `help_paying` of the payment data: absent or null where the organization offers neither. */
export const optionalHelpPaying = orNull(helpPayingSchema);

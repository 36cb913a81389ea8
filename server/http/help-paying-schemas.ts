import { z } from '@hono/zod-openapi';

/** Issue 34 (docs/api.md "Help paying"): the answers' shapes, shared by the family's and the console's routes. */

const Named = z.object({ id: z.number().int(), name: z.string() });

export const AssistanceRequestSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'approved', 'declined']),
    athlete: Named,
    team: Named,
    season: Named,
    organization: Named,
    share_percent: z.number().int(),
    free_or_reduced_meals: z.boolean(),
    dues_cents: z.number().int(),
    asked_cents: z.number().int(),
    amount_approved_cents: z.number().int().nullable(),
    decision_message: z.string().nullable(),
    decided_at: z.string().nullable(),
    created_at: z.string(),
    held_until: z.string().nullable().describe('Decided: the seat stays held until then (96 hours after the decision)'),
  })
  .openapi('AssistanceRequest');

export const StaffAssistanceRequestSchema = AssistanceRequestSchema.extend({
  reason: z.string().describe("The family's reason: shown only in the console, never e-mailed or exported"),
  guardian: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  decided_by: Named.nullable(),
}).openapi('StaffAssistanceRequest');

export const AssistanceBudgetSchema = z
  .object({
    season: Named,
    budget_cents: z.number().int(),
    approved_cents: z.number().int(),
    left_cents: z.number().int(),
  })
  .openapi('AssistanceBudget');

export const HelpPayingSettingsSchema = z
  .object({
    offers_assistance: z.boolean(),
    accepts_check_or_cash: z.boolean(),
    check_or_cash_instructions: z.string().max(1000).nullable(),
    check_or_cash_hold_days: z.number().int(),
  })
  .openapi('HelpPayingSettings');

/** PaymentData's `help_paying` (additive): only where the organization offers assistance or accepts check or cash. */
export const HelpPayingSchema = z
  .object({
    organization: Named,
    offers_assistance: z.boolean(),
    accepts_check_or_cash: z.boolean(),
    check_or_cash_instructions: z.string().nullable(),
    check_or_cash_hold_days: z.number().int().nullable(),
    assistance_request: AssistanceRequestSchema.nullable(),
    financial_assistance: z.number().describe('Dollars: the approved award already taken off the dues of every plan'),
  })
  .openapi('HelpPaying');

export const AwaitingPaymentSchema = z
  .object({
    membership_id: z.number().int(),
    amount_due_cents: z.number().int(),
    total_cents: z.number().int(),
    plan_name: z.string(),
    instructions: z.string(),
    hold_until: z.string(),
    organization: Named,
  })
  .openapi('AwaitingPayment');

/**
 * The console's financial assistance (issue 34 point 2; docs/api.md "Help paying"): a season's requests with their
 * reasons (seen only here), its budget, what is approved and left; approving the share asked or another amount,
 * declining with a message, and the owner's budget; the owner's help paying settings (the set-up page).
 */
import { z } from 'zod/mini';
import {
  type AdminHelpPayingBody,
  type HelpPayingSettings,
  helpPayingSettingsSchema,
} from '../domain/forms/admin-help-paying';
import { id } from '../domain/wire';
import { type AdminCallOptions, adminRequest } from './admin';
import { assistanceRequestSchema } from './help-paying.schemas';

const cents = z.int().check(z.gte(0));
const named = z.object({ id, name: z.string() });

export const staffAssistanceRequestSchema = z.extend(assistanceRequestSchema, {
  reason: z.string(),
  guardian: z.nullable(z.object({ id, name: z.string(), email: z.string() })),
  decided_by: z.nullable(named),
});
export type StaffAssistanceRequest = z.infer<typeof staffAssistanceRequestSchema>;

export const assistanceBudgetSchema = z.object({
  season: named,
  budget_cents: cents,
  approved_cents: cents,
  left_cents: cents,
});
export type AssistanceBudget = z.infer<typeof assistanceBudgetSchema>;

export const assistanceQueueSchema = z.object({
  season: z.nullable(named),
  seasons: z.array(named),
  budget: z.nullable(assistanceBudgetSchema),
  requests: z.array(staffAssistanceRequestSchema),
  can_edit_budget: z.boolean(),
});
export type AssistanceQueue = z.infer<typeof assistanceQueueSchema>;

const decisionSchema = z.object({ request: staffAssistanceRequestSchema, budget: assistanceBudgetSchema });
export type AssistanceDecision = z.infer<typeof decisionSchema>;

/** GET /api/admin/organizations/{id}/assistance?season_id= (null: the latest season). */
export function getAssistanceQueue(
  organizationId: number,
  seasonId: number | null,
  options: AdminCallOptions = {},
): Promise<AssistanceQueue> {
  const query = seasonId === null ? '' : `?season_id=${seasonId}`;
  return adminRequest(`/api/admin/organizations/${organizationId}/assistance${query}`, assistanceQueueSchema, {
    signal: options.signal,
  });
}

/** POST /api/admin/assistance-requests/{id}/approve: the share asked (amount null) or another amount, cents. */
export function approveAssistance(
  requestId: number,
  amountCents: number | null,
  options: AdminCallOptions = {},
): Promise<AssistanceDecision> {
  return adminRequest(`/api/admin/assistance-requests/${requestId}/approve`, decisionSchema, {
    method: 'post',
    json: amountCents === null ? {} : { amount_cents: amountCents },
    signal: options.signal,
  });
}

/** POST /api/admin/assistance-requests/{id}/decline with the message to the family. */
export function declineAssistance(
  requestId: number,
  message: string,
  options: AdminCallOptions = {},
): Promise<AssistanceDecision> {
  return adminRequest(`/api/admin/assistance-requests/${requestId}/decline`, decisionSchema, {
    method: 'post',
    json: { message },
    signal: options.signal,
  });
}

/** PUT /api/admin/seasons/{id}/assistance-budget (the owner). */
export async function setAssistanceBudget(
  seasonId: number,
  budgetCents: number,
  options: AdminCallOptions = {},
): Promise<AssistanceBudget> {
  const answer = await adminRequest(
    `/api/admin/seasons/${seasonId}/assistance-budget`,
    z.object({ budget: assistanceBudgetSchema }),
    { method: 'put', json: { budget_cents: budgetCents }, signal: options.signal },
  );
  return answer.budget;
}

/** GET /api/admin/organizations/{id}/help-paying: the organization's offer, as the owner's form opens with it. */
export async function getHelpPayingSettings(
  organizationId: number,
  options: AdminCallOptions = {},
): Promise<HelpPayingSettings> {
  const answer = await adminRequest(
    `/api/admin/organizations/${organizationId}/help-paying`,
    z.object({ settings: helpPayingSettingsSchema }),
    { signal: options.signal },
  );
  return answer.settings;
}

/** PUT /api/admin/organizations/{id}/help-paying (the owner; audited): the settings as saved. */
export async function updateHelpPayingSettings(
  organizationId: number,
  body: AdminHelpPayingBody,
  options: AdminCallOptions = {},
): Promise<HelpPayingSettings> {
  const answer = await adminRequest(
    `/api/admin/organizations/${organizationId}/help-paying`,
    z.object({ settings: helpPayingSettingsSchema }),
    { method: 'put', json: body, signal: options.signal },
  );
  return answer.settings;
}

/**
 * The draft editor's wire shapes (issue 22 point 6; docs/api.md "Season set-up and the draft editor"): a team draft as
 * GET/PUT /api/admin/drafts/{id} and the organization's list answer it. Money is integer cents.
 */
import { z } from 'zod/mini';
import { id } from '../domain/wire';

export {
  type AdminDraftBody,
  type AdminNewDraftBody,
  adminDraftBodySchema,
  adminNewDraftBodySchema,
} from '../domain/forms/admin-draft';

const cents = z.int().check(z.gte(0));

export const adminDraftSchema = z.object({
  id,
  organization_id: id,
  team_id: z.nullable(id),
  season_id: z.nullable(id),
  name: z.string(),
  total_dues_cents: cents,
  athlete_deposit_cents: cents,
  payment_plan_fee_cents: cents,
  total_app_fee_cents: cents,
  is_app_fee_itemized: z.boolean(),
  plan_months: z.array(z.int().check(z.gte(1))),
  protection_plan_id: z.nullable(id),
  waiver: z.nullable(z.string()),
  /** Issue 31 point 4: the waiver's Spanish text (null: none); an older server may not send it. */
  waiver_es: z.optional(z.nullable(z.string())),
  /** ISO date-time of the last save. */
  updated_at: z.string(),
  /** The family site's preview of it (`/draft?draft_id=…`), relative to the site. */
  preview_path: z.string().check(z.refine((path) => path.startsWith('/'))),
});
export type AdminDraft = z.infer<typeof adminDraftSchema>;

export const adminDraftAnswerSchema = z.object({ draft: adminDraftSchema });
export const adminDraftsAnswerSchema = z.object({ drafts: z.array(adminDraftSchema) });

/**
 * The draft editor's wire shapes (issue 22 point 6; docs/api.md "Season set-up and the draft editor"): a team draft as
 * GET/PUT /api/admin/drafts/{id} and the organization's list answer it. Money is integer cents.
 */
import { z } from 'zod/mini';
import { id } from '../domain/wire';
import { teamDuesFields } from './admin-setup.schemas';

export {
  type AdminDraftBody,
  type AdminNewDraftBody,
  adminDraftBodySchema,
  adminNewDraftBodySchema,
} from '../domain/forms/admin-draft';

export const adminDraftSchema = z.object({
  id,
  organization_id: id,
  team_id: z.nullable(id),
  season_id: z.nullable(id),
  ...teamDuesFields,
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

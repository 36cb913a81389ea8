/**
 * The draft editor's form (issue 22 point 6): PUT /api/admin/drafts/{id} takes the whole draft (its name, season,
 * fees, plans, protection and waiver) and the server saves it through the staff draft service, which sends `updated`
 * on `team.draft.{id}` so every open preview reloads. The fee fields and rules are the team form's (./admin-team.ts).
 */
import { z } from 'zod/mini';
import {
  ADMIN_ID_MAX,
  idTextToId,
  optionalIdField,
  textField,
  WAIVER_MAX_LENGTH,
  WAIVER_TOO_LONG,
} from './admin-fields.ts';
import { type AdminTeamValues, depositWithinDues, teamFeeShape, teamFeesOfValues } from './admin-team.ts';

export const DRAFT_NAME_REQUIRED = 'Enter the team’s name.';

export const adminDraftBodySchema = z
  .object({
    name: textField(DRAFT_NAME_REQUIRED),
    season_id: optionalIdField,
    ...teamFeeShape,
    waiver: z.nullable(z.string().check(z.trim(), z.maxLength(WAIVER_MAX_LENGTH, WAIVER_TOO_LONG))),
  })
  .check(depositWithinDues);
export type AdminDraftBody = z.output<typeof adminDraftBodySchema>;

/** The team form's values, with the season ('' for none yet) and the waiver ('' for none). */
export type AdminDraftValues = AdminTeamValues & { season_id: string; waiver: string };

export const adminDraftFormSchema = z.pipe(
  z.transform((values: AdminDraftValues) => ({
    name: values.name,
    season_id: idTextToId(values.season_id),
    ...teamFeesOfValues(values),
    waiver: values.waiver.trim() === '' ? null : values.waiver,
  })),
  adminDraftBodySchema,
);

export function toAdminDraftBody(values: AdminDraftValues): AdminDraftBody | null {
  const result = adminDraftFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

export const DRAFT_TEAM_REQUIRED = 'Choose the team the draft starts from.';

/** POST /api/admin/organizations/{id}/drafts: a new draft starts as a copy of one of the organization's teams. */
export const adminNewDraftBodySchema = z.object({
  team_id: z
    .int({ error: DRAFT_TEAM_REQUIRED })
    .check(z.minimum(1, DRAFT_TEAM_REQUIRED), z.maximum(ADMIN_ID_MAX, DRAFT_TEAM_REQUIRED)),
});
export type AdminNewDraftBody = z.output<typeof adminNewDraftBodySchema>;

/** The 'New draft' form's values: the team the draft starts from, '' before one is chosen. */
export type AdminNewDraftValues = { team_id: string };

export const EMPTY_ADMIN_NEW_DRAFT: AdminNewDraftValues = { team_id: '' };

/** The 'New draft' form's schema: the chosen team's id, then the body's rule ('Choose the team the draft starts from.'). */
export const adminNewDraftFormSchema = z.pipe(
  z.transform((values: AdminNewDraftValues) => ({ team_id: idTextToId(values.team_id) })),
  adminNewDraftBodySchema,
);

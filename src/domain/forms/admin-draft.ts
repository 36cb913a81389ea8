/**
 * The draft editor's form (issue 22 point 6): PUT /api/admin/drafts/{id} takes the whole draft (its name, season,
 * fees, plans, protection and waiver) and the server saves it through the staff draft service, which sends `updated`
 * on `team.draft.{id}` so every open preview reloads. The fee fields and rules are the team form's (./admin-team.ts).
 * Issue 31 point 4: beside the waiver, its Spanish text (`waiver_es`), as in the settings (./admin-settings.ts).
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import {
  ADMIN_ID_MAX,
  idTextToId,
  optionalIdField,
  textField,
  WAIVER_MAX_LENGTH,
  WAIVER_TOO_LONG,
} from './admin-fields.ts';
import { spanishWaiverHasEnglish, WAIVER_ES_WITHOUT_WAIVER } from './admin-settings.ts';
import { type AdminTeamValues, depositWithinDues, teamFeeShape, teamFeesOfValues } from './admin-team.ts';

export const DRAFT_NAME_REQUIRED = 'form.teamNameRequired' satisfies FormKey;

const waiverField = z.nullable(z.string().check(z.trim(), z.maxLength(WAIVER_MAX_LENGTH, WAIVER_TOO_LONG)));

export const adminDraftBodySchema = z
  .object({
    name: textField(DRAFT_NAME_REQUIRED),
    season_id: optionalIdField,
    ...teamFeeShape,
    waiver: waiverField,
    /** Issue 31 point 4: the waiver's Spanish text; null: none; absent: unchanged. */
    waiver_es: z.optional(waiverField),
  })
  .check(
    depositWithinDues,
    z.refine<{ waiver: string | null; waiver_es?: string | null | undefined }>(spanishWaiverHasEnglish, {
      message: WAIVER_ES_WITHOUT_WAIVER,
      path: ['waiver_es'],
    }),
  );
export type AdminDraftBody = z.output<typeof adminDraftBodySchema>;

/** The team form's values, with the season ('' for none yet) and the waiver and its Spanish text ('' for none). */
export type AdminDraftValues = AdminTeamValues & { season_id: string; waiver: string; waiver_es: string };

/** What the form's schema reads: the form's values, or a caller's without the Spanish text (then left as it is). */
export type AdminDraftInput = Omit<AdminDraftValues, 'waiver_es'> & { waiver_es?: string };

function draftFormSchemaOf<T extends AdminDraftInput>() {
  return z.pipe(
    z.transform((values: T) => ({
      name: values.name,
      season_id: idTextToId(values.season_id),
      ...teamFeesOfValues(values),
      waiver: values.waiver.trim() === '' ? null : values.waiver,
      // Left out when the values leave it out: the Spanish text stays as it is.
      ...(values.waiver_es === undefined
        ? {}
        : { waiver_es: values.waiver_es.trim() === '' ? null : values.waiver_es }),
    })),
    adminDraftBodySchema,
  );
}

/** The draft form's schema over its values, every field present (`useForm`'s schema). */
export const adminDraftFormSchema = draftFormSchemaOf<AdminDraftValues>();
const draftInputSchema = draftFormSchemaOf<AdminDraftInput>();

export function toAdminDraftBody(values: AdminDraftInput): AdminDraftBody | null {
  const result = draftInputSchema.safeParse(values);
  return result.success ? result.data : null;
}

export const DRAFT_TEAM_REQUIRED = 'form.draftTeamRequired' satisfies FormKey;

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

/**
 * The console's season form (issue 22 point 2): POST /api/admin/organizations/{id}/seasons and PUT
 * /api/admin/seasons/{id} take this body; monthly instalments fall on the day of `first_installment_on`.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { dateField, textField } from './admin-fields.ts';

export const SEASON_NAME_REQUIRED = 'form.seasonNameRequired' satisfies FormKey;
export const SEASON_START_REQUIRED = 'form.seasonStartRequired' satisfies FormKey;
export const SEASON_FIRST_INSTALLMENT_REQUIRED = 'form.firstInstalmentRequired' satisfies FormKey;

// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminSeasonValues = { name: string; start_date: string; first_installment_on: string };

export const EMPTY_ADMIN_SEASON: AdminSeasonValues = { name: '', start_date: '', first_installment_on: '' };

/** The wire body; its values are the form's (text), trimmed. */
export const adminSeasonBodySchema = z.object({
  name: textField(SEASON_NAME_REQUIRED),
  start_date: dateField(SEASON_START_REQUIRED),
  first_installment_on: dateField(SEASON_FIRST_INSTALLMENT_REQUIRED),
});

export type AdminSeasonBody = z.output<typeof adminSeasonBodySchema>;

export const adminSeasonFormSchema = adminSeasonBodySchema;

/** The body for valid form values, else null. */
export function toAdminSeasonBody(values: AdminSeasonValues): AdminSeasonBody | null {
  const result = adminSeasonBodySchema.safeParse(values);
  return result.success ? result.data : null;
}

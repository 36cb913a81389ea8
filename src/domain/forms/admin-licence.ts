/**
 * The console's licence forms (issue 22 point 2): a team licence (POST /api/admin/teams/{id}/licences), a coach
 * licence (POST /api/admin/organizations/{id}/coach-licences, optionally ending on a date) and a licence's seats and
 * pause (PUT /api/admin/licences/{code}). Codes are stored upper-case; a code already in use answers 422 on `code`.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { codeField, DATE_INVALID, dateField, wholeField, wholeTextToNumber } from './admin-fields.ts';

export const SEATS_MAX = 100_000;
export const SEATS_REQUIRED = 'form.seatsRequired' satisfies FormKey;
export const SEATS_INVALID = 'form.seatsInvalid' satisfies FormKey;
export const CODE_TAKEN = 'form.codeTaken' satisfies FormKey;
export const LICENCE_CHANGE_REQUIRED = 'form.licenceChangeRequired' satisfies FormKey;
export const COACH_EXPIRY_REQUIRED = 'form.coachExpiryRequired' satisfies FormKey;
export const PAUSED_BOOLEAN = 'form.pausedBoolean' satisfies FormKey;

const seatsField = wholeField(SEATS_REQUIRED, SEATS_INVALID, 0, SEATS_MAX);

export const adminLicenceBodySchema = z.object({ code: codeField, seats: seatsField });
export type AdminLicenceBody = z.output<typeof adminLicenceBodySchema>;

/** A coach licence: `expires_on` null gives a claiming coach a year of access (server/services/licences.ts). */
export const adminCoachLicenceBodySchema = z.object({
  code: codeField,
  seats: seatsField,
  expires_on: z.nullable(dateField(COACH_EXPIRY_REQUIRED)),
});
export type AdminCoachLicenceBody = z.output<typeof adminCoachLicenceBodySchema>;

export const adminLicenceUpdateBodySchema = z
  .object({
    available_licenses: z.optional(wholeField(SEATS_REQUIRED, SEATS_INVALID, 0, SEATS_MAX)),
    paused: z.optional(z.boolean({ error: PAUSED_BOOLEAN })),
  })
  .check(
    z.refine((body) => body.available_licenses !== undefined || body.paused !== undefined, {
      message: LICENCE_CHANGE_REQUIRED,
      path: ['available_licenses'],
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
  );
export type AdminLicenceUpdateBody = z.output<typeof adminLicenceUpdateBodySchema>;

// Type aliases, not interfaces: they then fit useForm's Record<string, string>.
export type AdminLicenceValues = { code: string; seats: string };
/** `expires_on` '' for none. */
export type AdminCoachLicenceValues = { code: string; seats: string; expires_on: string };
export type AdminSeatsValues = { available_licenses: string };

export const EMPTY_ADMIN_LICENCE: AdminLicenceValues = { code: '', seats: '' };
export const EMPTY_ADMIN_COACH_LICENCE: AdminCoachLicenceValues = { code: '', seats: '', expires_on: '' };

export const adminLicenceFormSchema = z.pipe(
  z.transform((values: AdminLicenceValues) => ({ code: values.code, seats: wholeTextToNumber(values.seats) })),
  adminLicenceBodySchema,
);

export const adminCoachLicenceFormSchema = z.pipe(
  z.transform((values: AdminCoachLicenceValues) => ({
    code: values.code,
    seats: wholeTextToNumber(values.seats),
    expires_on: values.expires_on.trim() === '' ? null : values.expires_on,
  })),
  adminCoachLicenceBodySchema,
);

/** The seats field of a licence row (the pause is a button: it sends `{ paused }` alone). */
export const adminSeatsFormSchema = z.pipe(
  z.transform((values: AdminSeatsValues) => ({ available_licenses: wholeTextToNumber(values.available_licenses) })),
  z.object({ available_licenses: seatsField }),
);

export function toAdminLicenceBody(values: AdminLicenceValues): AdminLicenceBody | null {
  const result = adminLicenceFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

export function toAdminCoachLicenceBody(values: AdminCoachLicenceValues): AdminCoachLicenceBody | null {
  const result = adminCoachLicenceFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

export { DATE_INVALID };

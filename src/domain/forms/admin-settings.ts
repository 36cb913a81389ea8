/**
 * The console's organization settings form (issue 22 point 2): PUT /api/admin/organizations/{id}/settings takes the
 * waiver text families accept and the household discounts (src/domain/household.ts applies them): the percent off
 * the 2nd athlete's dues in a season and off the 3rd and every further one, or none (`household_discount: null`).
 *
 * The form has the two percents as fields of their own ('' and '' for none); the body nests them, so the server's
 * 422 names `household_discount.second_percent`: `settingsFieldOf` maps such a key to the form's field.
 */
import { z } from 'zod/mini';
import { percentField, WAIVER_MAX_LENGTH, WAIVER_TOO_LONG, wholeTextToNumber } from './admin-fields.ts';

export const SECOND_PERCENT_REQUIRED = 'Enter the percent off the 2nd athlete (0 for none).';
export const FURTHER_PERCENT_REQUIRED = 'Enter the percent off the 3rd and every further athlete (0 for none).';

const waiverText = z.string().check(z.trim(), z.maxLength(WAIVER_MAX_LENGTH, WAIVER_TOO_LONG));
const waiverField = z.nullable(waiverText);

export const adminSettingsBodySchema = z.object({
  waiver: waiverField,
  household_discount: z.nullable(
    z.object({
      second_percent: percentField(SECOND_PERCENT_REQUIRED),
      further_percent: percentField(FURTHER_PERCENT_REQUIRED),
    }),
  ),
});
export type AdminSettingsBody = z.output<typeof adminSettingsBodySchema>;

// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminSettingsValues = { waiver: string; second_percent: string; further_percent: string };

/** Both percents empty: no household discount; one of them filled: the other is asked for. */
export const adminSettingsFormSchema = z.pipe(
  z.transform((values: AdminSettingsValues) => ({
    waiver: values.waiver,
    second_percent: wholeTextToNumber(values.second_percent) ?? null,
    further_percent: wholeTextToNumber(values.further_percent) ?? null,
  })),
  z
    .object({
      waiver: waiverText,
      second_percent: z.nullable(percentField(SECOND_PERCENT_REQUIRED)),
      further_percent: z.nullable(percentField(FURTHER_PERCENT_REQUIRED)),
    })
    .check(
      z.refine((parsed) => parsed.second_percent !== null || parsed.further_percent === null, {
        message: SECOND_PERCENT_REQUIRED,
        path: ['second_percent'],
      }),
      z.refine((parsed) => parsed.further_percent !== null || parsed.second_percent === null, {
        message: FURTHER_PERCENT_REQUIRED,
        path: ['further_percent'],
      }),
    ),
);

/** The form's field of a server 422 key: `household_discount.second_percent` → `second_percent`. */
export function settingsFieldOf(key: string): keyof AdminSettingsValues | null {
  if (key === 'waiver') return 'waiver';
  if (key === 'household_discount.second_percent' || key === 'household_discount') return 'second_percent';
  if (key === 'household_discount.further_percent') return 'further_percent';
  return null;
}

export function toAdminSettingsBody(values: AdminSettingsValues): AdminSettingsBody | null {
  const result = adminSettingsFormSchema.safeParse(values);
  if (!result.success) return null;
  const { waiver, second_percent, further_percent } = result.data;
  return {
    waiver: waiver === '' ? null : waiver,
    household_discount:
      second_percent === null || further_percent === null ? null : { second_percent, further_percent },
  };
}

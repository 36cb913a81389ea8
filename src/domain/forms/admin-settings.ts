/**
 * The console's organization settings form (issue 22 point 2): PUT /api/admin/organizations/{id}/settings takes the
 * waiver text families accept and the household discounts (src/domain/household.ts applies them): the percent off
 * the 2nd athlete's dues in a season and off the 3rd and every further one, or none (`household_discount: null`).
 *
 * The form has the two percents as fields of their own ('' and '' for none); the body nests them, so the server's
 * 422 names `household_discount.second_percent`: `settingsFieldOf` maps such a key to the form's field.
 *
 * Issue 31 point 4: beside the waiver, its Spanish text (`waiver_es`, '' for none), which Spanish pages show instead
 * of the English one. It is the waiver's translation, so it needs the English waiver; the body may leave it out (the
 * Spanish text then stays as it is, unless the waiver is removed, which removes it too).
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { percentField, WAIVER_MAX_LENGTH, WAIVER_TOO_LONG, wholeTextToNumber } from './admin-fields.ts';

export const SECOND_PERCENT_REQUIRED = 'form.secondPercentRequired' satisfies FormKey;
export const FURTHER_PERCENT_REQUIRED = 'form.furtherPercentRequired' satisfies FormKey;
/** Issue 31 point 4: a Spanish waiver with no English one. */
export const WAIVER_ES_WITHOUT_WAIVER = 'form.waiverEsWithoutWaiver' satisfies FormKey;

const waiverText = z.string().check(z.trim(), z.maxLength(WAIVER_MAX_LENGTH, WAIVER_TOO_LONG));
const waiverField = z.nullable(waiverText);

/** Whether a Spanish waiver comes with the English one it translates (none at all is fine too). */
export function spanishWaiverHasEnglish(texts: {
  readonly waiver: string | null;
  readonly waiver_es?: string | null | undefined;
}): boolean {
  const spanish = texts.waiver_es ?? '';
  return spanish.trim() === '' || (texts.waiver ?? '').trim() !== '';
}

const spanishNeedsEnglish = z.refine<{ waiver: string | null; waiver_es?: string | null | undefined }>(
  spanishWaiverHasEnglish,
  {
    message: WAIVER_ES_WITHOUT_WAIVER,
    path: ['waiver_es'],
  },
);

export const adminSettingsBodySchema = z
  .object({
    waiver: waiverField,
    /** Issue 31 point 4: the waiver's Spanish text; null: none; absent: unchanged. */
    waiver_es: z.optional(waiverField),
    household_discount: z.nullable(
      z.object({
        second_percent: percentField(SECOND_PERCENT_REQUIRED),
        further_percent: percentField(FURTHER_PERCENT_REQUIRED),
      }),
    ),
  })
  .check(spanishNeedsEnglish);
export type AdminSettingsBody = z.output<typeof adminSettingsBodySchema>;

// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminSettingsValues = {
  waiver: string;
  waiver_es: string;
  second_percent: string;
  further_percent: string;
};

/**
 * What the form's schema reads: the form's values, or a caller's without the Spanish text (the body then leaves the
 * Spanish text as it is).
 */
export type AdminSettingsInput = Omit<AdminSettingsValues, 'waiver_es'> & { waiver_es?: string };

/** Both percents empty: no household discount; one of them filled: the other is asked for. */
function settingsFormSchemaOf<T extends AdminSettingsInput>() {
  return z.pipe(
    z.transform((values: T) => ({
      waiver: values.waiver,
      waiver_es: values.waiver_es ?? '',
      second_percent: wholeTextToNumber(values.second_percent) ?? null,
      further_percent: wholeTextToNumber(values.further_percent) ?? null,
    })),
    z
      .object({
        waiver: waiverText,
        waiver_es: waiverText,
        second_percent: z.nullable(percentField(SECOND_PERCENT_REQUIRED)),
        further_percent: z.nullable(percentField(FURTHER_PERCENT_REQUIRED)),
      })
      .check(
        spanishNeedsEnglish,
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
}

/** The settings form's schema, over values that may leave the Spanish text out. */
export const adminSettingsFormSchema = settingsFormSchemaOf<AdminSettingsInput>();
/** The same over the console form's values, every field present (`useForm`'s schema). */
export const adminSettingsValuesSchema = settingsFormSchemaOf<AdminSettingsValues>();

/** The form's field of a server 422 key: `household_discount.second_percent` → `second_percent`. */
export function settingsFieldOf(key: string): keyof AdminSettingsValues | null {
  if (key === 'waiver') return 'waiver';
  if (key === 'waiver_es') return 'waiver_es';
  if (key === 'household_discount.second_percent' || key === 'household_discount') return 'second_percent';
  if (key === 'household_discount.further_percent') return 'further_percent';
  return null;
}

export function toAdminSettingsBody(values: AdminSettingsInput): AdminSettingsBody | null {
  const result = adminSettingsFormSchema.safeParse(values);
  if (!result.success) return null;
  const { waiver, waiver_es, second_percent, further_percent } = result.data;
  return {
    waiver: waiver === '' ? null : waiver,
    // Left out when the values leave it out: the Spanish text stays as it is.
    ...(values.waiver_es === undefined ? {} : { waiver_es: waiver_es === '' ? null : waiver_es }),
    household_discount:
      second_percent === null || further_percent === null ? null : { second_percent, further_percent },
  };
}

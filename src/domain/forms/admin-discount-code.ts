/**
 * The console's discount code form (issue 22 point 2): POST /api/admin/organizations/{id}/discount-codes. A code takes
 * a percent off the dues or a flat amount off (cents), exactly one of them, as the discount_codes table holds them
 * (src/domain/fees.ts applies them at checkout). Codes are stored upper-case; a code in use answers 422 on `code`.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { centsField, codeField, dollarsTextToCents, percentField, wholeTextToNumber } from './admin-fields.ts';

export const DISCOUNT_AMOUNT_REQUIRED = 'form.discountAmountRequired' satisfies FormKey;
export const DISCOUNT_ONE_AMOUNT = 'form.discountOneAmount' satisfies FormKey;
export const PERCENT_OFF_REQUIRED = 'form.percentOffRequired' satisfies FormKey;
export const FLAT_OFF_REQUIRED = 'form.flatOffRequired' satisfies FormKey;
export const IS_ACTIVE_BOOLEAN = 'form.isActiveBoolean' satisfies FormKey;

const when = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null;

export const adminDiscountCodeBodySchema = z
  .object({
    code: codeField,
    percent_off: z.nullable(percentField(PERCENT_OFF_REQUIRED)),
    flat_discount_cents: z.nullable(centsField(FLAT_OFF_REQUIRED)),
    is_active: z.optional(z.boolean({ error: IS_ACTIVE_BOOLEAN })),
  })
  .check(
    z.refine((body) => body.percent_off !== null || body.flat_discount_cents !== null, {
      message: DISCOUNT_AMOUNT_REQUIRED,
      path: ['percent_off'],
      when,
    }),
    z.refine((body) => body.percent_off === null || body.flat_discount_cents === null, {
      message: DISCOUNT_ONE_AMOUNT,
      path: ['percent_off'],
      when,
    }),
  );
export type AdminDiscountCodeBody = z.output<typeof adminDiscountCodeBodySchema>;

/** The form: the code, and one of the percent off (whole number) or the amount off (dollars); '' for the other. */
// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminDiscountCodeValues = { code: string; percent_off: string; flat_discount_cents: string };

export const EMPTY_ADMIN_DISCOUNT_CODE: AdminDiscountCodeValues = {
  code: '',
  percent_off: '',
  flat_discount_cents: '',
};

export const adminDiscountCodeFormSchema = z.pipe(
  z.transform((values: AdminDiscountCodeValues) => ({
    code: values.code,
    percent_off: wholeTextToNumber(values.percent_off) ?? null,
    flat_discount_cents: dollarsTextToCents(values.flat_discount_cents) ?? null,
  })),
  adminDiscountCodeBodySchema,
);

export function toAdminDiscountCodeBody(values: AdminDiscountCodeValues): AdminDiscountCodeBody | null {
  const result = adminDiscountCodeFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

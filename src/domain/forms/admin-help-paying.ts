/**
 * Issue 34, the owner's help paying settings in the console (the set-up page's settings): whether the organization
 * offers financial assistance, whether it accepts check or cash, the instructions families get for it (whom to make
 * checks payable to, where to hand them in) and how many days a seat is held while the check or cash is awaited.
 * PUT /api/admin/organizations/{id}/help-paying takes the body; GET answers the same four values. The server keeps
 * the same rules (server/services/help-paying.ts: instructions needed to accept check or cash, 1 to 60 days), so its
 * 422 names the same fields. Messages: keys of the `helpPayingSettings` group, the server's texts.
 */
import { z } from 'zod/mini';
import type { FormMessage } from '../form-schema.ts';
import { SELECTION_INVALID, wholeTextToNumber } from './admin-fields.ts';

export const INSTRUCTIONS_MAX_LENGTH = 1000;
export const HOLD_DAYS_MIN = 1;
export const HOLD_DAYS_MAX = 60;
export const INSTRUCTIONS_REQUIRED = 'helpPayingSettings.instructionsRequired' satisfies FormMessage;
export const INSTRUCTIONS_TOO_LONG = 'helpPayingSettings.instructionsTooLong' satisfies FormMessage;
export const HOLD_DAYS_RANGE = 'helpPayingSettings.holdDaysRange' satisfies FormMessage;

/** The wire body (and GET's `settings`): instructions trimmed, null for none. */
export const adminHelpPayingBodySchema = z.object({
  offers_assistance: z.boolean({ error: SELECTION_INVALID }),
  accepts_check_or_cash: z.boolean({ error: SELECTION_INVALID }),
  check_or_cash_instructions: z.nullable(z.string().check(z.maxLength(INSTRUCTIONS_MAX_LENGTH, INSTRUCTIONS_TOO_LONG))),
  check_or_cash_hold_days: z
    .int({ error: HOLD_DAYS_RANGE })
    .check(z.minimum(HOLD_DAYS_MIN, HOLD_DAYS_RANGE), z.maximum(HOLD_DAYS_MAX, HOLD_DAYS_RANGE)),
});
export type AdminHelpPayingBody = z.output<typeof adminHelpPayingBodySchema>;

/** GET's settings as the server answers them (any whole number of days it stored). */
export const helpPayingSettingsSchema = z.object({
  offers_assistance: z.boolean(),
  accepts_check_or_cash: z.boolean(),
  check_or_cash_instructions: z.nullable(z.string()),
  check_or_cash_hold_days: z.int(),
});
export type HelpPayingSettings = z.output<typeof helpPayingSettingsSchema>;

// A type alias, not an interface: it then fits useForm's Record<string, string>. Boxes: 'true' or 'false'.
export type AdminHelpPayingValues = {
  offers_assistance: string;
  accepts_check_or_cash: string;
  check_or_cash_instructions: string;
  check_or_cash_hold_days: string;
};

export const HELP_PAYING_FIELDS = [
  'offers_assistance',
  'accepts_check_or_cash',
  'check_or_cash_instructions',
  'check_or_cash_hold_days',
] as const satisfies readonly (keyof AdminHelpPayingValues)[];

/** The form's values as it opens with `settings`. */
export function helpPayingValuesOf(settings: HelpPayingSettings): AdminHelpPayingValues {
  return {
    offers_assistance: String(settings.offers_assistance),
    accepts_check_or_cash: String(settings.accepts_check_or_cash),
    check_or_cash_instructions: settings.check_or_cash_instructions ?? '',
    check_or_cash_hold_days: String(settings.check_or_cash_hold_days),
  };
}

const box = (text: string): boolean | undefined => (text === 'true' ? true : text === 'false' ? false : undefined);

/** Accepting check or cash needs the instructions families are e-mailed. */
const instructionsWhenAccepted = z.refine<AdminHelpPayingBody>(
  (body) => !body.accepts_check_or_cash || body.check_or_cash_instructions !== null,
  { message: INSTRUCTIONS_REQUIRED, path: ['check_or_cash_instructions'] },
);

/** The form's schema: boxes to booleans, the instructions trimmed ('' → null), the days to a whole number. */
export const adminHelpPayingFormSchema = z.pipe(
  z.transform((values: AdminHelpPayingValues) => {
    const instructions = values.check_or_cash_instructions.trim();
    return {
      offers_assistance: box(values.offers_assistance),
      accepts_check_or_cash: box(values.accepts_check_or_cash),
      check_or_cash_instructions: instructions === '' ? null : instructions,
      check_or_cash_hold_days: wholeTextToNumber(values.check_or_cash_hold_days),
    };
  }),
  adminHelpPayingBodySchema.check(instructionsWhenAccepted),
);

/**
 * Issue 34 point 1: 'Request financial assistance' on the payment page's step 1: the share of the dues asked for
 * (25, 50, 75 or 100 %), whether the children receive free or reduced-price school meals (optional) and a short
 * reason. One schema gives the form its field errors and guards the machine's 'Send request'
 * (assistance-request.machine.ts); the values' keys are the body's (docs/api.md), so a 422 lands on its field. Its
 * messages are keys of the `helpPaying` group (src/i18n/catalogues/<locale>/helpPaying.json), the server's texts.
 */
import { z } from 'zod/mini';
import { maxCharacters } from '../characters.ts';
import type { FormMessage } from '../form-schema.ts';

export const ASSISTANCE_SHARES = [25, 50, 75, 100] as const;
export type AssistanceShare = (typeof ASSISTANCE_SHARES)[number];
/** In characters as a person counts them (an emoji is one): characters.ts. */
export const ASSISTANCE_REASON_MAX_LENGTH = 500;

export const SHARE_REQUIRED = 'helpPaying.shareRequired' satisfies FormMessage;
export const REASON_REQUIRED = 'helpPaying.reasonRequired' satisfies FormMessage;
export const REASON_TOO_LONG = 'helpPaying.reasonTooLong' satisfies FormMessage;

/** The form's values as typed (useForm keeps strings): `share_percent` '' until chosen; the meals box 'yes' or ''. */
export type AssistanceRequestValues = { share_percent: string; free_or_reduced_meals: string; reason: string };
export const EMPTY_ASSISTANCE_REQUEST: AssistanceRequestValues = {
  share_percent: '',
  free_or_reduced_meals: '',
  reason: '',
};

export const assistanceRequestFormSchema = z.object({
  share_percent: z.enum(['25', '50', '75', '100'], { error: SHARE_REQUIRED }),
  free_or_reduced_meals: z.enum(['yes', '']),
  reason: z
    .string({ error: REASON_REQUIRED })
    .check(z.trim(), z.minLength(1, REASON_REQUIRED), maxCharacters(ASSISTANCE_REASON_MAX_LENGTH, REASON_TOO_LONG)),
});

/** What 'Send request' sends, once the form is valid. */
export interface AssistanceAnswers {
  share_percent: AssistanceShare;
  free_or_reduced_meals: boolean;
  reason: string;
}

/** The answers of valid form values, else null. */
export function toAssistanceAnswers(values: AssistanceRequestValues): AssistanceAnswers | null {
  const result = assistanceRequestFormSchema.safeParse(values);
  if (!result.success) return null;
  const share = ASSISTANCE_SHARES.find((percent) => String(percent) === result.data.share_percent);
  if (share === undefined) return null;
  return {
    share_percent: share,
    free_or_reduced_meals: result.data.free_or_reduced_meals === 'yes',
    reason: result.data.reason,
  };
}

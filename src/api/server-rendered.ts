/**
 * Payment data the server sent with the page (issue 14): /draft is rendered on the server with the draft's plans
 * (server/http/draft-preview-page.ts), and the same answer travels in a JSON script inside #root, so the preview
 * starts at the plans instead of asking again. Validated like every server object; React's first render replaces
 * #root's content, so the data is read once, by that render.
 *
 * The server renders the page in the language the site opens in (issue 31: the same order, src/i18n/detect.ts) and
 * says which (`locale`): its plans are named in it. Should the site open in another (a device that remembers another
 * language than its cookie says), the data is not used and the plans are asked for in the site's language.
 */
import { z } from 'zod/mini';
import { currentLocale } from '../i18n/runtime';
import { type PaymentData, paymentDataSchema } from './payment-data.schemas';

/** The script element's id (type application/json, never executed). */
export const DRAFT_PREVIEW_DATA_ID = 'draft-preview-data';

const serverRenderedDraft = z.object({ draft_id: z.number(), locale: z.optional(z.string()), data: paymentDataSchema });

/** The draft's payment data the page came with, or null (another draft or language, none sent, or not valid). */
export function serverRenderedDraftPlans(
  draftId: number,
  doc: Document = document,
  locale: string = currentLocale(),
): PaymentData | null {
  const text = doc.getElementById(DRAFT_PREVIEW_DATA_ID)?.textContent;
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = serverRenderedDraft.safeParse(json);
  if (!parsed.success || parsed.data.draft_id !== draftId) return null;
  return parsed.data.locale === undefined || parsed.data.locale === locale ? parsed.data.data : null;
}

/** Parses the payment data as the site does (wire dollars to cents); null when it is not valid. */
export function parsePaymentData(json: unknown): PaymentData | null {
  const parsed = paymentDataSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

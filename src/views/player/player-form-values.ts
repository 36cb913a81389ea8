/**
 * The player form's inputs hold text (useForm); the machine and src/domain hold numbers and null. The bridge and the
 * pages' schemas live in src/domain/forms/player-pages.ts (the machine's NEXT guards read the same rules); these names
 * stay for the views. What the inputs start with comes from player.connect.ts (pageOneStart, pageTwoStart).
 */
import { formErrors } from '../../domain/form-schema';
import {
  type FieldTexts,
  type PageOneField,
  type PageTwoField,
  playerFormValues,
  playerPageOneTextSchema,
  playerPageTwoTextSchema,
} from '../../domain/forms/player-pages';

export type { FieldTexts, PageOneField, PageTwoField };

/** The form values of `fields` from the inputs' texts. */
export const formValues = playerFormValues;

/** Page 1's field errors: the §5 messages of its schema. */
export function validatePageOne(texts: FieldTexts<PageOneField>): Partial<Record<PageOneField, string>> {
  return formErrors(playerPageOneTextSchema, texts);
}

/** Page 2's field errors. */
export function validatePageTwo(texts: FieldTexts<PageTwoField>): Partial<Record<PageTwoField, string>> {
  return formErrors(playerPageTwoTextSchema, texts);
}

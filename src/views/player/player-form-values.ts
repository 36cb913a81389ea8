/**
 * The player form's inputs hold text (useForm); the machine and src/domain hold numbers and null. The bridge and the
 * pages' schemas live in src/domain/forms/player-pages.ts (the machine's NEXT guards read the same rules); these names
 * stay for the views.
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
import type { PlayerField, PlayerProfileForm } from '../../domain/player-profile';

export type { FieldTexts, PageOneField, PageTwoField };

/** The text an input shows for a stored value: '' for null. */
export function fieldTexts<F extends PlayerField>(form: PlayerProfileForm, fields: readonly F[]): FieldTexts<F> {
  return Object.fromEntries(
    fields.map((field) => [field, form[field] === null ? '' : String(form[field])]),
  ) as FieldTexts<F>;
}

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

/**
 * The player form's inputs hold text (useForm); the machine and src/domain hold numbers and null. These two
 * conversions are the only bridge, so a select's '' always means "not chosen" and an id is always a number.
 */
import {
  PLAYER_PAGE_ONE_FIELDS,
  PLAYER_PAGE_TWO_FIELDS,
  type PlayerField,
  type PlayerProfileForm,
  playerFieldErrors,
} from '../../domain/player-profile';
import { EMPTY_PLAYER_FORM } from '../../machines/player.connect';

export type PageOneField = (typeof PLAYER_PAGE_ONE_FIELDS)[number];
export type PageTwoField = (typeof PLAYER_PAGE_TWO_FIELDS)[number];
export type FieldTexts<F extends PlayerField> = Record<F, string>;

/** The text an input shows for a stored value: '' for null. */
export function fieldTexts<F extends PlayerField>(form: PlayerProfileForm, fields: readonly F[]): FieldTexts<F> {
  return Object.fromEntries(
    fields.map((field) => [field, form[field] === null ? '' : String(form[field])]),
  ) as FieldTexts<F>;
}

function fieldValue(field: PlayerField, text: string): PlayerProfileForm[PlayerField] {
  if (text === '') return null;
  // Weight keeps the typed text (src/domain parseWeight decides whether it is numeric); gender is its f/m value.
  if (field === 'weight' || field === 'gender') return text;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The form values of `fields` from the inputs' texts. */
export function formValues<F extends PlayerField>(
  texts: FieldTexts<F>,
  fields: readonly F[],
): Pick<PlayerProfileForm, F> {
  return Object.fromEntries(fields.map((field) => [field, fieldValue(field, texts[field])])) as Pick<
    PlayerProfileForm,
    F
  >;
}

/** useForm's validate for page 1: the §5 messages of src/domain for the page's fields. */
export function validatePageOne(texts: FieldTexts<PageOneField>): Partial<Record<PageOneField, string>> {
  const form = { ...EMPTY_PLAYER_FORM, ...formValues(texts, PLAYER_PAGE_ONE_FIELDS) };
  return playerFieldErrors(form, PLAYER_PAGE_ONE_FIELDS) as Partial<Record<PageOneField, string>>;
}

/** useForm's validate for page 2. */
export function validatePageTwo(texts: FieldTexts<PageTwoField>): Partial<Record<PageTwoField, string>> {
  const form = { ...EMPTY_PLAYER_FORM, ...formValues(texts, PLAYER_PAGE_TWO_FIELDS) };
  return playerFieldErrors(form, PLAYER_PAGE_TWO_FIELDS) as Partial<Record<PageTwoField, string>>;
}

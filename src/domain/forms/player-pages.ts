/**
 * The two player profile pages (spec §2 Player profile, §5 Player page 1 and 2): every field of a page valid, each
 * invalid one with its §5 message ('Birth month is required.', …, keys of the `form` catalogue group). The rules are
 * src/domain/player-profile.ts; these schemas carry them to the views (over the inputs' texts) and to the player
 * machine's NEXT guards (over the form).
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import {
  isPlayerFieldValid,
  PLAYER_PAGE_ONE_FIELDS,
  PLAYER_PAGE_TWO_FIELDS,
  type PlayerField,
  type PlayerProfileForm,
} from '../player-profile.ts';

/** The message each field shows when invalid and touched or dirty (§5, word for word in the English catalogue). */
export const PLAYER_FIELD_MESSAGES: Readonly<Record<PlayerField, FormKey>> = {
  birthMonth: 'form.birthMonthRequired',
  birthDay: 'form.birthDayRequired',
  birthYear: 'form.birthYearRequired',
  heightFeet: 'form.heightRequired',
  heightInches: 'form.inchesRequired',
  weight: 'form.weightRequired',
  gender: 'form.genderRequired',
  sport: 'form.sportRequired',
  position: 'form.positionRequired',
  seasonStatus: 'form.seasonStatusRequired',
  experienceLifting: 'form.liftingRequired',
  experienceAgility: 'form.agilityRequired',
  experienceUpperPlyo: 'form.upperPlyometricsRequired',
  experienceLowerPlyo: 'form.lowerPlyometricsRequired',
  weightGoal: 'form.weightGoalRequired',
};

export const EMPTY_PLAYER_FORM: PlayerProfileForm = {
  birthMonth: null,
  birthDay: null,
  birthYear: null,
  heightFeet: null,
  heightInches: null,
  weight: null,
  gender: null,
  sport: null,
  position: null,
  seasonStatus: null,
  experienceLifting: null,
  experienceAgility: null,
  experienceUpperPlyo: null,
  experienceLowerPlyo: null,
  weightGoal: null,
};

export type PageOneField = (typeof PLAYER_PAGE_ONE_FIELDS)[number];
export type PageTwoField = (typeof PLAYER_PAGE_TWO_FIELDS)[number];
/** What a page's inputs hold: text, '' for "not chosen". */
export type FieldTexts<F extends PlayerField> = Record<F, string>;

const nullableId = z.nullable(z.number());
const formShape = z.object({
  birthMonth: nullableId,
  birthDay: nullableId,
  birthYear: nullableId,
  heightFeet: nullableId,
  heightInches: nullableId,
  weight: z.nullable(z.union([z.string(), z.number()])),
  gender: z.nullable(z.string()),
  sport: nullableId,
  position: nullableId,
  seasonStatus: nullableId,
  experienceLifting: nullableId,
  experienceAgility: nullableId,
  experienceUpperPlyo: nullableId,
  experienceLowerPlyo: nullableId,
  weightGoal: nullableId,
});

/** A page's schema over the whole form: one §5 message per invalid field of the page (fields depend on each other). */
function pageSchema(fields: readonly PlayerField[]) {
  return formShape.check((payload) => {
    for (const field of fields) {
      if (!isPlayerFieldValid(payload.value, field)) {
        payload.issues.push({
          code: 'custom',
          message: PLAYER_FIELD_MESSAGES[field],
          path: [field],
          input: payload.value[field],
        });
      }
    }
  });
}

export const playerPageOneSchema = pageSchema(PLAYER_PAGE_ONE_FIELDS);
export const playerPageTwoSchema = pageSchema(PLAYER_PAGE_TWO_FIELDS);

function fieldValue(field: PlayerField, text: string): PlayerProfileForm[PlayerField] {
  if (text === '') return null;
  // Weight keeps the typed text (parseWeight decides whether it is numeric); gender is its f/m value.
  if (field === 'weight' || field === 'gender') return text;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The form values of `fields` from the inputs' texts: the one bridge between text inputs and the form's numbers. */
export function playerFormValues<F extends PlayerField>(
  texts: FieldTexts<F>,
  fields: readonly F[],
): Pick<PlayerProfileForm, F> {
  return Object.fromEntries(fields.map((field) => [field, fieldValue(field, texts[field])])) as Pick<
    PlayerProfileForm,
    F
  >;
}

/** A page's schema over its inputs' texts (the view's useForm): the texts become the form, then the page's rules. */
function pageTextSchema<F extends PlayerField>(fields: readonly F[], schema: typeof playerPageOneSchema) {
  return z.pipe(
    z.transform(
      (texts: FieldTexts<F>): PlayerProfileForm => ({ ...EMPTY_PLAYER_FORM, ...playerFormValues(texts, fields) }),
    ),
    schema,
  );
}

export const playerPageOneTextSchema = pageTextSchema(PLAYER_PAGE_ONE_FIELDS, playerPageOneSchema);
export const playerPageTwoTextSchema = pageTextSchema(PLAYER_PAGE_TWO_FIELDS, playerPageTwoSchema);

/**
 * Player profile rules (spec §2 Player profile, §3 Player profile payload, §5 Player pages, §7 POST /api/player):
 * the gender options, sorting, each field's validity and the pages', and the payload in both namings. The message of an
 * invalid field is a catalogue key, src/domain/forms/player-pages.ts PLAYER_FIELD_MESSAGES.
 */
import { isBirthYear, isValidBirthDay } from './date-lists.ts';

/** Gender values sent as `sex` (§9: f and m) with the labels the form shows (§2: Female or Male). */
export const GENDER_OPTIONS = [
  { value: 'f', label: 'Female' },
  { value: 'm', label: 'Male' },
] as const;

/** A gender value the server accepts (§9). */
export type Sex = (typeof GENDER_OPTIONS)[number]['value'];

/** Whether a value is one of the §9 gender values. */
export function isSex(value: string | null | undefined): value is Sex {
  return GENDER_OPTIONS.some((option) => option.value === value);
}

/** A copy sorted by name, case-insensitively with numbers in numeric order (§5: sports and positions by name). */
export function sortByName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => collator.compare(a.name, b.name));
}

/** The positions of one sport, sorted by name (§2: only those of the chosen sport; §5 sorted by name). */
export function positionsForSport<P extends { readonly name: string; readonly sport_id: number }>(
  positions: readonly P[],
  sportId: number | null | undefined,
): P[] {
  if (sportId === null || sportId === undefined) {
    return [];
  }
  return sortByName(positions.filter((position) => position.sport_id === sportId));
}

/** The player form's values (§2 Player profile pages) as the inputs hold them; null is "not chosen". */
export interface PlayerProfileForm {
  readonly birthMonth: number | null;
  readonly birthDay: number | null;
  readonly birthYear: number | null;
  readonly heightFeet: number | null;
  readonly heightInches: number | null;
  readonly weight: string | number | null;
  readonly gender: string | null;
  readonly sport: number | null;
  readonly position: number | null;
  readonly seasonStatus: number | null;
  readonly experienceLifting: number | null;
  readonly experienceAgility: number | null;
  readonly experienceUpperPlyo: number | null;
  readonly experienceLowerPlyo: number | null;
  readonly weightGoal: number | null;
}

/** One field of the player form (§5 Player pages). */
export type PlayerField = keyof PlayerProfileForm;

/** The fields of page 1, in form order (§5). */
export const PLAYER_PAGE_ONE_FIELDS = [
  'birthMonth',
  'birthDay',
  'birthYear',
  'heightFeet',
  'heightInches',
  'weight',
  'gender',
  'sport',
  'position',
  'seasonStatus',
] as const satisfies readonly PlayerField[];

/** The fields of page 2, in form order (§5: lifting, speed ladder, medicine ball, plyometric jump, weight goal). */
export const PLAYER_PAGE_TWO_FIELDS = [
  'experienceLifting',
  'experienceAgility',
  'experienceUpperPlyo',
  'experienceLowerPlyo',
  'weightGoal',
] as const satisfies readonly PlayerField[];

/** The weight in lbs when it is a positive number, else null (§5: weight is numeric). */
export function parseWeight(weight: string | number | null): number | null {
  if (weight === null) {
    return null;
  }
  const text = String(weight).trim();
  if (!/^\d+(\.\d+)?$/u.test(text)) {
    return null;
  }
  const value = Number(text);
  return value > 0 ? value : null;
}

function inRange(value: number | null, first: number, last: number): boolean {
  return value !== null && Number.isInteger(value) && value >= first && value <= last;
}

function isChosen(value: number | null): boolean {
  return value !== null && Number.isFinite(value);
}

/** Whether one field holds a valid value (§5): a real birth date part, offered height, numeric weight, f/m, ids. */
export function isPlayerFieldValid(form: PlayerProfileForm, field: PlayerField): boolean {
  switch (field) {
    case 'birthMonth':
      return inRange(form.birthMonth, 1, 12);
    case 'birthDay':
      // An unusable month is the month's error, not the day's: the day is then only checked against 1-31.
      return (
        form.birthDay !== null &&
        (inRange(form.birthMonth, 1, 12) && form.birthMonth !== null
          ? isValidBirthDay(form.birthMonth, form.birthDay, form.birthYear)
          : inRange(form.birthDay, 1, 31))
      );
    case 'birthYear':
      return form.birthYear !== null && isBirthYear(form.birthYear);
    case 'heightFeet':
      return inRange(form.heightFeet, 3, 8);
    case 'heightInches':
      return inRange(form.heightInches, 0, 11);
    case 'weight':
      return parseWeight(form.weight) !== null;
    case 'gender':
      return isSex(form.gender);
    default:
      return isChosen(form[field]);
  }
}

/** Whether a page's 'Next' is enabled: every field of that page valid (§2, §5). */
export function isPlayerPageValid(form: PlayerProfileForm, page: 1 | 2): boolean {
  const fields = page === 1 ? PLAYER_PAGE_ONE_FIELDS : PLAYER_PAGE_TWO_FIELDS;
  return fields.every((field) => isPlayerFieldValid(form, field));
}

/** Height in inches = 12 × feet + inches (§5). */
export function heightInInches(feet: number, inches: number): number {
  return 12 * feet + inches;
}

/** The birthdate text month/day/year without zero padding, e.g. '3/7/2012' (§5; docs/api.md 'M/D/YYYY'). */
export function birthdateText(month: number, day: number, year: number): string {
  return `${month}/${day}/${year}`;
}

/** The player profile payload in the form's naming (§3). */
export interface PlayerProfilePayload {
  birthdate: string;
  sex: Sex;
  weight: number;
  height: number;
  position: number;
  seasonStatus: number;
  experienceLifting: number;
  experienceAgility: number;
  experienceUpperPlyo: number;
  experienceLowerPlyo: number;
  weightGoal: number;
}

/** The player profile payload in the naming of the endpoint (§7 POST /api/player). */
export interface PlayerApiPayload {
  birthday: string;
  sex: Sex;
  weight: number;
  height: number;
  position: number;
  phase: number;
  lifting_experience: number;
  agility_experience: number;
  upper_plyometric_experience: number;
  lower_plyometric_experience: number;
  weight_goal: number;
}

/** The §3 payload of a form whose two pages are valid, else null (§5: birthdate and height are built here). */
export function toPlayerProfilePayload(form: PlayerProfileForm): PlayerProfilePayload | null {
  if (!isPlayerPageValid(form, 1) || !isPlayerPageValid(form, 2)) {
    return null;
  }
  // Validity above guarantees every value below is present; the checks only narrow the types.
  const { birthMonth, birthDay, birthYear, heightFeet, heightInches, gender, position, seasonStatus } = form;
  const { experienceLifting, experienceAgility, experienceUpperPlyo, experienceLowerPlyo, weightGoal } = form;
  const weight = parseWeight(form.weight);
  if (
    birthMonth === null ||
    birthDay === null ||
    birthYear === null ||
    heightFeet === null ||
    heightInches === null ||
    weight === null ||
    !isSex(gender) ||
    position === null ||
    seasonStatus === null ||
    experienceLifting === null ||
    experienceAgility === null ||
    experienceUpperPlyo === null ||
    experienceLowerPlyo === null ||
    weightGoal === null
  ) {
    return null;
  }
  return {
    birthdate: birthdateText(birthMonth, birthDay, birthYear),
    sex: gender,
    weight,
    height: heightInInches(heightFeet, heightInches),
    position,
    seasonStatus,
    experienceLifting,
    experienceAgility,
    experienceUpperPlyo,
    experienceLowerPlyo,
    weightGoal,
  };
}

/**
 * Maps the §3 form naming to the §7 endpoint naming, the mapping §3 leaves unshown. It pairs the fields by meaning:
 * birthdate→birthday, seasonStatus→phase (the season statuses are the `phase` options of GET /api/player/create),
 * experienceLifting→lifting_experience, experienceAgility→agility_experience (speed ladder),
 * experienceUpperPlyo→upper_plyometric_experience (medicine ball), experienceLowerPlyo→lower_plyometric_experience
 * (plyometric jump), weightGoal→weight_goal; sex, weight, height and position keep their names.
 */
export function toPlayerApiPayload(payload: PlayerProfilePayload): PlayerApiPayload {
  return {
    birthday: payload.birthdate,
    sex: payload.sex,
    weight: payload.weight,
    height: payload.height,
    position: payload.position,
    phase: payload.seasonStatus,
    lifting_experience: payload.experienceLifting,
    agility_experience: payload.experienceAgility,
    upper_plyometric_experience: payload.experienceUpperPlyo,
    lower_plyometric_experience: payload.experienceLowerPlyo,
    weight_goal: payload.weightGoal,
  };
}

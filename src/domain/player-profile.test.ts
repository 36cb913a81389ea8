import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { t } from '../i18n/runtime.ts';
import { PLAYER_FIELD_MESSAGES } from './forms/player-pages.ts';
import {
  birthdateText,
  GENDER_OPTIONS,
  heightInInches,
  isPlayerFieldValid,
  isPlayerPageValid,
  PLAYER_PAGE_ONE_FIELDS,
  PLAYER_PAGE_TWO_FIELDS,
  type PlayerField,
  type PlayerProfileForm,
  parseWeight,
  positionsForSport,
  sortByName,
  toPlayerApiPayload,
  toPlayerProfilePayload,
} from './player-profile.ts';

const complete: PlayerProfileForm = {
  birthMonth: 3,
  birthDay: 7,
  birthYear: 2012,
  heightFeet: 4,
  heightInches: 0,
  weight: '85',
  gender: 'm',
  sport: 1,
  position: 4,
  seasonStatus: 2,
  experienceLifting: 10,
  experienceAgility: 11,
  experienceUpperPlyo: 12,
  experienceLowerPlyo: 13,
  weightGoal: 20,
};

const empty: PlayerProfileForm = {
  birthMonth: null,
  birthDay: null,
  birthYear: null,
  heightFeet: null,
  heightInches: null,
  weight: '',
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

describe('gender and sorting (§5, §9)', () => {
  it('offers f and m as Female and Male', () => {
    expect(GENDER_OPTIONS).toEqual([
      { value: 'f', label: 'Female' },
      { value: 'm', label: 'Male' },
    ]);
  });

  it('sorts by name without changing the input', () => {
    const sports = [
      { id: 1, name: 'softball' },
      { id: 2, name: 'Baseball' },
      { id: 3, name: 'Basketball' },
    ];
    expect(sortByName(sports).map((sport) => sport.id)).toEqual([2, 3, 1]);
    expect(sports.map((sport) => sport.id)).toEqual([1, 2, 3]);
  });

  it('offers only the positions of the chosen sport, sorted', () => {
    const positions = [
      { id: 1, name: 'Shortstop', sport_id: 1 },
      { id: 2, name: 'Catcher', sport_id: 1 },
      { id: 3, name: 'Center', sport_id: 2 },
    ];
    expect(positionsForSport(positions, 1).map((position) => position.name)).toEqual(['Catcher', 'Shortstop']);
    expect(positionsForSport(positions, null)).toEqual([]);
  });
});

describe('required messages (§5)', () => {
  it('names every field word for word', () => {
    expect(PLAYER_PAGE_ONE_FIELDS.map((field) => t(PLAYER_FIELD_MESSAGES[field]))).toEqual([
      'Birth month is required.',
      'Birth day is required.',
      'Birth year is required.',
      'Height is required.',
      'Inches is required.',
      'Weight is required.',
      'Gender is required.',
      'Sport is required.',
      'Position is required.',
      'Season status is required.',
    ]);
    expect(PLAYER_PAGE_TWO_FIELDS.map((field) => t(PLAYER_FIELD_MESSAGES[field]))).toEqual([
      'Lifting Experience is required.',
      'Agility is required.',
      'Upper Plyometrics is required.',
      'Lower Plyometrics is required.',
      'Weight Goal is required.',
    ]);
  });

  it('finds every field invalid on an empty form and none on a complete one', () => {
    const allFields: PlayerField[] = [...PLAYER_PAGE_ONE_FIELDS, ...PLAYER_PAGE_TWO_FIELDS];
    expect(allFields.filter((field) => isPlayerFieldValid(empty, field))).toEqual([]);
    expect(allFields.filter((field) => !isPlayerFieldValid(complete, field))).toEqual([]);
    expect(isPlayerPageValid(complete, 1)).toBe(true);
    expect(isPlayerPageValid(complete, 2)).toBe(true);
    expect(isPlayerPageValid(empty, 1)).toBe(false);
  });

  it.each([
    ['birthMonth', { birthMonth: 13 }],
    ['birthDay', { birthMonth: 2, birthDay: 30 }],
    ['birthDay', { birthMonth: 2, birthDay: 29, birthYear: 2011 }],
    ['birthYear', { birthYear: 1970 }],
    ['birthYear', { birthYear: 2021 }],
    ['heightFeet', { heightFeet: 9 }],
    ['heightInches', { heightInches: 12 }],
    ['weight', { weight: 'heavy' }],
    ['weight', { weight: '0' }],
    ['weight', { weight: '-5' }],
    ['gender', { gender: 'x' }],
  ] satisfies [PlayerField, Partial<PlayerProfileForm>][])('rejects an invalid %s', (field, change) => {
    const form = { ...complete, ...change };
    expect(PLAYER_PAGE_ONE_FIELDS.filter((each) => !isPlayerFieldValid(form, each))).toEqual([field]);
    expect(isPlayerPageValid(form, 1)).toBe(false);
    expect(toPlayerProfilePayload(form)).toBeNull();
  });

  it('accepts 0 inches and a leap day', () => {
    expect(isPlayerPageValid({ ...complete, heightInches: 0, birthMonth: 2, birthDay: 29, birthYear: 2012 }, 1)).toBe(
      true,
    );
  });

  it('reads the weight as a positive number', () => {
    expect(parseWeight('85')).toBe(85);
    expect(parseWeight(' 85.5 ')).toBe(85.5);
    expect(parseWeight(120)).toBe(120);
    expect(parseWeight('')).toBeNull();
    expect(parseWeight('1e3')).toBeNull();
    expect(parseWeight(null)).toBeNull();
  });
});

describe('payload (§3, §5, §7)', () => {
  it('builds birthdate as month/day/year and height as 12 × feet + inches', () => {
    expect(birthdateText(3, 7, 2012)).toBe('3/7/2012');
    expect(birthdateText(12, 31, 2001)).toBe('12/31/2001');
    expect(heightInInches(4, 0)).toBe(48);
    expect(heightInInches(5, 11)).toBe(71);
  });

  it('gives distinct heights for every offered feet and inches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.integer({ min: 0, max: 11 }), (feet, inches) => {
        const height = heightInInches(feet, inches);
        expect(Math.floor(height / 12)).toBe(feet);
        expect(height % 12).toBe(inches);
      }),
    );
  });

  it('maps the form payload to the endpoint names', () => {
    const payload = toPlayerProfilePayload(complete);
    expect(payload).toEqual({
      birthdate: '3/7/2012',
      sex: 'm',
      weight: 85,
      height: 48,
      position: 4,
      seasonStatus: 2,
      experienceLifting: 10,
      experienceAgility: 11,
      experienceUpperPlyo: 12,
      experienceLowerPlyo: 13,
      weightGoal: 20,
    });
    expect(payload && toPlayerApiPayload(payload)).toEqual({
      birthday: '3/7/2012',
      sex: 'm',
      weight: 85,
      height: 48,
      position: 4,
      phase: 2,
      lifting_experience: 10,
      agility_experience: 11,
      upper_plyometric_experience: 12,
      lower_plyometric_experience: 13,
      weight_goal: 20,
    });
  });

  it('is null until page 2 is complete', () => {
    expect(toPlayerProfilePayload({ ...complete, weightGoal: null })).toBeNull();
  });
});

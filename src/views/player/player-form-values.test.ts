import { describe, expect, it } from 'vitest';
import { PLAYER_PAGE_ONE_FIELDS, PLAYER_PAGE_TWO_FIELDS } from '../../domain/player-profile';
import { EMPTY_PLAYER_FORM } from '../../machines/player.machine';
import { fieldTexts, formValues, validatePageOne, validatePageTwo } from './player-form-values';
import { pageOneValues, pageTwoValues } from './player-test-data';

describe('player form values', () => {
  it('shows null as an empty choice and numbers as their text', () => {
    expect(fieldTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues, birthDay: null }, PLAYER_PAGE_ONE_FIELDS)).toEqual({
      birthMonth: '2',
      birthDay: '',
      birthYear: '2012',
      heightFeet: '5',
      heightInches: '2',
      weight: '110',
      gender: 'f',
      sport: '1',
      position: '11',
      seasonStatus: '2',
    });
  });

  it('reads ids and numbers as numbers, keeps weight and gender as typed, and an empty choice as null', () => {
    const texts = fieldTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues }, PLAYER_PAGE_ONE_FIELDS);
    expect(formValues(texts, PLAYER_PAGE_ONE_FIELDS)).toEqual(pageOneValues);
    expect(formValues({ weight: '12a', heightInches: '0', sport: '' }, ['weight', 'heightInches', 'sport'])).toEqual({
      weight: '12a',
      heightInches: 0,
      sport: null,
    });
  });

  it('gives useForm every §5 message of an empty page and none of a complete one', () => {
    expect(Object.values(validatePageOne(fieldTexts(EMPTY_PLAYER_FORM, PLAYER_PAGE_ONE_FIELDS)))).toEqual([
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
    expect(Object.values(validatePageTwo(fieldTexts(EMPTY_PLAYER_FORM, PLAYER_PAGE_TWO_FIELDS)))).toEqual([
      'Lifting Experience is required.',
      'Agility is required.',
      'Upper Plyometrics is required.',
      'Lower Plyometrics is required.',
      'Weight Goal is required.',
    ]);
    expect(validatePageOne(fieldTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues }, PLAYER_PAGE_ONE_FIELDS))).toEqual({});
    expect(validatePageTwo(fieldTexts({ ...EMPTY_PLAYER_FORM, ...pageTwoValues }, PLAYER_PAGE_TWO_FIELDS))).toEqual({});
  });

  it('checks the birth day against the month and year of the same page (no 29 February 2011)', () => {
    const texts = fieldTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues, birthYear: 2011 }, PLAYER_PAGE_ONE_FIELDS);
    expect(validatePageOne(texts)).toEqual({ birthDay: 'Birth day is required.' });
  });
});

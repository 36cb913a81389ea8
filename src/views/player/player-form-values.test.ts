import { describe, expect, it } from 'vitest';
import { PLAYER_PAGE_ONE_FIELDS } from '../../domain/player-profile';
import { EMPTY_PLAYER_FORM, pageOneTexts, pageTwoTexts } from '../../machines/player.connect';
import { formText } from '../common/use-form';
import { formValues, validatePageOne, validatePageTwo } from './player-form-values';
import { pageOneValues, pageTwoValues } from './player-test-data';

describe('player form values', () => {
  it('shows null as an empty choice and numbers as their text', () => {
    expect(pageOneTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues, birthDay: null })).toEqual({
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
    const texts = pageOneTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues });
    expect(formValues(texts, PLAYER_PAGE_ONE_FIELDS)).toEqual(pageOneValues);
    expect(formValues({ weight: '12a', heightInches: '0', sport: '' }, ['weight', 'heightInches', 'sport'])).toEqual({
      weight: '12a',
      heightInches: 0,
      sport: null,
    });
  });

  it('gives useForm every §5 message of an empty page and none of a complete one', () => {
    // The schemas give catalogue keys; useForm shows their texts (English here).
    expect(Object.values(validatePageOne(pageOneTexts(EMPTY_PLAYER_FORM))).map(formText)).toEqual([
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
    expect(Object.values(validatePageTwo(pageTwoTexts(EMPTY_PLAYER_FORM))).map(formText)).toEqual([
      'Lifting Experience is required.',
      'Agility is required.',
      'Upper Plyometrics is required.',
      'Lower Plyometrics is required.',
      'Weight Goal is required.',
    ]);
    expect(validatePageOne(pageOneTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues }))).toEqual({});
    expect(validatePageTwo(pageTwoTexts({ ...EMPTY_PLAYER_FORM, ...pageTwoValues }))).toEqual({});
  });

  it('checks the birth day against the month and year of the same page (no 29 February 2011)', () => {
    const texts = pageOneTexts({ ...EMPTY_PLAYER_FORM, ...pageOneValues, birthYear: 2011 });
    expect(Object.keys(validatePageOne(texts))).toEqual(['birthDay']);
    expect(formText(validatePageOne(texts).birthDay ?? '')).toBe('Birth day is required.');
  });
});

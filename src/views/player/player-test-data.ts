/**
 * Test support for the player flow's model test and view tests (never imported by the site): option lists in
 * server order (unsorted, so sorting is visible), a complete profile per page and the §7 body it must become.
 */

import type { PlayerProfileForm } from '../../domain/player-profile';
import type { CurrentUser, User } from '../../domain/user';
import type { PlayerOptionLists } from '../../machines/player.connect';
import type { PageOneField, PageTwoField } from './player-form-values';

export const optionLists: PlayerOptionLists = {
  options: {
    sports: [
      { id: 2, name: 'Softball' },
      { id: 1, name: 'baseball' },
      { id: 3, name: 'Basketball' },
    ],
    experience_levels: [
      { id: 1, name: 'Beginner' },
      { id: 2, name: 'Intermediate' },
      { id: 3, name: 'Advanced' },
    ],
    phase: [
      { id: 1, name: 'In season' },
      { id: 2, name: 'Off season' },
    ],
    weight_goals: [
      { id: 1, name: 'Gain weight' },
      { id: 2, name: 'Maintain weight' },
      { id: 3, name: 'Lose weight' },
    ],
  },
  positions: [
    { id: 11, name: 'Shortstop', sport_id: 1 },
    { id: 20, name: 'Pitcher', sport_id: 2 },
    { id: 10, name: 'Pitcher', sport_id: 1 },
    { id: 30, name: 'Point guard', sport_id: 3 },
    { id: 12, name: 'Catcher', sport_id: 1 },
  ],
};

/** Page 1 of a girl born on 29 February 2012 (a leap day), 5 ft 2 in, 110 lbs, baseball shortstop, off season. */
export const pageOneValues: Pick<PlayerProfileForm, PageOneField> = {
  birthMonth: 2,
  birthDay: 29,
  birthYear: 2012,
  heightFeet: 5,
  heightInches: 2,
  weight: '110',
  gender: 'f',
  sport: 1,
  position: 11,
  seasonStatus: 2,
};

export const pageTwoValues: Pick<PlayerProfileForm, PageTwoField> = {
  experienceLifting: 1,
  experienceAgility: 2,
  experienceUpperPlyo: 3,
  experienceLowerPlyo: 1,
  weightGoal: 2,
};

/** What POST /api/player must receive for the two pages above (§7 names; docs/player-profile-mapping.md). */
export const expectedPlayerBody = {
  birthday: '2/29/2012',
  sex: 'f',
  weight: 110,
  height: 62,
  position: 11,
  phase: 2,
  lifting_experience: 1,
  agility_experience: 2,
  upper_plyometric_experience: 3,
  lower_plyometric_experience: 1,
  weight_goal: 2,
};

/** An athlete without a player profile, as stored after login. */
export const storedAthlete: CurrentUser = {
  id: 31,
  name: 'Sam Rivera',
  email: 'sam.rivera@example.com',
  phone: null,
  username: 'samrivera',
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
  token: 'athlete-session',
};

/** GET /api/user after the profile was created. */
export const refreshedAthlete: User = { ...storedAthlete, token: undefined, player: { id: 42 } };

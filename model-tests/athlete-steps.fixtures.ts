/**
 * Data the athlete-steps, login and register models share: stub API answers shaped like docs/fixtures.md and the
 * guardian who logs in or registers.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Eligibility } from '../src/api/eligibility.schemas';
import { ApiError } from '../src/api/errors';
import type { Athlete, AthleteAccountPayload, CurrentUser, LatestLicense } from '../src/api/schemas';
import type { NewAthleteFormValues } from '../src/domain/forms/create-athlete';

export const guardian: CurrentUser = {
  id: 10,
  name: 'Pat Rivera',
  email: 'parent@example.com',
  phone: '5555550100',
  username: null,
  token: 'guardian-token',
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
};

export const tigers: LatestLicense = {
  license_code: 'TIGERS-2027',
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  organization_id: 1,
};

/** Issue 32: 12U Sharks, whose age rule (Little League Baseball, ages 11-12 in 2027) the latest licence carries. */
export const sharks: LatestLicense = {
  license_code: 'SHARKS-2027',
  season_name: 'Spring 2027',
  team_name: '12U Sharks',
  organization_id: 2,
  age_rule: { born_from: '2014-09-01', born_to: '2016-08-31' },
};

/** Issue 32 point 4: a team that asks its own questions and has no age rule (the latest licence's `has_questions`). */
export const jerseys: LatestLicense = {
  license_code: 'JERSEYS-2027',
  season_name: 'Spring 2027',
  team_name: '10U Jerseys',
  organization_id: 2,
  has_questions: true,
};

/** Issue 32: 12U Sharks as seeded, with its age rule and its own questions. */
export const sharksAsking: LatestLicense = { ...sharks, license_code: 'SHARKS-ASKS-2027', has_questions: true };

/** The latest licence the server answers for a licence code (the steps record the one they were given). */
export function latestLicenceFor(code: string | null): LatestLicense {
  return [sharks, jerseys, sharksAsking].find((licence) => licence.license_code === code) ?? tigers;
}

/** Issue 32 point 4: 12U Sharks' questions (docs/fixtures.md "Eligibility"), with a pre-filled answer on record. */
export const sharksQuestions = {
  team_name: '12U Sharks',
  questions: [
    { id: 1, kind: 'choice' as const, prompt: 'Jersey size', options: ['YS', 'YM', 'YL', 'AS', 'AM'], required: true },
    { id: 2, kind: 'short_text' as const, prompt: 'Allergies or medical notes', options: [], required: false },
  ],
  answers: { 1: 'YS', 2: 'Peanuts' },
};

const sharksRule = {
  preset: 'little-league-baseball' as const,
  custom_date: null,
  min_age: 11,
  max_age: 12,
  born_from: '2014-09-01',
  born_to: '2016-08-31',
};

/** Issue 32: the chosen athlete's eligibility for 12U Sharks, as GET/PUT /api/eligibility answer it. */
export const eligibilityOf = {
  eligible: {
    team_name: '12U Sharks',
    age_rule: sharksRule,
    birth_date: '2015-05-01',
    has_exception: false,
    eligible: true,
  },
  noBirthDate: {
    team_name: '12U Sharks',
    age_rule: sharksRule,
    birth_date: null,
    has_exception: false,
    eligible: false,
  },
  bornTooEarly: {
    team_name: '12U Sharks',
    age_rule: sharksRule,
    birth_date: '2013-05-01',
    has_exception: false,
    eligible: false,
  },
  excepted: {
    team_name: '12U Sharks',
    age_rule: sharksRule,
    birth_date: '2013-05-01',
    has_exception: true,
    eligible: true,
  },
} satisfies Record<string, Eligibility>;

// Lower and upper case on purpose: the list shows names title-cased (§5).
export const sam: Athlete = { user_id: 11, name: 'sam rivera', token: 'athlete-11', relationship: 'Mother' };
export const alex: Athlete = { user_id: 12, name: 'ALEX RIVERA', token: 'athlete-12', relationship: 'Father' };
export const jamie: Athlete = { user_id: 13, name: 'Jamie Rivera', token: 'athlete-13', relationship: 'Step-Mother' };
export const displayedName: Readonly<Record<number, string>> = {
  11: 'Sam Rivera',
  12: 'Alex Rivera',
  13: 'Jamie Rivera',
};

/** What the create-athlete form must send for what the driver enters (the custom relationship title-cased). */
export const jamiePayload: AthleteAccountPayload = {
  name: 'Jamie Rivera',
  username: 'jamie.rivera',
  password: 'Secret123!',
  password_confirmation: 'Secret123!',
  relationship: 'Step-Mother',
  phone: '5551234567',
};

/** The create-athlete form as the view sends it for jamiePayload ('Other' typed in lower case, the phone masked). */
export const jamieForm: NewAthleteFormValues = {
  firstName: 'Jamie',
  lastName: 'Rivera',
  relationship: 'Other',
  customRelationship: 'step-mother',
  username: 'jamie.rivera',
  password: 'Secret123!',
  confirmPassword: 'Secret123!',
  email: '',
  phone: '555-123-4567',
};

export const serverDown = new ApiError({ kind: 'http', status: 500, message: 'Server error.' });

export function expectButton(name: string, enabled: boolean) {
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  expect(button.disabled, `'${name}' enabled`).toBe(!enabled);
}

/** The step a wizard last mirrored into its URL: its last emitted `step` event (the route navigates to each). */
export function urlStep(emitted: readonly { type: string; step?: unknown }[]): unknown {
  return emitted.filter((event) => event.type === 'step').at(-1)?.step;
}

/** The athlete step a wizard's child `athleteSteps` is at (the wizard maps it to its own step number). */
export function athleteStepOf(snapshot: {
  children: { athleteSteps?: { getSnapshot(): { context: { step: string } } } | undefined };
  context: { athleteStep: string };
}): string | undefined {
  // While the child's code loads (the parent's `athleteSteps.loading` or `failed`), the step the parent opens it at.
  return snapshot.children.athleteSteps?.getSnapshot().context.step ?? snapshot.context.athleteStep;
}

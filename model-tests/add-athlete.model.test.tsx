/**
 * The add flow on its own (add-athlete.machine.ts, issue 20 point 1): the choice of team (another team's licence
 * code: accepted, refused for each reason, unknown; cancelled; back to the page's team) around a short run of the
 * athlete steps, rendered with the payment page's add-flow views.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEAM_LICENCE_TEXTS, teamLicenceRefusal } from '../src/machines/add-athlete.rules';
import { HouseholdAddAthleteView } from '../src/views/payment/household-add-athlete';
import { coachInfo, fullInfo, pausedInfo, stormInfo, tigersInfo, wavesInfo } from './add-athlete.fixtures.ts';
import { addAthleteModel } from './add-athlete.model.ts';
import { addAthleteViews } from './add-athlete.views.ts';
import { runPaths } from './harness/index.ts';

runPaths({
  model: addAthleteModel,
  uiRun: { ...addAthleteViews, render: ({ actor }) => render(<HouseholdAddAthleteView actorRef={actor} />) },
});

describe('another team of the same organization (add-athlete.rules.ts)', () => {
  it.each([
    ['14U Storm of Northside', stormInfo, null],
    ['a coach licence', coachInfo, TEAM_LICENCE_TEXTS.coach],
    ['a Lakeside team', wavesInfo, TEAM_LICENCE_TEXTS.otherClub],
    ['a paused licence', pausedInfo, TEAM_LICENCE_TEXTS.paused],
    ['a licence with no seat left', fullInfo, TEAM_LICENCE_TEXTS.unavailable],
    ['a licence of no organization', { ...stormInfo, organization_id: null }, TEAM_LICENCE_TEXTS.otherClub],
    [
      'a licence with no seat counted as available',
      { ...stormInfo, available_licenses: 0 },
      TEAM_LICENCE_TEXTS.unavailable,
    ],
  ])('%s', (_label, team, refusal) => {
    expect(teamLicenceRefusal({ team, page: tigersInfo })).toBe(refusal);
  });

  it('refuses another club even when its licence is paused', () => {
    expect(teamLicenceRefusal({ team: { ...wavesInfo, paused: true }, page: tigersInfo })).toBe(
      TEAM_LICENCE_TEXTS.otherClub,
    );
  });
});

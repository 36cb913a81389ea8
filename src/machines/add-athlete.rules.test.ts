import { describe, expect, it } from 'vitest';
import {
  coachInfo,
  fullInfo,
  pausedInfo,
  stormInfo,
  tigersInfo,
  wavesInfo,
} from '../../model-tests/add-athlete.fixtures.ts';
import { TEAM_LICENCE_TEXTS, teamLicenceRefusal } from './add-athlete.rules';

const onTigersPage = (team: typeof tigersInfo) => teamLicenceRefusal({ team, page: tigersInfo });

describe("another team's licence on 'Add another athlete' (issue 20 point 1)", () => {
  it('takes a team licence of the same organization, in another season', () => {
    expect(onTigersPage(stormInfo)).toBeNull();
    expect(onTigersPage(tigersInfo)).toBeNull();
  });

  it('refuses a coach licence: it is no team', () => {
    expect(onTigersPage(coachInfo)).toBe(TEAM_LICENCE_TEXTS.coach);
  });

  it("refuses another organization's team, and a licence of no organization", () => {
    expect(onTigersPage(wavesInfo)).toBe(TEAM_LICENCE_TEXTS.otherClub);
    expect(onTigersPage({ ...stormInfo, organization_id: null })).toBe(TEAM_LICENCE_TEXTS.otherClub);
    // A page licence of no organization matches nothing either.
    expect(
      teamLicenceRefusal({
        team: { ...stormInfo, organization_id: null },
        page: { ...tigersInfo, organization_id: null },
      }),
    ).toBe(TEAM_LICENCE_TEXTS.otherClub);
  });

  it("refuses a paused licence and one with no seat left with the licence page's texts", () => {
    // 'Registration has been paused by the organization.', 'Sorry, this license is not available.'
    expect(onTigersPage(pausedInfo)).toEqual({ key: 'payment.teamPaused' });
    expect(onTigersPage(fullInfo)).toEqual({ key: 'payment.licenceNotAvailable' });
    expect(onTigersPage({ ...stormInfo, available_licenses: 0 })).toBe(TEAM_LICENCE_TEXTS.unavailable);
    expect(onTigersPage({ ...stormInfo, available: false })).toBe(TEAM_LICENCE_TEXTS.unavailable);
  });

  it('says the coach first, then the organization, then paused, then full', () => {
    expect(onTigersPage({ ...wavesInfo, is_coach: true, paused: true })).toBe(TEAM_LICENCE_TEXTS.coach);
    expect(onTigersPage({ ...wavesInfo, paused: true, available: false })).toBe(TEAM_LICENCE_TEXTS.otherClub);
    expect(onTigersPage({ ...stormInfo, paused: true, available: false })).toBe(TEAM_LICENCE_TEXTS.paused);
  });
});

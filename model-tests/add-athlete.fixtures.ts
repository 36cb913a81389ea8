/**
 * Licences as GET /api/registration-link/info/{code} answers them (docs/fixtures.md "Licences"), for the add flow's
 * choice of team (add-athlete.machine.ts, issue 20 point 1).
 */
import type { LatestLicense, LicenceInfo } from '../src/api/schemas';

const northside = { organization_id: 1, organization_name: 'Northside Youth Baseball' };

function licence(code: string, fields: Partial<LicenceInfo>): LicenceInfo {
  return {
    license_code: code,
    name: code,
    available: true,
    available_licenses: 48,
    expiration_date_formatted: null,
    paused: false,
    ...northside,
    season_name: 'Spring 2027',
    team_name: '12U Tigers',
    team_id: 1,
    is_coach: false,
    ...fields,
  };
}

export const tigersInfo = licence('TIGERS-2027', {});
export const stormInfo = licence('STORM-2026', { season_name: 'Fall 2026', team_name: '14U Storm', team_id: 2 });
export const wavesInfo = licence('WAVES-2027', {
  organization_id: 2,
  organization_name: 'Lakeside Little League',
  team_name: '10U Waves',
  team_id: 3,
});
export const coachInfo = licence('COACH-2027', { is_coach: true, team_name: null, team_id: null });
export const pausedInfo = licence('PAUSED-2027', { paused: true });
export const fullInfo = licence('FULL-2027', { available: false, available_licenses: 0 });

/** 14U Storm as POST /api/user/latest-license answers it. */
export const storm: LatestLicense = {
  license_code: 'STORM-2026',
  season_name: 'Fall 2026',
  team_name: '14U Storm',
  organization_id: 1,
};

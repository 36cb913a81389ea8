import { describe, expect, it } from 'vitest';
import { athleteRowOf } from './athlete-row.ts';

const athlete = {
  id: 2,
  name: 'Sam Rivera',
  licence: { id: 1, code: 'TIGERS-2027', kind: 'team', availableLicenses: 20, paused: false, expiresOn: null },
  team: {
    id: 1,
    name: '12U Tigers',
    totalDuesCents: 45000,
    athleteDepositCents: 5000,
    paymentPlanFeeCents: 500,
    appFeeCents: 0,
    isAppFeeItemized: false,
    planMonths: [3, 6],
  },
  organization: {
    id: 1,
    name: 'Northside Youth Baseball',
    waiver: 'I agree.',
    waiverEs: null,
    stripeAccountId: null,
    secondAthletePercent: 10,
    furtherAthletePercent: null,
  },
  season: { id: 1, organizationId: 1, name: 'Spring 2027', startDate: '2027-03-01', firstInstallmentOn: '2027-04-01' },
  protectionPlan: null,
  claims: [{ licenceId: 1, paused: false }],
  isMember: false,
  paidInSeason: 1,
  waiverVersion: null,
  award: null,
};

describe('athleteRowOf', () => {
  it('reads the JSON of the quote statement, parsed or as text, with an award of 0 when none', () => {
    const expected = { ...athlete, award: 0 };
    expect(athleteRowOf(athlete)).toEqual(expected);
    expect(athleteRowOf(JSON.stringify(athlete))).toEqual(expected);
  });

  it('reads the joined rows a left join did not find as null', () => {
    const row = athleteRowOf({ ...athlete, licence: null, team: null, organization: null, season: null, claims: [] });
    expect(row).toMatchObject({ licence: null, team: null, organization: null, season: null, claims: [] });
  });

  it('refuses a value that is not what the statement builds, naming it', () => {
    expect(() => athleteRowOf({ ...athlete, id: '2' })).toThrow('id is not an integer');
    expect(() => athleteRowOf({ ...athlete, team: { ...athlete.team, planMonths: [3, 'six'] } })).toThrow(
      'team.planMonths[1] is not an integer',
    );
    expect(() => athleteRowOf({ ...athlete, licence: { ...athlete.licence, kind: 'club' } })).toThrow(
      'licence.kind is not a licence kind',
    );
    expect(() => athleteRowOf({ ...athlete, claims: [{ licenceId: 1 }] })).toThrow('claims[0].paused is not a boolean');
    expect(() => athleteRowOf([athlete])).toThrow('athlete is not an object');
  });
});

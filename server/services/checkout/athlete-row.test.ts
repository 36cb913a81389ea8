import { describe, expect, it } from 'vitest';
import { athleteRowsOf } from './athlete-row.ts';

const athlete = {
  id: 2,
  name: 'Sam Rivera',
  teamId: 1,
  licence: { id: 1, code: 'TIGERS-2027', kind: 'team', availableLicenses: 20, paused: false, expiresOn: null },
  claims: [{ licenceId: 1, paused: false }],
  isMember: false,
  award: null,
};

const teamContext = {
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
  paidInSeason: 1,
  waiverVersion: 3,
};

const { teamId: _teamId, ...own } = athlete;
const expected = { ...own, ...teamContext, award: 0 };

describe('athleteRowsOf', () => {
  it("gives every athlete of a team the context sent on the team's first row, parsed or as text", () => {
    const sibling = { ...athlete, id: 3, name: 'Alex Rivera', award: 2500 };
    const rows = athleteRowsOf([
      { athlete, teamContext },
      { athlete: JSON.stringify(sibling), teamContext: null },
    ]);
    expect(rows).toEqual([expected, { ...expected, id: 3, name: 'Alex Rivera', award: 2500 }]);
    expect(athleteRowsOf([{ athlete: JSON.stringify(athlete), teamContext: JSON.stringify(teamContext) }])).toEqual([
      expected,
    ]);
  });

  it('reads an athlete with no team (no licence or a coach licence) with an empty context, and skips a row with no athlete', () => {
    const rows = athleteRowsOf([
      { athlete: { ...athlete, teamId: null, licence: null, claims: [] }, teamContext: null },
      { athlete: null, teamContext: null },
    ]);
    expect(rows).toEqual([
      {
        ...own,
        licence: null,
        claims: [],
        team: null,
        organization: null,
        season: null,
        protectionPlan: null,
        paidInSeason: 0,
        waiverVersion: null,
        award: 0,
      },
    ]);
  });

  it('refuses a value that is not what the statement builds, naming it', () => {
    const one =
      (value: object, context: object | null = teamContext) =>
      () =>
        athleteRowsOf([{ athlete: value, teamContext: context }]);
    expect(one({ ...athlete, id: '2' })).toThrow('id is not an integer');
    expect(one(athlete, { ...teamContext, team: { ...teamContext.team, planMonths: [3, 'six'] } })).toThrow(
      'team.planMonths[1] is not an integer',
    );
    expect(one({ ...athlete, licence: { ...athlete.licence, kind: 'club' } })).toThrow(
      'licence.kind is not a licence kind',
    );
    expect(one({ ...athlete, claims: [{ licenceId: 1 }] })).toThrow('claims[0].paused is not a boolean');
    expect(one([athlete])).toThrow('athlete is not an object');
    expect(one(athlete, null)).toThrow('team 1 came without its context');
  });
});

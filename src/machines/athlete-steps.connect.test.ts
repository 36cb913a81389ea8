import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Athlete, LatestLicense } from '../api/schemas';
import { latestLicense, athlete as wireAthlete } from '../api/wire-samples';
import { athleteListView } from './athlete-steps.connect';
import { athleteStepsMachine } from './athlete-steps.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const athletes: Athlete[] = [{ ...wireAthlete, user_id: 11, name: '  sam   rivera ' }];

function start(license: string | null) {
  const machine = athleteStepsMachine.provide({
    actors: {
      loadAthletes: fromPromise(async () => athletes),
      recordLatestLicence: fromPromise<LatestLicense, { licenseCode: string }>(async () => latestLicense),
    },
  });
  return createActor(machine, { input: { license, opensAt: 'athleteList' } }).start();
}

describe('athleteListView', () => {
  it('is busy and shows no list while loading', () => {
    const view = athleteListView(start(null).getSnapshot());
    expect(view).toMatchObject({ status: 'loading', busy: true, showsAthletes: false, season: null, team: null });
  });

  it('shows the athletes with §5 display names, the same rows for every snapshot of one list', async () => {
    const actor = start(null);
    await settle();
    const view = athleteListView(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'choosing', busy: false, showsAthletes: true, canNext: false });
    expect(view.athletes).toEqual([{ userId: 11, name: 'Sam Rivera' }]);
    actor.send({ type: 'CHOOSE_ATHLETE', userId: 11 });
    const chosen = athleteListView(actor.getSnapshot());
    expect(chosen.athletes).toBe(view.athletes);
    expect(chosen).toMatchObject({ chosenAthleteId: 11, canNext: true });
  });

  it("names the latest licence's season and team", async () => {
    const actor = start('TIGERS-2027');
    await settle();
    await settle();
    expect(athleteListView(actor.getSnapshot())).toMatchObject({
      season: latestLicense.season_name,
      team: latestLicense.team_name,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { coachInfo, storm, stormInfo, tigersInfo } from '../../model-tests/add-athlete.fixtures.ts';
import { alex, sam, tigers } from '../../model-tests/athlete-steps.fixtures.ts';
import { ApiError } from '../api/errors';
import type { Athlete, LatestLicense, LicenceInfo } from '../api/schemas';
import {
  addAthleteStepsOf,
  canCheckTeamCode,
  type TeamChoiceView,
  teamChoiceView,
  teamFieldOpen,
  teamInUseOf,
} from './add-athlete.connect';
import { addAthleteMachine } from './add-athlete.machine';
import type { TeamLicences } from './add-athlete.rules';
import { athleteStepsMachine } from './athlete-steps.machine';

const infos: Readonly<Record<string, LicenceInfo>> = {
  'TIGERS-2027': tigersInfo,
  'STORM-2026': stormInfo,
  'COACH-2027': coachInfo,
};
const latest: Readonly<Record<string, LatestLicense>> = { 'TIGERS-2027': tigers, 'STORM-2026': storm };
/** The notes beside the team in use, as catalogue keys: "this registration's team", "another team's license". */
const PAGE_TEAM_NOTE = 'payment.pageTeamNote';
const OTHER_TEAM_NOTE = 'payment.otherTeamNote';
const notFound = new ApiError({ kind: 'http', status: 404, message: 'License not found.' });

function start(license: string | null = 'TIGERS-2027') {
  const machine = addAthleteMachine.provide({
    actors: {
      athleteSteps: athleteStepsMachine.provide({
        actors: {
          recordLatestLicence: fromPromise<LatestLicense, { licenseCode: string }>(async ({ input }) => {
            const answer = latest[input.licenseCode];
            if (answer === undefined) throw notFound;
            return answer;
          }),
          loadAthletes: fromPromise<Athlete[]>(async () => [sam, alex]),
        },
      }),
      teamLicence: fromPromise<TeamLicences, { code: string; pageCode: string }>(async ({ input }) => {
        const team = infos[input.code];
        const page = infos[input.pageCode];
        if (team === undefined || page === undefined) throw notFound;
        return { team, page };
      }),
    },
  });
  return createActor(machine, { input: { license, opensAt: 'athleteList' } }).start();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

type Actor = ReturnType<typeof start>;

const teamOf = (actor: Actor) => {
  const steps = addAthleteStepsOf(actor.getSnapshot());
  return steps === undefined ? undefined : teamInUseOf(steps.getSnapshot());
};

const closedOnList: Partial<TeamChoiceView> = { status: 'closed', error: null, canCancel: false };

describe("the add flow's choice of team (issue 20 point 1)", () => {
  it("starts the athlete steps with the page's team; the team may change once their list is shown", async () => {
    const actor = start();
    expect(addAthleteStepsOf(actor.getSnapshot())).toBeDefined();
    expect(teamFieldOpen(actor.getSnapshot())).toBe(false);
    // Recording the licence and loading the athletes: nothing to change yet.
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({
      ...closedOnList,
      canOpen: false,
      note: PAGE_TEAM_NOTE,
    });
    await settle();
    expect(teamOf(actor)).toBe('12U Tigers');
    expect(teamChoiceView(actor.getSnapshot())).toEqual({
      status: 'closed',
      note: PAGE_TEAM_NOTE,
      pageTeam: null,
      error: null,
      canOpen: true,
      canUsePageTeam: false,
      canCancel: false,
    });
  });

  it("stops the athlete steps while another team's code is typed, and takes no blank code", async () => {
    const actor = start();
    await settle();
    actor.send({ type: 'OTHER_TEAM' });
    expect(teamFieldOpen(actor.getSnapshot())).toBe(true);
    expect(addAthleteStepsOf(actor.getSnapshot())).toBeUndefined();
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({ status: 'entering', canOpen: false, canCancel: true });
    expect(canCheckTeamCode(actor.getSnapshot(), '   ')).toBe(false);
    expect(canCheckTeamCode(actor.getSnapshot(), 'STORM-2026')).toBe(true);

    actor.send({ type: 'CANCEL_TEAM' });
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({ status: 'closed', note: PAGE_TEAM_NOTE });
    await settle();
    expect(teamOf(actor)).toBe('12U Tigers');
  });

  it("refuses a coach licence and an unknown code beside the field, then takes the 14U Storm's", async () => {
    const actor = start();
    await settle();
    actor.send({ type: 'OTHER_TEAM' });
    actor.send({ type: 'TEAM_CODE', code: ' COACH-2027 ' });
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({ status: 'checking', error: null, canCancel: true });
    expect(canCheckTeamCode(actor.getSnapshot(), 'STORM-2026')).toBe(false);
    await settle();
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({
      status: 'refused',
      // "This is a coach license: enter the code of a team's registration link."
      error: { key: 'payment.teamCoach' },
    });

    actor.send({ type: 'TEAM_CODE', code: 'NOPE-1' });
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({ status: 'checking', error: null });
    await settle();
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({ status: 'refused', error: 'License not found.' });

    actor.send({ type: 'TEAM_CODE', code: 'STORM-2026' });
    await settle();
    expect(teamFieldOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.license).toBe('STORM-2026');
    await settle();
    expect(teamOf(actor)).toBe('14U Storm');
    expect(teamChoiceView(actor.getSnapshot())).toEqual({
      status: 'closed',
      note: OTHER_TEAM_NOTE,
      pageTeam: '12U Tigers',
      error: null,
      canOpen: true,
      canUsePageTeam: true,
      canCancel: false,
    });

    // Back to the page's team: the athlete steps start again with its licence.
    actor.send({ type: 'PAGE_TEAM' });
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({ note: PAGE_TEAM_NOTE, canUsePageTeam: false });
    await settle();
    expect(teamOf(actor)).toBe('12U Tigers');
  });

  it('offers no other team without a page licence', async () => {
    const actor = start(null);
    await settle();
    expect(teamChoiceView(actor.getSnapshot())).toMatchObject({
      ...closedOnList,
      canOpen: false,
      canUsePageTeam: false,
    });
    expect(teamOf(actor)).toBeNull();
  });

  it("ends with the athlete steps' own exit", async () => {
    const actor = start();
    await settle();
    addAthleteStepsOf(actor.getSnapshot())?.send({ type: 'BACK' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ exit: 'back' });
    expect(addAthleteStepsOf(actor.getSnapshot())).toBeUndefined();
  });
});

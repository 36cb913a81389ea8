/**
 * The add flow's model (add-athlete.machine.ts, issue 20 point 1): the choice of team around the athlete steps.
 * Its child `athleteSteps` runs a short model of the athlete steps (the list, a choice, Next, Back: their own test
 * walks the rest), so every way through the choice of team is walked with the steps started again. The payment flow
 * and the family checkout run `addAthleteStepsModel`: the athlete steps through this machine, without the choice of
 * team (walked here), so their graphs do not grow by it.
 */
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '../src/api/errors';
import { addAthleteMachine } from '../src/machines/add-athlete.machine';
import { TEAM_LICENCE_TEXTS } from '../src/machines/add-athlete.rules';
import { athleteStepsMachine } from '../src/machines/athlete-steps.machine';
import { coachInfo, fullInfo, pausedInfo, storm, stormInfo, tigersInfo, wavesInfo } from './add-athlete.fixtures.ts';
import { alex, jamie, jamieForm, sam, serverDown, tigers } from './athlete-steps.fixtures.ts';
import { athleteStepsModel } from './athlete-steps.model.ts';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';

type Snapshot = SnapshotFrom<typeof addAthleteMachine>;
type StepsSnapshot = SnapshotFrom<typeof athleteStepsMachine>;

export const UNKNOWN_CODE = 'License not found.';
const unknownCode = new ApiError({ kind: 'http', status: 404, message: UNKNOWN_CODE });
const usernameTaken = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { username: ['The username has already been taken.'] },
});

/**
 * The athlete steps in short: the list loads (the recorded team is the licence's) and the steps go on. A node is
 * the state and the licence only (not the athletes chosen or the answers remembered), so the choice of team is walked
 * against each state once (the steps' own test walks the rest).
 */
const shortAthleteStepsModel = defineModel({
  machine: athleteStepsMachine,
  name: 'athleteSteps (short)',
  events: (snapshot: StepsSnapshot) => [
    doneEvent('latestLicence', snapshot.context.license === storm.license_code ? storm : tigers),
    errorEvent('latestLicence', serverDown),
    doneEvent('athletes', [sam, alex]),
    errorEvent('athletes', serverDown),
    ...(snapshot.context.chosenAthlete === null ? [{ type: 'CHOOSE_ATHLETE' as const, userId: alex.user_id }] : []),
    { type: 'CREATE_ATHLETE' as const, values: jamieForm },
    doneEvent('registerAthlete', jamie),
    errorEvent('registerAthlete', usernameTaken),
    doneEvent('membership', { exit: 'continue' }),
  ],
  serializeState: (snapshot: StepsSnapshot) =>
    JSON.stringify({
      value: snapshot.value,
      license: snapshot.context.license,
    }),
});

const licences = (team: typeof tigersInfo) => ({ team, page: tigersInfo });

const teamStates = {
  'enteringCode.checking': (snapshot: Snapshot, { invocations }: { invocations: readonly object[] }) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'teamLicence',
      input: { code: expect.any(String), pageCode: snapshot.context.pageLicence },
    }),
  steps: (snapshot: Snapshot) =>
    expect(snapshot.children.athleteSteps?.getSnapshot().context.license).toBe(snapshot.context.license),
  ended: (snapshot: Snapshot) => expect(snapshot.output).toEqual(snapshot.context.exit),
};

export const addAthleteModel = defineModel({
  machine: addAthleteMachine,
  input: { license: 'TIGERS-2027', opensAt: 'athleteList' },
  children: { athleteSteps: shortAthleteStepsModel },
  events: {
    // Typed with spaces around it: the machine checks the code trimmed.
    TEAM_CODE: [{ type: 'TEAM_CODE', code: ' STORM-2026 ' }],
    'xstate.done.actor.teamLicence': [
      doneEvent('teamLicence', licences(stormInfo)),
      doneEvent('teamLicence', licences(coachInfo)),
      doneEvent('teamLicence', licences(wavesInfo)),
      doneEvent('teamLicence', licences(pausedInfo)),
      doneEvent('teamLicence', licences(fullInfo)),
    ],
    'xstate.error.actor.teamLicence': [errorEvent('teamLicence', unknownCode)],
  },
  // Which team is in use decides 'Use this registration's team'; each refusal is its own text.
  context: ['license', 'teamError', 'stepsOnList'],
  states: teamStates,
});

/** The add flow as the payment flow's and the family checkout's child: the athlete steps as their own test walks them. */
export const addAthleteStepsModel = defineModel({
  machine: addAthleteMachine,
  name: 'addAthlete (steps)',
  children: { athleteSteps: athleteStepsModel },
  // The choice of team stays closed here (walked by this machine's own test).
  implementations: { guards: { hasPageLicence: () => false, onOtherTeam: () => false } },
  context: ['license', 'stepsOnList'],
  states: teamStates,
});

export const REFUSALS = [
  TEAM_LICENCE_TEXTS.coach,
  TEAM_LICENCE_TEXTS.otherClub,
  TEAM_LICENCE_TEXTS.paused,
  TEAM_LICENCE_TEXTS.unavailable,
  UNKNOWN_CODE,
];

/**
 * Issue 30 point 3: the login wizard's declaration of what it saves (login.persist.ts) against the real machines. The
 * wizard resumed at a point (the declaration's input) runs to its athlete step with the athlete steps' calls
 * answered; what the site saves of it then (stripped, through JSON) reads back the same point. Renaming a context
 * field read here without a reader fails this test (and the declaration's typecheck).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Athlete, CurrentUser, LatestLicense } from '../api/schemas';
import { savableSnapshot } from '../session/progress';
import { athleteStepsMachine } from './athlete-steps.machine';
import { ATHLETE_STEPS_CONTEXT_FIELDS } from './athlete-steps.persist';
import { loginMachine } from './login.machine';
import { type LoginResumePoint, loginProgress } from './login.persist';

const guardian: CurrentUser = {
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
const tigers: LatestLicense = {
  license_code: 'TIGERS-2027',
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  organization_id: 1,
};
const athletes: Athlete[] = [
  { user_id: 11, name: 'Sam Rivera', token: 'athlete-11', relationship: 'Mother' },
  { user_id: 12, name: 'Alex Rivera', token: 'athlete-12', relationship: 'Father' },
];

/** The wizard with the athlete steps' calls answered (no network). */
const wizard = loginMachine.provide({
  actors: {
    // The page loads the athlete steps' code (athlete-steps.lazy.ts); here it is there at once.
    athleteStepsCode: fromPromise(async () => {}),
    athleteSteps: athleteStepsMachine.provide({
      actors: {
        recordLatestLicence: fromPromise(async () => tigers),
        loadAthletes: fromPromise(async () => athletes),
      },
    }),
  },
});

/** Resumes the wizard at a point, lets its athlete step settle, and reads back what the site would save of it. */
async function roundTrip(point: LoginResumePoint): Promise<LoginResumePoint | null> {
  const actor = createActor(wizard, {
    input: { license: point.license, user: guardian, ...loginProgress.inputOf(point) },
  }).start();
  await waitFor(actor, (snapshot) => !snapshot.matches({ athleteSteps: 'loading' }));
  const steps = actor.getSnapshot().children.athleteSteps;
  if (steps === undefined) throw new Error('The wizard did not open at its athlete steps.');
  await waitFor(steps, (snapshot) => !snapshot.hasTag('busy'));
  const saved: unknown = JSON.parse(JSON.stringify(savableSnapshot(actor.getPersistedSnapshot())));
  actor.stop();
  return loginProgress.pointOf(saved);
}

describe('what the login wizard saves and reads back (issue 30 point 3)', () => {
  it('declares fields of the machines’ contexts only', async () => {
    const actor = createActor(wizard, { input: { license: 'TIGERS-2027', user: guardian, step: 3 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ athleteSteps: 'running' }));
    const steps = actor.getSnapshot().children.athleteSteps;
    expect(Object.keys(actor.getSnapshot().context)).toEqual(expect.arrayContaining([...loginProgress.contextFields]));
    expect(Object.keys(steps?.getSnapshot().context ?? {})).toEqual(
      expect.arrayContaining([...ATHLETE_STEPS_CONTEXT_FIELDS]),
    );
    actor.stop();
  });

  it('resumes at the athlete list with the athlete chosen, and saves that again', async () => {
    const point: LoginResumePoint = { flow: 'login', license: 'TIGERS-2027', step: 'athleteList', athleteId: 12 };
    expect(loginProgress.inputOf(point)).toEqual({ step: 3, athleteId: 12 });
    expect(await roundTrip(point)).toEqual(point);
  });

  it('resumes at create athlete, and saves that again', async () => {
    const point: LoginResumePoint = { flow: 'login', license: 'TIGERS-2027', step: 'createAthlete', athleteId: null };
    expect(loginProgress.inputOf(point)).toEqual({ step: 4, athleteId: null });
    expect(await roundTrip(point)).toEqual(point);
  });

  it('saves nothing before the athlete steps (the login form)', () => {
    const actor = createActor(wizard, { input: { license: 'TIGERS-2027', user: null } }).start();
    expect(loginProgress.pointOf(savableSnapshot(actor.getPersistedSnapshot()))).toBeNull();
    actor.stop();
  });

  it("keeps the resumed athlete while the athlete steps' code loads", () => {
    const loading = loginMachine.provide({
      actors: { athleteStepsCode: fromPromise(() => new Promise<void>(() => {})) },
    });
    const actor = createActor(loading, {
      input: { license: 'TIGERS-2027', user: guardian, step: 3, athleteId: 12 },
    }).start();
    expect(actor.getSnapshot().matches({ athleteSteps: 'loading' })).toBe(true);
    const saved: unknown = JSON.parse(JSON.stringify(savableSnapshot(actor.getPersistedSnapshot())));
    expect(loginProgress.pointOf(saved)).toEqual({
      flow: 'login',
      license: 'TIGERS-2027',
      step: 'athleteList',
      athleteId: 12,
    });
    actor.stop();
  });

  it('versions a saved login by the wizard and its athlete steps (loaded lazily)', async () => {
    expect(loginProgress.versionOf).toEqual([loginMachine]);
    expect(await loginProgress.loadVersionOf()).toEqual([loginMachine, athleteStepsMachine]);
    expect(loginProgress.steps).toEqual(['athleteList', 'createAthlete']);
  });
});

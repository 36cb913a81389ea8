/**
 * Issue 30 point 3: the register wizard's declaration of what it saves (register.persist.ts) against the real
 * machines. The wizard resumed at a point (the declaration's input) runs to its step with the athlete steps' calls
 * answered; what the site saves of it then (stripped, through JSON) reads back the same point. Renaming a context
 * field read here without a reader fails this test (and the declaration's typecheck).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Athlete, CurrentUser, LatestLicense } from '../api/schemas';
import { savableSnapshot } from '../session/progress';
import { athleteStepsMachine } from './athlete-steps.machine';
import { ATHLETE_STEPS_CONTEXT_FIELDS } from './athlete-steps.persist';
import { registerMachine } from './register.machine';
import { type RegisterResumePoint, registerProgress } from './register.persist';

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
const wizard = registerMachine.provide({
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

/** Resumes the wizard at a point, lets its athlete steps (if open) settle, and reads back what the site saves of it. */
async function roundTrip(point: RegisterResumePoint): Promise<RegisterResumePoint | null> {
  const actor = createActor(wizard, {
    input: { license: point.license, user: guardian, ...registerProgress.inputOf(point) },
  }).start();
  await waitFor(actor, (snapshot) => !snapshot.matches({ athleteSteps: 'loading' }));
  const steps = actor.getSnapshot().children.athleteSteps;
  if (steps !== undefined) await waitFor(steps, (snapshot) => !snapshot.hasTag('busy'));
  const saved: unknown = JSON.parse(JSON.stringify(savableSnapshot(actor.getPersistedSnapshot())));
  actor.stop();
  return registerProgress.pointOf(saved);
}

describe('what the register wizard saves and reads back (issue 30 point 3)', () => {
  it('declares fields of the machines’ contexts only', async () => {
    const actor = createActor(wizard, { input: { license: 'TIGERS-2027', user: guardian, step: 2 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ athleteSteps: 'running' }));
    const steps = actor.getSnapshot().children.athleteSteps;
    expect(Object.keys(actor.getSnapshot().context)).toEqual(
      expect.arrayContaining([...registerProgress.contextFields]),
    );
    expect(Object.keys(steps?.getSnapshot().context ?? {})).toEqual(
      expect.arrayContaining([...ATHLETE_STEPS_CONTEXT_FIELDS]),
    );
    actor.stop();
  });

  it('resumes at the athlete list with the athlete chosen, and saves that again', async () => {
    const point: RegisterResumePoint = { flow: 'register', license: 'TIGERS-2027', step: 'athleteList', athleteId: 12 };
    expect(registerProgress.inputOf(point)).toEqual({ step: 2, athleteId: 12 });
    expect(await roundTrip(point)).toEqual(point);
  });

  it('resumes at create athlete, and saves that again', async () => {
    const point: RegisterResumePoint = {
      flow: 'register',
      license: 'TIGERS-2027',
      step: 'createAthlete',
      athleteId: null,
    };
    expect(registerProgress.inputOf(point)).toEqual({ step: 3, athleteId: null });
    expect(await roundTrip(point)).toEqual(point);
  });

  it("resumes at 'Edit your Account' once the account exists, and saves that again", async () => {
    const point: RegisterResumePoint = { flow: 'register', license: 'TIGERS-2027', step: 'account', athleteId: null };
    expect(registerProgress.inputOf(point)).toEqual({ step: 1, athleteId: null });
    expect(await roundTrip(point)).toEqual(point);
  });

  it('saves nothing before the account exists (step 1 keeps its fields in this tab only)', () => {
    const actor = createActor(wizard, { input: { license: 'TIGERS-2027', user: null } }).start();
    expect(actor.getSnapshot().value).toMatchObject({ guardianAccount: expect.anything() });
    expect(registerProgress.pointOf(savableSnapshot(actor.getPersistedSnapshot()))).toBeNull();
    actor.stop();
  });

  it("keeps the resumed athlete while the athlete steps' code loads", () => {
    const loading = registerMachine.provide({
      actors: { athleteStepsCode: fromPromise(() => new Promise<void>(() => {})) },
    });
    const actor = createActor(loading, {
      input: { license: 'TIGERS-2027', user: guardian, step: 2, athleteId: 12 },
    }).start();
    expect(actor.getSnapshot().matches({ athleteSteps: 'loading' })).toBe(true);
    const saved: unknown = JSON.parse(JSON.stringify(savableSnapshot(actor.getPersistedSnapshot())));
    expect(registerProgress.pointOf(saved)).toEqual({
      flow: 'register',
      license: 'TIGERS-2027',
      step: 'athleteList',
      athleteId: 12,
    });
    actor.stop();
  });

  it('versions a saved registration by the wizard and its athlete steps (loaded lazily)', async () => {
    expect(registerProgress.versionOf).toEqual([registerMachine]);
    expect(await registerProgress.loadVersionOf()).toEqual([registerMachine, athleteStepsMachine]);
    expect(registerProgress.steps).toEqual(['account', 'athleteList', 'createAthlete']);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../api/errors';
import type { PlayerCreated, User } from '../api/schemas';
import { optionLists, pageOneValues, pageTwoValues, refreshedAthlete } from '../views/player/player-test-data';
import {
  canGoBack,
  canGoOn,
  type PlayerOptionLists,
  pageOneChoices,
  pageOneStart,
  pageOneView,
  pageTwoStart,
  pageTwoView,
  playerView,
  shownError,
} from './player.connect';
import { PLAYER_VALIDATION_ERROR, playerMachine } from './player.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The real chart with the options loaded and the submission answered by `created` (or never). */
function atPageOne(created: () => Promise<PlayerCreated> = () => new Promise(() => {})) {
  const machine = playerMachine.provide({
    actors: {
      loadOptions: fromPromise<PlayerOptionLists, void>(async () => optionLists),
      createPlayer: fromPromise(created),
      refreshUser: fromPromise<User, void>(() => new Promise(() => {})),
      logout: fromPromise<void, void>(() => new Promise(() => {})),
    },
  });
  return createActor(machine, { input: { user: { is_coach: false, player: null } } }).start();
}

describe('playerView', () => {
  it('shows the loading screen, then page 1, each with the logout', async () => {
    const actor = atPageOne();
    expect(playerView(actor.getSnapshot())).toEqual({
      screen: 'loading',
      error: null,
      canRetry: false,
      canLogOut: false,
    });
    await settle();
    expect(playerView(actor.getSnapshot())).toEqual({
      screen: 'pageOne',
      error: null,
      canRetry: false,
      canLogOut: true,
    });
  });

  it('keeps page 2 on screen while it is submitted and the user refreshed', async () => {
    const actor = atPageOne(async () => ({ id: 42 }));
    await settle();
    actor.send({ type: 'NEXT', values: pageOneValues });
    actor.send({ type: 'NEXT', values: pageTwoValues });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(playerView(actor.getSnapshot()).screen).toBe('pageTwo');
    expect(pageTwoView(actor.getSnapshot()).busy).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('refreshingUser');
    expect(playerView(actor.getSnapshot()).screen).toBe('pageTwo');
  });

  it('shows nothing once the flow is done', () => {
    const actor = createActor(playerMachine, { input: { user: refreshedAthlete } }).start();
    expect(actor.getSnapshot().output).toEqual({ to: '/' });
    expect(playerView(actor.getSnapshot()).screen).toBeNull();
  });
});

describe('page 1', () => {
  it('lists sports sorted and keeps each list between snapshots', async () => {
    const actor = atPageOne();
    await settle();
    const view = pageOneView(actor.getSnapshot());
    expect(view.sports.map(({ name }) => name)).toEqual(['baseball', 'Basketball', 'Softball']);
    expect(pageOneView(actor.getSnapshot())).toEqual(view);
    expect(pageOneView(actor.getSnapshot()).positions).toBe(view.positions);
  });

  it("offers the month's days and the sport's positions", () => {
    const { days, positions } = pageOneChoices(optionLists.positions, { birthMonth: 2, birthYear: 2011, sport: 1 });
    expect(days.at(-1)).toBe(28);
    expect(positions.map(({ id }) => id).sort()).toEqual([10, 11, 12]);
    expect(pageOneChoices(optionLists.positions, { birthMonth: null, birthYear: null, sport: null }).positions).toEqual(
      [],
    );
  });

  it('starts empty, takes only a complete page, and comes back from page 2 as entered', async () => {
    const actor = atPageOne();
    await settle();
    expect(Object.values(pageOneStart(actor.getSnapshot())).every((text) => text === '')).toBe(true);
    expect(canGoOn(actor.getSnapshot(), { ...pageOneValues, position: 20 })).toBe(false);
    expect(canGoOn(actor.getSnapshot(), pageOneValues)).toBe(true);
    actor.send({ type: 'NEXT', values: pageOneValues });
    actor.send({ type: 'BACK', values: pageTwoValues });
    expect(pageOneStart(actor.getSnapshot())).toMatchObject({ birthMonth: '2', weight: '110', sport: '1' });
    expect(pageTwoStart(actor.getSnapshot()).experienceLifting).toBe(String(pageTwoValues.experienceLifting));
  });
});

describe('page 2 failures (§8)', () => {
  async function submitted(created: () => Promise<PlayerCreated>) {
    const actor = atPageOne(created);
    await settle();
    actor.send({ type: 'NEXT', values: pageOneValues });
    actor.send({ type: 'NEXT', values: pageTwoValues });
    await settle();
    return actor;
  }

  it("says 'Validation error.' for an answer without an id", async () => {
    const actor = await submitted(async () => ({ id: null }));
    const view = pageTwoView(actor.getSnapshot());
    expect(view).toMatchObject({ errorList: null });
    expect(view.error && shownError(view.error)).toBe(PLAYER_VALIDATION_ERROR);
    expect(canGoBack(actor.getSnapshot(), pageTwoValues)).toBe(true);
  });

  it("lists the endpoint's errors", async () => {
    const rejected = new ApiError({
      kind: 'http',
      status: 422,
      message: 'The given data was invalid.',
      errors: { weight: ['The weight must be at least 40.'] },
    });
    const actor = await submitted(() => Promise.reject(rejected));
    expect(pageTwoView(actor.getSnapshot())).toMatchObject({
      error: null,
      errorList: ['The weight must be at least 40.'],
      busy: false,
    });
  });
});

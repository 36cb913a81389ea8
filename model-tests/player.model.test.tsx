import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../src/api/errors.ts';
import { BIRTH_YEARS } from '../src/domain/date-lists.ts';
import { isPlayerPageValid } from '../src/domain/player-profile.ts';
import { PLAYER_VALIDATION_ERROR, playerMachine } from '../src/machines/player.machine.ts';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user.ts';
import { PlayerFlow } from '../src/views/player/player-flow.tsx';
import {
  expectedPlayerBody,
  optionLists,
  pageOneValues,
  pageTwoValues,
  refreshedAthlete,
  storedAthlete,
} from '../src/views/player/player-test-data.ts';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

const offline = new ApiError({ kind: 'network', message: NETWORK_ERROR_MESSAGE });
/** §8: the player endpoint's validation error carries an `errors` object, listed as it is. */
const rejectedWithErrors = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  errors: { birthday: ['The birthday is not a valid date.'], weight: ['The weight must be at least 40.'] },
});
const serverFault = new ApiError({ kind: 'http', status: 500, message: 'Server Error' });

// A path fills up to 30 selects and inputs through user-event; on a shared two-core machine that can outlast the
// default 5 s per test without anything being wrong.
vi.setConfig({ testTimeout: 30_000 });

// storeUser merges the refreshed user into the stored one: there must be one, as after a real login.
beforeEach(() => {
  setCurrentUser(storedAthlete);
});

const model = defineModel({
  machine: playerMachine,
  inputs: {
    athlete: { user: { is_coach: false, player: null } },
    withProfile: { user: { is_coach: false, player: { id: 5 } } },
    coach: { user: { is_coach: true, player: null } },
  },
  events: {
    NEXT: (snapshot) => [
      { type: 'NEXT' as const, values: snapshot.matches('pageOne') ? pageOneValues : pageTwoValues },
    ],
    // The view sends page 2's current values with Back; they are what the machine holds (empty, or as submitted).
    BACK: (snapshot) => [
      {
        type: 'BACK' as const,
        values: {
          experienceLifting: snapshot.context.form.experienceLifting,
          experienceAgility: snapshot.context.form.experienceAgility,
          experienceUpperPlyo: snapshot.context.form.experienceUpperPlyo,
          experienceLowerPlyo: snapshot.context.form.experienceLowerPlyo,
          weightGoal: snapshot.context.form.weightGoal,
        },
      },
    ],
    'xstate.done.actor.loadOptions': [doneEvent('loadOptions', optionLists)],
    'xstate.error.actor.loadOptions': [errorEvent('loadOptions', offline)],
    'xstate.done.actor.createPlayer': [doneEvent('createPlayer', { id: 42 }), doneEvent('createPlayer', { id: null })],
    'xstate.error.actor.createPlayer': [
      errorEvent('createPlayer', rejectedWithErrors),
      errorEvent('createPlayer', serverFault),
    ],
    'xstate.done.actor.refreshUser': [doneEvent('refreshUser', refreshedAthlete)],
    'xstate.error.actor.refreshUser': [errorEvent('refreshUser', offline)],
    'xstate.done.actor.logout': [doneEvent('logout', undefined)],
  },
  context: ['form', 'error', 'errorList'],
  states: {
    pageOne: (snapshot) => {
      // §5: sports by name, case-insensitively.
      expect(snapshot.context.sports.map(({ name }) => name)).toEqual(['baseball', 'Basketball', 'Softball']);
    },
    submitting: (_snapshot, { invocations }) => {
      expect(invocations.at(-1)).toMatchObject({ id: 'createPlayer', input: expectedPlayerBody });
    },
    toHome: (snapshot) => expect(snapshot.output).toEqual({ to: '/' }),
    toDashboard: (snapshot, { invocations }) => {
      expect(snapshot.output).toEqual({ to: '/dashboard' });
      // After a submission the stored user is the refreshed one; a coach arrives here untouched.
      const refreshed = invocations.some(({ id, status }) => id === 'refreshUser' && status === 'resolved');
      expect(getCurrentUser()?.player).toEqual(refreshed ? { id: 42 } : null);
      expect(getCurrentUser()?.token).toBe(storedAthlete.token);
    },
    loggedOut: (snapshot) => expect(snapshot.output).toEqual({ to: '/login' }),
  },
});

/**
 * The driver's own user-event instance: jsdom loads no stylesheet, so the pointer-events check (computed style of
 * every ancestor, per pointer event) can only pass, and it triples the time of each selection on these long selects.
 */
let person: UserEvent = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
beforeEach(() => {
  person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
});

async function choose(label: string, value: number | string | null) {
  await person.selectOptions(screen.getByLabelText(label), String(value));
}

const driver: Driver<typeof playerMachine> = {
  NEXT: async ({ values }, { actor }) => {
    if (actor.getSnapshot().matches('pageOne')) {
      await choose('Birth month', values.birthMonth ?? null);
      await choose('Birth day', values.birthDay ?? null);
      await choose('Birth year', values.birthYear ?? null);
      await choose('Feet', values.heightFeet ?? null);
      await choose('Inches', values.heightInches ?? null);
      await choose('Gender', values.gender ?? null);
      await choose('Sport', values.sport ?? null);
      await choose('Position', values.position ?? null);
      await choose('Season status', values.seasonStatus ?? null);
      // Weight last, ending with Enter: the form submits from the keyboard (§2 habits: Enter submits).
      const weight = screen.getByLabelText('Weight (lbs)');
      await person.clear(weight);
      await person.type(weight, `${values.weight}{Enter}`);
      return;
    }
    await choose('Lifting experience', values.experienceLifting ?? null);
    await choose('Speed ladder experience', values.experienceAgility ?? null);
    await choose('Medicine ball experience', values.experienceUpperPlyo ?? null);
    await choose('Plyometric jump experience', values.experienceLowerPlyo ?? null);
    await choose('Weight goal', values.weightGoal ?? null);
    await person.click(screen.getByRole('button', { name: 'Next' }));
  },
  BACK: async () => person.click(screen.getByRole('button', { name: 'Back' })),
  RETRY: async () => person.click(screen.getByRole('button', { name: 'Try again' })),
  LOGOUT: async () => person.click(screen.getByRole('button', { name: 'Log out' })),
};

function optionTexts(label: string): string[] {
  // A DOM query, not getAllByRole: role computation over ~50 options per select is what makes jsdom slow.
  return [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.textContent ?? '');
}

const heading = () => screen.getByRole('heading', { level: 1 });

runPaths({
  model,
  uiRun: {
    name: 'player driver',
    render: ({ actor }) => render(<PlayerFlow actorRef={actor} />),
    driver,
    states: {
      loadingOptions: () => {
        expect(heading().textContent).toBe('Player profile');
        expect(screen.getByText('Loading…')).toBeTruthy();
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
      },
      pageOne: ({ snapshot }) => {
        expect(heading().textContent).toBe('Player profile Page 1 of 2');
        expect(optionTexts('Birth month').slice(1, 3)).toEqual(['January', 'February']);
        expect(optionTexts('Birth year').slice(1)).toEqual(BIRTH_YEARS.map(String));
        expect(optionTexts('Feet').slice(1)).toEqual(['3', '4', '5', '6', '7', '8']);
        expect(optionTexts('Inches')).toHaveLength(13);
        expect(optionTexts('Gender').slice(1)).toEqual(['Female', 'Male']);
        expect(optionTexts('Sport').slice(1)).toEqual(['baseball', 'Basketball', 'Softball']);
        expect(optionTexts('Season status').slice(1)).toEqual(['In season', 'Off season']);
        // Page 1 comes back from page 2 with its values; until they are all valid, 'Next' stays disabled.
        const complete = isPlayerPageValid(snapshot.context.form, 1);
        expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(!complete);
        if (complete) {
          expect((screen.getByLabelText('Birth month') as HTMLSelectElement).value).toBe('2');
          expect((screen.getByLabelText('Weight (lbs)') as HTMLInputElement).value).toBe('110');
          expect(optionTexts('Position').slice(1)).toEqual(['Catcher', 'Pitcher', 'Shortstop']);
        }
        expect(screen.queryByRole('alert')).toBeNull();
      },
      pageTwo: () => {
        expect(heading().textContent).toBe('Player profile Page 2 of 2');
        for (const label of ['Lifting experience', 'Speed ladder experience', 'Medicine ball experience']) {
          expect(optionTexts(label).slice(1)).toEqual(['Beginner', 'Intermediate', 'Advanced']);
        }
        expect(optionTexts('Plyometric jump experience').slice(1)).toEqual(['Beginner', 'Intermediate', 'Advanced']);
        expect(optionTexts('Weight goal').slice(1)).toEqual(['Gain weight', 'Maintain weight', 'Lose weight']);
        expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false);
      },
      'pageTwo.editing': () => expect(screen.queryByRole('alert')).toBeNull(),
      'pageTwo.validationError': () => {
        expect(screen.getByRole('alert').textContent).toBe(PLAYER_VALIDATION_ERROR);
        // The submitted values stay on the page, ready to be corrected.
        expect((screen.getByLabelText('Weight goal') as HTMLSelectElement).value).toBe('2');
      },
      'pageTwo.rejected': () => {
        const items = within(screen.getByRole('alert')).getAllByRole('listitem');
        expect(items.map((item) => item.textContent)).toEqual([
          'The birthday is not a valid date.',
          'The weight must be at least 40.',
        ]);
      },
      'pageTwo.failed': () => expect(screen.getByRole('alert').textContent).toBe('Server Error'),
      submitting: () => {
        expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
        expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
      },
      refreshingUser: () => {
        expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
      },
      refreshFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE);
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      loggingOut: () => {
        expect(screen.getByText('Logging out…')).toBeTruthy();
        expect((screen.getByRole('button', { name: 'Log out' }) as HTMLButtonElement).disabled).toBe(true);
      },
      toHome: () => expect(screen.queryByRole('main')).toBeNull(),
      toDashboard: () => expect(screen.queryByRole('main')).toBeNull(),
      loggedOut: () => expect(screen.queryByRole('main')).toBeNull(),
    },
  },
});

// Issue 13 point 4: the pages' schemas (src/domain/forms/player-pages.ts) guard NEXT in the machine itself.
describe('player machine refuses invalid page values', () => {
  it('refuses page 1 without a birth month, or with a position of another sport', () => {
    const pageOne = snapshotAt(model, 'pageOne', { input: 'athlete' });
    expect(pageOne.can({ type: 'NEXT', values: pageOneValues })).toBe(true);
    expect(isRefused(pageOne, { type: 'NEXT', values: { ...pageOneValues, birthMonth: null } })).toBe(true);
    expect(isRefused(pageOne, { type: 'NEXT', values: { ...pageOneValues, position: -1 } })).toBe(true);
  });

  it('refuses submitting page 2 without a weight goal', () => {
    const pageTwo = snapshotAt(model, 'pageTwo.editing', { input: 'athlete' });
    expect(pageTwo.can({ type: 'NEXT', values: pageTwoValues })).toBe(true);
    expect(isRefused(pageTwo, { type: 'NEXT', values: { ...pageTwoValues, weightGoal: null } })).toBe(true);
  });
});

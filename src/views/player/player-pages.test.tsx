import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { setLocale } from '../../i18n/runtime';
import { playerMachine } from '../../machines/player.machine';
import { PlayerFlow } from './player-flow';
import { optionLists, pageOneValues } from './player-test-data';

// Each test fills up to 15 controls through user-event; on a shared two-core machine that can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

function start() {
  const machine = playerMachine.provide({
    actors: {
      loadOptions: fromPromise(async () => optionLists),
      logout: fromPromise<void, void>(async () => {}),
    },
  });
  const actor = createActor(machine, { input: { user: { is_coach: false, player: null } } }).start();
  render(<PlayerFlow actorRef={actor} />);
  // jsdom loads no stylesheet: the pointer-events check can only pass and slows every selection down.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { actor, user };
}

const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionTexts = (label: string) => [...field(label).options].map((option) => option.textContent);
const errorsShown = () => [...document.querySelectorAll('.field-error')].map((error) => error.textContent);

async function fillPageOne(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(field('Birth month'), String(pageOneValues.birthMonth));
  await user.selectOptions(field('Birth day'), String(pageOneValues.birthDay));
  await user.selectOptions(field('Birth year'), String(pageOneValues.birthYear));
  await user.selectOptions(field('Feet'), String(pageOneValues.heightFeet));
  await user.selectOptions(field('Inches'), String(pageOneValues.heightInches));
  await user.type(screen.getByLabelText('Weight (lbs)'), String(pageOneValues.weight));
  await user.selectOptions(field('Gender'), 'Female');
  await user.selectOptions(field('Sport'), 'baseball');
  await user.selectOptions(field('Position'), 'Shortstop');
  await user.selectOptions(field('Season status'), 'Off season');
}

describe('player page 1', () => {
  it('shows no message before a field is touched, each §5 message once it is, and keeps Next disabled', async () => {
    const { user } = start();
    await screen.findByLabelText('Birth month');
    expect(errorsShown()).toEqual([]);
    expect(next().disabled).toBe(true);
    // Tab through every control without choosing anything: each one is touched (blurred) and invalid.
    field('Birth month').focus();
    for (let step = 0; step < 10; step += 1) await user.tab();
    expect(errorsShown()).toEqual([
      'Birth month is required.',
      'Birth day is required.',
      'Birth year is required.',
      'Height is required.',
      'Inches is required.',
      'Weight is required.',
      'Gender is required.',
      'Sport is required.',
      'Position is required.',
      'Season status is required.',
    ]);
    expect(field('Birth month').getAttribute('aria-invalid')).toBe('true');
    expect(next().disabled).toBe(true);
  });

  it('shows a dirty field’s message without a blur: a weight that is not a number', async () => {
    const { user } = start();
    await user.type(await screen.findByLabelText('Weight (lbs)'), 'abc');
    expect(errorsShown()).toEqual(['Weight is required.']);
    await user.clear(screen.getByLabelText('Weight (lbs)'));
    await user.type(screen.getByLabelText('Weight (lbs)'), '95.5');
    expect(errorsShown()).toEqual([]);
  });

  it('offers only the chosen sport’s positions, sorted, and drops a position of another sport', async () => {
    const { user } = start();
    await screen.findByLabelText('Sport');
    expect(optionTexts('Sport')).toEqual(['Select', 'baseball', 'Basketball', 'Softball']);
    expect(optionTexts('Position')).toEqual(['Select']);
    await user.selectOptions(field('Sport'), 'baseball');
    expect(optionTexts('Position')).toEqual(['Select', 'Catcher', 'Pitcher', 'Shortstop']);
    await user.selectOptions(field('Position'), 'Shortstop');
    await user.selectOptions(field('Sport'), 'Softball');
    expect(optionTexts('Position')).toEqual(['Select', 'Pitcher']);
    expect(field('Position').value).toBe('');
    expect(errorsShown()).toContain('Position is required.');
  });

  it('offers the days of the chosen month and year, and drops 29 February when the year is not a leap year', async () => {
    const { user } = start();
    await screen.findByLabelText('Birth month');
    expect(optionTexts('Birth day')).toHaveLength(32);
    await user.selectOptions(field('Birth month'), 'February');
    await user.selectOptions(field('Birth day'), '29');
    await user.selectOptions(field('Birth year'), '2012');
    expect(field('Birth day').value).toBe('29');
    await user.selectOptions(field('Birth year'), '2011');
    expect(optionTexts('Birth day')).toHaveLength(29);
    expect(field('Birth day').value).toBe('');
    expect(errorsShown()).toEqual(['Birth day is required.']);
  });

  it('enables Next once every field is valid, and Back on page 2 brings the values back', async () => {
    const { actor, user } = start();
    await screen.findByLabelText('Birth month');
    await fillPageOne(user);
    expect(next().disabled).toBe(false);
    await user.click(next());
    expect(actor.getSnapshot().matches('pageTwo')).toBe(true);
    await user.selectOptions(field('Weight goal'), 'Lose weight');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Birth month').value).toBe('2');
    expect(field('Position').value).toBe('11');
    expect((screen.getByLabelText('Weight (lbs)') as HTMLInputElement).value).toBe('110');
    expect(next().disabled).toBe(false);
    await user.click(next());
    expect(field('Weight goal').value).toBe('3');
  });
});

describe('player page 2', () => {
  it('shows each §5 message once touched and keeps Next disabled until all five are chosen', async () => {
    const { user } = start();
    await screen.findByLabelText('Birth month');
    await fillPageOne(user);
    await user.click(next());
    await screen.findByLabelText('Lifting experience');
    expect(errorsShown()).toEqual([]);
    field('Lifting experience').focus();
    for (let step = 0; step < 5; step += 1) await user.tab();
    expect(errorsShown()).toEqual([
      'Lifting Experience is required.',
      'Agility is required.',
      'Upper Plyometrics is required.',
      'Lower Plyometrics is required.',
      'Weight Goal is required.',
    ]);
    expect(next().disabled).toBe(true);
    for (const label of ['Lifting experience', 'Speed ladder experience', 'Medicine ball experience']) {
      await user.selectOptions(field(label), 'Beginner');
    }
    await user.selectOptions(field('Plyometric jump experience'), 'Advanced');
    expect(next().disabled).toBe(true);
    await user.selectOptions(field('Weight goal'), 'Gain weight');
    expect(errorsShown()).toEqual([]);
    expect(next().disabled).toBe(false);
  });
});

describe('logout', () => {
  it('is offered on the pages and leaves the flow for the login page', async () => {
    const { actor, user } = start();
    await screen.findByLabelText('Birth month');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ to: '/login' });
  });
});

describe('the player profile in Spanish (issue 31)', () => {
  it('labels page 1 in Spanish, with the months and genders in Spanish', async () => {
    await setLocale('es');
    start();
    await screen.findByLabelText('Mes de nacimiento');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Perfil del jugador Página 1 de 2');
    expect(optionTexts('Mes de nacimiento').slice(0, 2)).toEqual(['Seleccionar', 'enero']);
    expect(optionTexts('Género')).toEqual(['Seleccionar', 'Femenino', 'Masculino']);
    expect(screen.getByLabelText('Peso (lb)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });
});

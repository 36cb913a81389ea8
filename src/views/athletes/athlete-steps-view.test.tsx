import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Athlete, LatestLicense } from '../../api/schemas';
import { latestLicense, athlete as wireAthlete } from '../../api/wire-samples';
import { setLocale } from '../../i18n/runtime';
import { athleteStepsMachine } from '../../machines/athlete-steps.machine';
import { AthleteStepsView } from './athlete-steps-view';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the athlete steps in Spanish (issue 31)', () => {
  it('shows the athlete list and the create-athlete form with the glossary’s words', async () => {
    await setLocale('es');
    const machine = athleteStepsMachine.provide({
      actors: {
        loadAthletes: fromPromise(
          async (): Promise<Athlete[]> => [{ ...wireAthlete, user_id: 11, name: 'sam rivera' }],
        ),
        recordLatestLicence: fromPromise<LatestLicense, { licenseCode: string }>(async () => latestLicense),
      },
    });
    const actor = createActor(machine, { input: { license: null, opensAt: 'athleteList' } }).start();
    render(<AthleteStepsView actorRef={actor} />);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Elige un atleta');
    expect(screen.getByRole('group', { name: 'Atletas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Agregar nuevo atleta' }).click());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Agregar nuevo atleta');
    expect(screen.getByLabelText('Nombre del atleta')).toBeTruthy();
    expect(screen.getByText('Debe tener al menos 7 caracteres.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
  });
});

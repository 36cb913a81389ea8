import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registrationProgressSchema } from '../../api/registration-progress.schemas';
import { releasedText } from '../../domain/seat-holds';
import { setLocale } from '../../i18n/runtime';
import { ResumeOfferView } from './resume-offer-view';

/** Issue 30 point 4: the saved registration says so once the family's held spot was released. */
describe('the resume offer after a released hold', () => {
  const offer = { athlete: 'Sam Rivera', team: '12U Tigers', season: 'Spring 2027', step: 'payment.checkout' };
  const noop = () => {};

  it("says 'Your held spot on {team} was released.' with the usual offer", () => {
    render(
      <ResumeOfferView
        offer={{ ...offer, released: releasedText('12U Tigers') }}
        busy={false}
        error={null}
        onContinue={noop}
        onStartOver={noop}
      />,
    );
    expect(screen.getByText('Your held spot on 12U Tigers was released.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue where you left off' })).toBeTruthy();
  });

  it('says nothing of it while the spot is held (the server sends no `released`)', () => {
    const progress = registrationProgressSchema.parse({
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: 'payment@1',
      step: 'payment.checkout',
      athlete: { id: 11, name: 'Sam Rivera' },
      team: { name: '12U Tigers', season: 'Spring 2027' },
      snapshot: {},
      updated_at: '2026-11-26T10:00:00.000Z',
    });
    render(
      <ResumeOfferView
        offer={{ ...offer, released: progress.released ?? null }}
        busy={false}
        error={null}
        onContinue={noop}
        onStartOver={noop}
      />,
    );
    expect(screen.queryByText(/was released/)).toBeNull();
  });
});

describe('the resume offer in Spanish (issue 31)', () => {
  it('says where the registration stopped, with the glossary’s buttons', async () => {
    await setLocale('es');
    const offer = { athlete: 'Sam Rivera', team: '12U Tigers', season: 'Spring 2027', step: 'payment.checkout' };
    render(
      <ResumeOfferView
        offer={{ ...offer, released: null }}
        busy={false}
        error={null}
        onContinue={() => {}}
        onStartOver={() => {}}
      />,
    );
    expect(
      screen.getByText('Empezaste a inscribir a Sam Rivera en 12U Tigers (Spring 2027) y te detuviste en el pago.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuar donde lo dejaste' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Empezar de nuevo' })).toBeTruthy();
  });

  it('still reads in English word for word', () => {
    const offer = { athlete: null, team: '12U Tigers', season: null, step: 'register.createAthlete' };
    render(
      <ResumeOfferView
        offer={{ ...offer, released: null }}
        busy={false}
        error={null}
        onContinue={() => {}}
        onStartOver={() => {}}
      />,
    );
    expect(
      screen.getByText('You started registering your athlete for 12U Tigers and stopped at adding a new athlete.'),
    ).toBeTruthy();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registrationProgressSchema } from '../../api/registration-progress.schemas';
import { releasedText } from '../../domain/seat-holds';
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

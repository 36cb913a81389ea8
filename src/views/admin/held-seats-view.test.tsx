import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TeamHolds } from '../../api/admin-holds';
import { setLocale } from '../../i18n/runtime';
import { adminHoldsMachine } from '../../machines/admin-holds.machine';
import { HeldSeatsView } from './held-seats-view';

/**
 * Issue 34 point 1: a held seat whose athlete's request for financial assistance waits has no end yet (the server's
 * `held_until` is null, src/domain/seat-holds.ts `holdEnd`); the roster says so instead of a date, in both languages.
 */

afterEach(async () => {
  await setLocale('en');
});

describe('the held seats while a request for financial assistance waits', () => {
  it("says 'Held while assistance is decided' beside a dated hold, and in Spanish after a switch", async () => {
    const holds: TeamHolds = {
      holds: [
        { athlete: { id: 11, name: 'Sam Rivera' }, license: 'TIGERS-2027', held_until: null },
        { athlete: { id: 12, name: 'Alex Rivera' }, license: 'TIGERS-2027', held_until: '2026-12-09T10:00:00Z' },
      ],
      can_release: true,
    };
    const machine = adminHoldsMachine.provide({ actors: { load: fromPromise(async () => holds) } });
    const actor = createActor(machine, { input: { teamId: 4 } }).start();
    render(<HeldSeatsView actorRef={actor} />);
    const table = await screen.findByRole('table');
    const [, sam, alex] = within(table).getAllByRole('row');
    expect(within(sam!).getByText('Held while assistance is decided')).toBeTruthy();
    expect(within(alex!).getByText(/^Held until Dec 9, 2026/)).toBeTruthy();
    await act(() => setLocale('es'));
    expect(within(sam!).getByText('Reservado mientras se decide la ayuda')).toBeTruthy();
    expect(within(alex!).getByText(/^Reservado hasta el 9 dic 2026/)).toBeTruthy();
  });
});

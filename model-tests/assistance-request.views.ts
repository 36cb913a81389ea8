/**
 * What a person does and sees on 'Request financial assistance' (src/views/payment/assistance-request-view.tsx), keyed
 * by assistance-request.machine.ts's states. Its own model test renders the form alone; the payment flow's passes these
 * as the views of its child `assistanceRequest`.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { assistanceRequestMachine } from '../src/machines/assistance-request.machine';
import { ALREADY_ASKED, ORGANIZATION_NAME } from './assistance-request.model.ts';
import type { Views } from './harness/index.ts';

const MEALS = 'Our children receive free or reduced-price school meals (optional)';

export const assistanceRequestViews: Views<typeof assistanceRequestMachine> = {
  name: 'assistance request driver',
  driver: {
    SEND: async (event, { user }) => {
      await user.click(screen.getByRole('radio', { name: `${event.values.share_percent}%` }));
      const meals = screen.getByRole('checkbox', { name: MEALS }) as HTMLInputElement;
      if (meals.checked !== (event.values.free_or_reduced_meals === 'yes')) await user.click(meals);
      const reason = screen.getByLabelText('Reason');
      await user.clear(reason);
      await user.type(reason, event.values.reason);
      await user.click(screen.getByRole('button', { name: 'Send request' }));
    },
    BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
  },
  states: {
    editing: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Request financial assistance' })).toBeTruthy();
      expect(screen.getByText(new RegExp(`^${ORGANIZATION_NAME} can take part of the dues off`))).toBeTruthy();
      const shares = screen.getByRole('group', { name: 'Share of the dues you are asking for' });
      expect(shares.querySelectorAll('input[type="radio"]')).toHaveLength(4);
      expect(screen.getByRole('checkbox', { name: MEALS })).toBeTruthy();
      expect(screen.getByLabelText('Reason').getAttribute('aria-describedby')).toBeTruthy();
    },
    'editing.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
    'editing.refused': () => expect(screen.getByRole('alert').textContent).toBe(ALREADY_ASKED),
    sending: () => {
      const send = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
      expect(send.disabled).toBe(true);
    },
  },
};

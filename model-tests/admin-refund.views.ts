/**
 * What a person does and sees in the refund panel (src/views/admin/membership-refund.tsx): the driver and the screen
 * checks, keyed by admin-refund.machine.ts's states. Its own model test renders the panel alone; the membership
 * page's model test passes them as the views of its child `refund`.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { formatUsd } from '../src/domain/money';
import type { adminRefundMachine } from '../src/machines/admin-refund.machine';
import type { Views } from './harness/index.ts';

const amountField = () => screen.getByLabelText('Amount to refund (dollars)') as HTMLInputElement;

export const refundViews: Views<typeof adminRefundMachine> = {
  name: 'refund driver',
  driver: {
    SUBMIT: async (event, { user }) => {
      await user.clear(amountField());
      await user.type(amountField(), event.values.amount_cents);
      const reason = screen.getByLabelText('Reason');
      await user.clear(reason);
      await user.type(reason, event.values.reason);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
    },
    CONFIRM: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Refund' })),
    BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
    CANCEL: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  states: {
    form: ({ snapshot }) => {
      expect(screen.getByRole('heading', { level: 2, name: 'Refund Deposit' })).toBeTruthy();
      // First what is left on the charge; after Back, what was submitted.
      expect(amountField().value).toBe(snapshot.context.values.amount_cents);
      expect(
        screen.getByText(`Left to refund on this payment: ${formatUsd(snapshot.context.leftCents)}.`),
      ).toBeTruthy();
    },
    'form.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
    // The server's refusal above the form and on the amount field, tied to it.
    'form.invalid': () => {
      expect(screen.getByRole('alert').textContent).toBe('This is more than is left to refund.');
      expect(amountField().getAttribute('aria-invalid')).toBe('true');
      const described = amountField().getAttribute('aria-describedby') ?? '';
      expect(described.split(' ').some((id) => document.getElementById(id)?.textContent === tooMuchText)).toBe(true);
    },
    confirming: () => {
      expect(screen.getByRole('group', { name: 'Refund $52.50 to Priya Patel (Visa ending 4242)?' })).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(false);
    },
    refunding: () => {
      expect(screen.getByRole('status').textContent).toBe('Refunding…');
      expect((screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
};

const tooMuchText = 'This is more than is left to refund.';

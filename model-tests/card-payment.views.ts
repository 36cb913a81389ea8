/**
 * What a person does and sees on the return from the card provider (src/views/payment/return-notice.tsx): the driver
 * and the screen checks, keyed by card-payment.machine.ts's states. Its own model test renders the notice alone; the
 * payment flow passes these as the views of its child `cardPayment` (UiRun.children). During Pay Now the child has
 * no screen of its own: the checkout step stays, checked by the payment flow's `paying` state.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { PAYMENT_NOT_SUCCESSFUL, PAYMENT_PROCESSING, PAYMENT_SOMETHING_WENT_WRONG } from '../src/domain/payment-rules';
import type { cardPaymentMachine } from '../src/machines/card-payment.machine';
import type { Views } from './harness/index.ts';

export const cardPaymentViews: Views<typeof cardPaymentMachine> = {
  name: 'card payment driver',
  driver: {
    CONTINUE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  states: {
    'returning.retrievingIntent': () => expect(screen.getByText('Checking your payment…')).toBeTruthy(),
    recordingPayment: ({ snapshot }) => {
      if (snapshot.context.returned !== null) expect(screen.getByText('Checking your payment…')).toBeTruthy();
    },
    'returning.processing': () => expect(screen.getByText(PAYMENT_PROCESSING)).toBeTruthy(),
    'returning.failed': ({ snapshot }) => {
      expect([PAYMENT_NOT_SUCCESSFUL, PAYMENT_SOMETHING_WENT_WRONG]).toContain(snapshot.context.message);
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.message);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'returning.recordFailed': () => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach the server. Check your connection and try again.',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
  },
};

/**
 * What a person does and sees on the return from the card provider (src/views/payment/return-notice.tsx): the driver
 * and the screen checks, keyed by card-payment.machine.ts's states. Its own model test renders the notice alone; the
 * payment flow passes these as the views of its child `cardPayment` (UiRun.children). During Pay Now the child has
 * no screen of its own: the checkout step stays, checked by the payment flow's `paying` state.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../src/api/errors';
import {
  CARD_NOT_CONFIRMED,
  CHECKOUT_FALLBACK,
  DISCOUNT_NOT_FOUND,
  PAYMENT_NOT_COMPLETED,
  PAYMENT_NOT_SUCCESSFUL,
  PAYMENT_PROCESSING,
  PAYMENT_SOMETHING_WENT_WRONG,
  UNEXPECTED_CARD_ERROR,
} from '../src/domain/payment-rules';
import type { cardPaymentMachine } from '../src/machines/card-payment.machine';
import type { ShownText } from '../src/machines/payment-texts';
import type { Views } from './harness/index.ts';

/**
 * The payment machines' own texts (src/machines/payment-texts.ts), by the catalogue key they hold: the English a
 * person reads (spec §8, word for word).
 */
export const PAYMENT_TEXTS_EN: Readonly<Record<string, string>> = {
  'card.processing': PAYMENT_PROCESSING,
  'card.notSuccessful': PAYMENT_NOT_SUCCESSFUL,
  'card.somethingWentWrongDot': PAYMENT_SOMETHING_WENT_WRONG,
  'card.somethingWentWrong': CHECKOUT_FALLBACK,
  'card.unexpectedError': UNEXPECTED_CARD_ERROR,
  'card.notConfirmed': CARD_NOT_CONFIRMED,
  'payments.paymentNotCompleted': PAYMENT_NOT_COMPLETED,
  'payment.codeNotFound': DISCOUNT_NOT_FOUND,
  'payment.licenceNotAvailable': 'Sorry, this license is not available.',
  'common.networkError': NETWORK_ERROR_MESSAGE,
};

/** What a person reads for a text a payment machine holds: its catalogue key's English, or the text as it came. */
export function englishOf(value: ShownText): string {
  if (typeof value === 'string') return value;
  const english = PAYMENT_TEXTS_EN[value.key];
  if (english === undefined) throw new Error(`No English known for ${value.key}`);
  return english;
}

/** The failed return's texts, by the catalogue key the machine holds. */
const FAILED_RETURN = ['card.notSuccessful', 'card.somethingWentWrongDot'];

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
      const { message } = snapshot.context;
      const key = message !== null && typeof message !== 'string' ? message.key : '';
      expect(FAILED_RETURN).toContain(key);
      expect(screen.getByRole('alert').textContent).toBe(PAYMENT_TEXTS_EN[key]);
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

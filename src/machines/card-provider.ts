/**
 * Loading the card provider's script (design.md §6: lazily, on the step that takes the card), the same in the
 * one-athlete payment (payment.machine.ts) and the family checkout (household-checkout.machine.ts). Its own small
 * module: /draft, which never pays, carries no more than these states.
 */
import { fromPromise } from 'xstate';
import type { CardPayments } from '../providers/card-payments/types';

/** The card provider is the page's to give (src/providers/card-payments/payment.actors.ts); without one none loads. */
export const noCardProvider = fromPromise<CardPayments>(() =>
  Promise.reject(new Error('This page has no card provider.')),
);

/** The done event of the load, as the params function below reads it. */
type Loaded = { event: { output: CardPayments } };

/**
 * The states `loadingCard` and `unavailable`, for a machine that names the actor `cardPayments` and the action
 * `storeCardPayments` in its setup() and has the sibling state `ready` (the card form).
 */
export function cardProviderStates() {
  return {
    loadingCard: {
      description:
        'Spec §1 card payment provider; design.md §6: it loads lazily, and when it cannot load the page says so.',
      invoke: {
        id: 'cardPayments',
        src: 'cardPayments',
        onDone: {
          target: 'ready',
          actions: { type: 'storeCardPayments', params: ({ event }: Loaded) => ({ cardPayments: event.output }) },
        },
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'Spec §1 card payment provider: it could not load, so the payer cannot pay until a retry.',
      on: { RETRY: { target: 'loadingCard' } },
    },
  } as const;
}

/**
 * Update card's card payment with its real calls (the model tests stub every actor): card-setup's SetupIntent is
 * confirmed by the setup-only card form and saved with POST card, whose collection is the exit's receipt; a 401 of a
 * call is the `failed` exit's cause; a card or a return the provider did not confirm ends at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { ApiError } from '../api/errors';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { currentUserSchema } from '../api/schemas';
import * as samples from '../api/wire-samples';
import type { ReturnedPayment } from '../domain/payment-return';
import type { CardResult, ConfirmSetupRequest, SetupFormHandle, SetupResult } from '../providers/card-payments/types';
import { setCurrentUser } from '../session/current-user';
import type { CardPaymentInput } from './card-payment.machine';
import { CARD_TEXTS } from './payment-texts';
import { updateCardPaymentMachine } from './update-card-payment';

/** 'Your card could not be confirmed. Please try again or use another card.', as the machine holds it. */
const CARD_NOT_CONFIRMED = { key: 'card.notConfirmed' };

const RETURN_URL = 'http://localhost:3000/payments/update-card?membership_id=31';
const collection = {
  card: { brand: 'visa', last4: '4242' },
  outcome: 'paid',
  message: null,
  amount_cents: 10_000,
  payment_intent: null,
};

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...samples.currentUser, token: 'user-token' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A setup-only card form whose confirmation answers `result`, recording what it was asked to confirm. */
function setupCard(result: SetupResult) {
  const confirmed: ConfirmSetupRequest[] = [];
  const card: SetupFormHandle = {
    submit: () => Promise.resolve({}),
    confirmSetup: (request) => {
      confirmed.push(request);
      return Promise.resolve(result);
    },
  };
  return { card, confirmed };
}

function inputFor(card: SetupFormHandle | null, returned: ReturnedPayment | null = null): CardPaymentInput {
  return {
    checkout: { membershipId: 31 },
    free: false,
    card,
    billing: null,
    returnUrl: RETURN_URL,
    paidCheckout: null,
    returned,
    checkoutId: null,
    fallbacks: { noIntent: CARD_TEXTS.notConfirmed, failure: CARD_TEXTS.unexpectedError },
  };
}

/** The update-card API: card-setup answers a SetupIntent (or `setupStatus`), POST card the collection. */
function stubApi(setupStatus = 200) {
  return stubFetch((request) => {
    if (request.url.endsWith('/card-setup')) {
      return setupStatus === 200
        ? jsonResponse({ client_secret: 'seti_1_secret_x', setup_intent_id: 'seti_1' })
        : jsonResponse({ message: 'Unauthenticated.' }, setupStatus);
    }
    return jsonResponse(collection);
  });
}

describe('update card payment', () => {
  it('confirms card-setup’s SetupIntent with the card form and saves it: the collection is the receipt', async () => {
    const requests = stubApi();
    const { card, confirmed } = setupCard({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const actor = createActor(updateCardPaymentMachine, { input: inputFor(card) }).start();
    expect(await toPromise(actor)).toEqual({ exit: 'paid', receipt: collection, refunded: false });
    expect(requests.map((request) => [request.method, new URL(request.url).pathname, request.body])).toEqual([
      ['POST', '/api/memberships/31/card-setup', {}],
      ['POST', '/api/memberships/31/card', { setup_intent_id: 'seti_1' }],
    ]);
    expect(confirmed).toEqual([{ clientSecret: 'seti_1_secret_x', billingDetails: null, returnUrl: RETURN_URL }]);
  });

  it('ends failed with the call’s error when card-setup answers 401, and saves nothing', async () => {
    const requests = stubApi(401);
    const { card, confirmed } = setupCard({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const output = await toPromise(createActor(updateCardPaymentMachine, { input: inputFor(card) }).start());
    expect(output).toMatchObject({ exit: 'failed', paidCheckout: null });
    expect(output.exit === 'failed' && output.cause instanceof ApiError && output.cause.status).toBe(401);
    expect(requests).toHaveLength(1);
    expect(confirmed).toEqual([]);
  });

  it('ends refused with the §8 text when the provider does not confirm the card, and saves nothing', async () => {
    const requests = stubApi();
    const { card } = setupCard({ setupIntent: { id: 'seti_1', status: 'requires_payment_method' } });
    const output = await toPromise(createActor(updateCardPaymentMachine, { input: inputFor(card) }).start());
    expect(output).toEqual({ exit: 'refused', message: CARD_NOT_CONFIRMED, paidCheckout: null });
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/memberships/31/card-setup']);
  });

  it('back from 3-D Secure, saves the SetupIntent the provider confirmed, or ends refused when it did not', async () => {
    const returned = { paymentIntentId: 'seti_3ds', clientSecret: 'seti_3ds_secret', checkout: null, setup: true };
    for (const [status, saved] of [
      ['succeeded', true],
      ['requires_payment_method', false],
    ] as const) {
      const requests = stubApi();
      const looked: ReturnedPayment[] = [];
      const machine = updateCardPaymentMachine.provide({
        actors: {
          retrievePaymentIntent: fromPromise<CardResult, ReturnedPayment>(({ input }) => {
            looked.push(input);
            return Promise.resolve({ paymentIntent: { id: 'seti_3ds', status } });
          }),
        },
      });
      const output = await toPromise(createActor(machine, { input: inputFor(null, returned) }).start());
      expect(looked).toEqual([returned]);
      if (saved) {
        expect(output).toEqual({ exit: 'paid', receipt: collection, refunded: false });
        expect(requests.map((request) => request.body)).toEqual([{ setup_intent_id: 'seti_3ds' }]);
      } else {
        expect(output).toEqual({ exit: 'refused', message: CARD_NOT_CONFIRMED, paidCheckout: null });
        expect(requests).toEqual([]);
      }
      vi.unstubAllGlobals();
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { jsonResponse, stubFetch } from '../../api/fetch-stub';
import { cardPaymentsActor, retrievePaymentIntentActor } from './payment.actors';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/payment's card actors", () => {
  it('load the configured provider (the sandbox without keys)', async () => {
    const payments = await toPromise(createActor(cardPaymentsActor).start());
    expect(payments.name).toBe('sandbox');
  });

  it('look a returning payment up with its client secret', async () => {
    const requests = stubFetch(() =>
      jsonResponse({ id: 'pi_7', status: 'succeeded', amount: 10400, client_secret: 's' }),
    );
    const result = await toPromise(
      createActor(retrievePaymentIntentActor, {
        input: { paymentIntentId: 'pi_7', clientSecret: 'pi_7_secret_q', checkout: null, setup: false },
      }).start(),
    );
    expect(result).toEqual({ paymentIntent: { id: 'pi_7', status: 'succeeded' } });
    expect(requests[0]?.url).toContain('/sandbox/payment-intents/pi_7?client_secret=pi_7_secret_q');
  });

  it('look a returning SetupIntent (nothing due today) up as the payment it stands for', async () => {
    const requests = stubFetch(() => jsonResponse({ id: 'seti_7', status: 'succeeded', client_secret: 's' }));
    const result = await toPromise(
      createActor(retrievePaymentIntentActor, {
        input: { paymentIntentId: 'seti_7', clientSecret: 'seti_7_secret_q', checkout: null, setup: true },
      }).start(),
    );
    expect(result).toEqual({ paymentIntent: { id: 'seti_7', status: 'succeeded' } });
    expect(requests[0]?.url).toContain('/sandbox/setup-intents/seti_7');
  });
});

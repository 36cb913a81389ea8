import type { Stripe } from '@stripe/stripe-js';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStripeCardPayments, toCardResult } from './stripe-card-payments';
import { type CardFormHandle, PaymentsUnavailableError } from './types';

afterEach(() => {
  vi.useRealTimers();
});

/** Just enough of Stripe.js for Elements, the Payment Element and the calls the adapter makes. */
function fakeStripe() {
  const element = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn() };
  const elements = {
    create: vi.fn(() => element),
    update: vi.fn(),
    submit: vi.fn(async () => ({})),
    getElement: vi.fn(() => element),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
    retrievePaymentIntent: vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'processing' } })),
  };
  return { stripe, elements, element, asStripe: stripe as unknown as Stripe };
}

describe('loading Stripe.js', () => {
  it('says payments are unavailable when the script never arrives', async () => {
    vi.useFakeTimers();
    const loading = createStripeCardPayments('pk_test_x', { load: () => new Promise(() => {}), timeoutMs: 15_000 });
    const expectation = expect(loading).rejects.toBeInstanceOf(PaymentsUnavailableError);
    await vi.advanceTimersByTimeAsync(15_000);
    await expectation;
  });

  it('says so when it fails or is not available in this browser', async () => {
    await expect(
      createStripeCardPayments('pk_test_x', { load: () => Promise.reject(new Error('blocked')), timeoutMs: 1000 }),
    ).rejects.toBeInstanceOf(PaymentsUnavailableError);
    await expect(createStripeCardPayments('pk_test_x', { load: async () => null, timeoutMs: 1000 })).rejects.toThrow(
      'Stripe.js is not available in this browser.',
    );
  });

  it('loads with the publishable key and looks intents up with their client secret', async () => {
    const { asStripe, stripe } = fakeStripe();
    const load = vi.fn(async () => asStripe);
    const payments = await createStripeCardPayments('pk_test_x', { load, timeoutMs: 1000 });
    expect(load).toHaveBeenCalledWith('pk_test_x');
    expect(payments.name).toBe('stripe');
    await expect(payments.retrieve({ clientSecret: 'pi_1_secret_a', paymentIntentId: 'pi_1' })).resolves.toEqual({
      paymentIntent: { id: 'pi_1', status: 'processing' },
    });
    expect(stripe.retrievePaymentIntent).toHaveBeenCalledWith('pi_1_secret_a');
  });
});

describe('the Stripe card form', () => {
  it('creates deferred-intent Elements for the amount and confirms with redirect only if required', async () => {
    const { asStripe, stripe, elements } = fakeStripe();
    const payments = await createStripeCardPayments('pk_test_x', { load: async () => asStripe, timeoutMs: 1000 });
    let handle: CardFormHandle | null = null;
    const onHandle = (next: CardFormHandle | null) => {
      handle = next;
    };
    const view = render(payments.renderCardForm({ amount: 7500, onHandle }));
    expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'payment', amount: 7500, currency: 'usd' }),
    );
    expect(elements.create).toHaveBeenCalledWith('payment', expect.anything());
    await vi.waitFor(() => expect(handle).not.toBeNull());
    const current = handle as unknown as CardFormHandle;

    await expect(current.submit()).resolves.toEqual({});
    elements.submit.mockResolvedValueOnce({
      error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    } as never);
    await expect(current.submit()).resolves.toEqual({
      error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    });

    const billingDetails = { name: 'Pat Parent', email: 'pat@example.com' };
    await expect(
      current.confirm({
        clientSecret: 'pi_1_secret_a',
        billingDetails,
        returnUrl: 'http://localhost/payment?team_id=1',
      }),
    ).resolves.toEqual({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      clientSecret: 'pi_1_secret_a',
      confirmParams: {
        return_url: 'http://localhost/payment?team_id=1',
        payment_method_data: { billing_details: billingDetails },
      },
      redirect: 'if_required',
    });

    // A new amount (another plan) updates the same Elements instead of recreating them.
    await act(async () => {
      view.rerender(payments.renderCardForm({ amount: 47500, onHandle }));
    });
    expect(elements.update).toHaveBeenCalledWith({ amount: 47500 });
    expect(stripe.elements).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(handle).toBeNull();
  });
});

describe("Stripe's results", () => {
  it('keep the intent or the error the flow reads', () => {
    expect(
      toCardResult({ error: { type: 'card_error', code: 'card_declined', message: 'Declined.' } as never }),
    ).toEqual({
      error: { type: 'card_error', code: 'card_declined', message: 'Declined.' },
    });
    expect(toCardResult({ paymentIntent: { id: 'pi_2', status: 'requires_payment_method' } })).toEqual({
      paymentIntent: { id: 'pi_2', status: 'requires_payment_method' },
    });
    expect(toCardResult({})).toMatchObject({ error: { type: 'api_error' } });
  });
});

import type { Stripe } from '@stripe/stripe-js';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStripeCardPayments, toCardResult, toSetupResult } from './stripe-card-payments';
import { type CardFormHandle, PaymentsUnavailableError, type SetupFormHandle } from './types';

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
    confirmSetup: vi.fn(async () => ({ setupIntent: { id: 'seti_1', status: 'succeeded' } })),
    retrieveSetupIntent: vi.fn(async () => ({ setupIntent: { id: 'seti_1', status: 'succeeded' } })),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { id: 'pi_3ds', status: 'succeeded' } })),
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

describe('the Stripe form of a saved card (update card)', () => {
  it('creates setup-mode Elements for off-session charges and confirms the SetupIntent', async () => {
    const { asStripe, stripe, elements } = fakeStripe();
    const payments = await createStripeCardPayments('pk_test_x', { load: async () => asStripe, timeoutMs: 1000 });
    const handles: (SetupFormHandle | null)[] = [];
    const view = render(payments.renderSetupForm({ onHandle: (next) => handles.push(next) }));
    expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'setup', currency: 'usd', setupFutureUsage: 'off_session' }),
    );
    await vi.waitFor(() => expect(handles.at(-1)).toBeTruthy());
    const current = handles.at(-1);
    if (!current) throw new Error('the form gave no handle');
    await expect(current.submit()).resolves.toEqual({});
    const returnUrl = 'http://localhost/payments/update-card?membership_id=31';
    await expect(current.confirmSetup({ clientSecret: 'seti_1_secret_a', returnUrl })).resolves.toEqual({
      setupIntent: { id: 'seti_1', status: 'succeeded' },
    });
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      elements,
      clientSecret: 'seti_1_secret_a',
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
    view.unmount();
    expect(handles.at(-1)).toBeNull();
  });

  it('looks a SetupIntent up and authenticates a charge of the saved card', async () => {
    const { asStripe, stripe } = fakeStripe();
    const payments = await createStripeCardPayments('pk_test_x', { load: async () => asStripe, timeoutMs: 1000 });
    await expect(payments.retrieveSetup({ clientSecret: 'seti_1_secret_a', setupIntentId: 'seti_1' })).resolves.toEqual(
      { setupIntent: { id: 'seti_1', status: 'succeeded' } },
    );
    expect(stripe.retrieveSetupIntent).toHaveBeenCalledWith('seti_1_secret_a');
    await expect(
      payments.handleNextAction({ clientSecret: 'pi_3ds_secret_a', paymentIntentId: 'pi_3ds', returnUrl: 'http://x/' }),
    ).resolves.toEqual({ paymentIntent: { id: 'pi_3ds', status: 'succeeded' } });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3ds_secret_a' });
  });
});

describe("Stripe's results", () => {
  it('keep the SetupIntent or the error the update-card flow reads', () => {
    expect(toSetupResult({ setupIntent: { id: 'seti_2', status: 'requires_payment_method' } })).toEqual({
      setupIntent: { id: 'seti_2', status: 'requires_payment_method' },
    });
    expect(
      toSetupResult({ error: { type: 'card_error', code: 'card_declined', message: 'Declined.' } as never }),
    ).toEqual({ error: { type: 'card_error', code: 'card_declined', message: 'Declined.' } });
    expect(toSetupResult({})).toMatchObject({ error: { type: 'api_error' } });
  });

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

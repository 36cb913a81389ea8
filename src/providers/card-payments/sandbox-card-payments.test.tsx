import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { jsonResponse, stubFetch } from '../../api/fetch-stub';
import { CARD_MESSAGES } from './card-fields';
import { createSandboxCardPayments } from './sandbox-card-payments';
import type { CardFormHandle, SetupFormHandle } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
});

const now = () => new Date(2026, 5, 1);
const request = {
  clientSecret: 'pi_abc_secret_123',
  billingDetails: { name: 'Pat Parent', email: 'pat@example.com' },
  returnUrl: 'http://localhost/payment?payment_plan_month=3&team_id=1',
};

async function mountForm(navigate = vi.fn()) {
  const payments = createSandboxCardPayments({ navigate, now });
  let handle: CardFormHandle | null = null;
  const onHandle = (next: CardFormHandle | null) => {
    handle = next;
  };
  const view = render(payments.renderCardForm({ amount: 7500, onHandle }));
  const user = userEvent.setup();
  const enter = async (number: string, expiry = '12/30', cvc = '123') => {
    await user.type(screen.getByLabelText('Card number'), number);
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
    await user.type(screen.getByLabelText('CVC'), cvc);
  };
  const current = (): CardFormHandle => {
    if (handle === null) throw new Error('the form gave no handle');
    return handle;
  };
  return { payments, view, enter, current, navigate, handleNow: () => handle };
}

describe('the sandbox card form', () => {
  it('is a labelled form that hands over its handle while mounted', async () => {
    const { view, handleNow } = await mountForm();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(handleNow()).not.toBeNull();
    view.unmount();
    expect(handleNow()).toBeNull();
  });

  it("validates before anything is sent, with Stripe's texts tied to the fields", async () => {
    const requests = stubFetch(() => jsonResponse({}));
    const { current } = await mountForm();
    let result: Awaited<ReturnType<CardFormHandle['submit']>> = {};
    await act(async () => {
      result = await current().submit();
    });
    expect(result).toEqual({
      error: {
        type: 'validation_error',
        code: 'invalid_number',
        message: 'Your card number is incomplete.',
        text: { key: CARD_MESSAGES.numberIncomplete },
      },
    });
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('confirms the intent with the card and the billing details, Stripe-shaped', async () => {
    const requests = stubFetch(() =>
      jsonResponse({ payment_intent: { id: 'pi_abc', status: 'succeeded', amount: 7500, next_action: null } }),
    );
    const { enter, current } = await mountForm();
    await enter('4242 4242 4242 4242');
    expect(await current().submit()).toEqual({});
    await expect(current().confirm(request)).resolves.toEqual({ paymentIntent: { id: 'pi_abc', status: 'succeeded' } });
    expect(requests[0]?.url).toBe('http://localhost:3000/sandbox/payment-intents/pi_abc/confirm');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.body).toEqual({
      client_secret: 'pi_abc_secret_123',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      return_url: request.returnUrl,
      billing_details: request.billingDetails,
    });
  });

  it("returns a declined card as the provider's error, not an exception", async () => {
    stubFetch(() =>
      jsonResponse(
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
        402,
      ),
    );
    const { enter, current } = await mountForm();
    await enter('4000 0000 0000 0002');
    await expect(current().confirm(request)).resolves.toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        // Shown in the language in use (issue 31): 'Your card was declined.'
        text: { key: 'card.declined' },
      },
    });
  });

  it('follows 3-D Secure to the authentication page and reports nothing more', async () => {
    const authentication = 'http://localhost:3000/sandbox/3ds?payment_intent=pi_abc';
    stubFetch(() =>
      jsonResponse({
        payment_intent: {
          id: 'pi_abc',
          status: 'requires_action',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: authentication } },
        },
      }),
    );
    const { enter, current, navigate } = await mountForm();
    await enter('4000 0025 0000 3155');
    let settled = false;
    const markSettled = () => {
      settled = true;
    };
    current().confirm(request).then(markSettled, markSettled);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(authentication));
    // Let every pending callback run: a result would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
  });

  it('lets other failures reach the flow as errors', async () => {
    stubFetch(() => jsonResponse({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }, 404));
    const { enter, current } = await mountForm();
    await enter('4242424242424242');
    await expect(current().confirm(request)).rejects.toBeInstanceOf(ApiError);
  });

  it('looks an intent up after the return from the provider', async () => {
    const requests = stubFetch(() =>
      jsonResponse({ id: 'pi_abc', status: 'processing', amount: 7500, client_secret: 'x' }),
    );
    const payments = createSandboxCardPayments({ navigate: vi.fn(), now });
    await expect(payments.retrieve({ clientSecret: 'pi_abc_secret_123', paymentIntentId: 'pi_abc' })).resolves.toEqual({
      paymentIntent: { id: 'pi_abc', status: 'processing' },
    });
    expect(requests[0]?.url).toBe(
      'http://localhost:3000/sandbox/payment-intents/pi_abc?client_secret=pi_abc_secret_123',
    );
  });
});

describe('the sandbox card form for a saved card (update card)', () => {
  const setupRequest = {
    clientSecret: 'seti_abc_secret_123',
    returnUrl: 'http://localhost/payments/update-card?membership_id=31',
  };

  async function mountSetupForm(navigate = vi.fn()) {
    const payments = createSandboxCardPayments({ navigate, now });
    let handle: SetupFormHandle | null = null;
    const view = render(
      payments.renderSetupForm({
        onHandle: (next) => {
          handle = next;
        },
      }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    const current = (): SetupFormHandle => {
      if (handle === null) throw new Error('the form gave no handle');
      return handle;
    };
    return { view, current, navigate, handleNow: () => handle };
  }

  it('confirms the SetupIntent with the card, without authorization', async () => {
    const requests = stubFetch(() => jsonResponse({ setup_intent: { id: 'seti_abc', status: 'succeeded' } }));
    const { current, view, handleNow } = await mountSetupForm();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
    expect(await current().submit()).toEqual({});
    await expect(current().confirmSetup(setupRequest)).resolves.toEqual({
      setupIntent: { id: 'seti_abc', status: 'succeeded' },
    });
    expect(requests[0]?.url).toBe('http://localhost:3000/sandbox/setup-intents/seti_abc/confirm');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.body).toEqual({
      client_secret: 'seti_abc_secret_123',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      return_url: setupRequest.returnUrl,
    });
    view.unmount();
    expect(handleNow()).toBeNull();
  });

  it("returns a declined card as the provider's error", async () => {
    stubFetch(() =>
      jsonResponse({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }, 402),
    );
    const { current } = await mountSetupForm();
    await expect(current().confirmSetup(setupRequest)).resolves.toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        text: { key: 'card.declined' },
      },
    });
  });

  it('follows 3-D Secure to the authentication page and reports nothing more', async () => {
    const authentication = 'http://localhost:3000/sandbox/3ds?setup_intent=seti_abc';
    stubFetch(() =>
      jsonResponse({
        setup_intent: {
          id: 'seti_abc',
          status: 'requires_action',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: authentication } },
        },
      }),
    );
    const { current, navigate } = await mountSetupForm();
    let settled = false;
    const markSettled = () => {
      settled = true;
    };
    current().confirmSetup(setupRequest).then(markSettled, markSettled);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(authentication));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
  });

  it('looks a SetupIntent up after the return from the provider', async () => {
    const requests = stubFetch(() => jsonResponse({ id: 'seti_abc', status: 'succeeded' }));
    const payments = createSandboxCardPayments({ navigate: vi.fn(), now });
    await expect(
      payments.retrieveSetup({ clientSecret: 'seti_abc_secret_123', setupIntentId: 'seti_abc' }),
    ).resolves.toEqual({ setupIntent: { id: 'seti_abc', status: 'succeeded' } });
    expect(requests[0]?.url).toBe(
      'http://localhost:3000/sandbox/setup-intents/seti_abc?client_secret=seti_abc_secret_123',
    );
  });

  it("sends a charge of the saved card that needs 3-D Secure to the sandbox's authentication page", async () => {
    stubFetch(() => jsonResponse({ id: 'pi_3ds', status: 'requires_action', client_secret: 'pi_3ds_secret_x' }));
    const navigate = vi.fn();
    const payments = createSandboxCardPayments({ navigate, now });
    void payments.handleNextAction({
      clientSecret: 'pi_3ds_secret_x',
      paymentIntentId: 'pi_3ds',
      returnUrl: 'http://localhost/payments/update-card?membership_id=31',
    });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const page = new URL(String(navigate.mock.calls[0]?.[0]));
    expect(page.origin + page.pathname).toBe('http://localhost:3000/sandbox/3ds');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      payment_intent: 'pi_3ds',
      client_secret: 'pi_3ds_secret_x',
      return_url: 'http://localhost/payments/update-card?membership_id=31',
    });
  });

  it('answers at once for a charge that no longer needs authentication', async () => {
    stubFetch(() => jsonResponse({ id: 'pi_3ds', status: 'succeeded' }));
    const navigate = vi.fn();
    const payments = createSandboxCardPayments({ navigate, now });
    await expect(
      payments.handleNextAction({ clientSecret: 'pi_3ds_secret_x', paymentIntentId: 'pi_3ds', returnUrl: 'http://x/' }),
    ).resolves.toEqual({ paymentIntent: { id: 'pi_3ds', status: 'succeeded' } });
    expect(navigate).not.toHaveBeenCalled();
  });
});

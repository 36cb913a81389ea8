/**
 * The Stripe adapter (design.md §6): Stripe.js loaded lazily from the `/pure` entry (nothing is fetched until a
 * payer reaches checkout), with a timeout so a hung network becomes "payments unavailable"; the Payment Element in
 * deferred-intent mode (the intent is created by checkout only after the card is validated); confirmPayment with
 * `redirect: 'if_required'` and the /payment return URL. The update-card page uses the Payment Element in setup
 * mode (confirmSetup of the server's SetupIntent, saved for off-session charges) and handleNextAction for a charge
 * of the saved card that needs 3-D Secure.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo } from 'react';
import type { SetupIntentStatus } from '../../api/schemas';
import type { Locale } from '../../i18n/runtime';
import { useLocale, useT } from '../../i18n/use-t';
import {
  type BillingDetails,
  type CardError,
  type CardFormHandle,
  type CardFormProps,
  type CardPayments,
  type CardResult,
  PaymentsUnavailableError,
  type SetupFormHandle,
  type SetupFormProps,
  type SetupResult,
} from './types';
import { withTimeout } from './with-timeout';

/** How long Stripe.js may take to load before the page says payments are unavailable. */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

export interface StripeDependencies {
  load: (publishableKey: string) => Promise<Stripe | null>;
  timeoutMs: number;
}

const defaults: StripeDependencies = { load: (key) => loadStripe(key), timeoutMs: STRIPE_LOAD_TIMEOUT_MS };

function toCardError(error: StripeError): CardError {
  return { type: error.type, code: error.code, message: error.message };
}

/** Stripe's result shapes → ours (the same fields, without the parts the flow never reads). */

/** Where 3-D Secure comes back to, and the payer's billing details when the form has them (confirmPayment/Setup). */
function confirmParams(returnUrl: string, billingDetails: BillingDetails | null) {
  return {
    return_url: returnUrl,
    ...(billingDetails ? { payment_method_data: { billing_details: billingDetails } } : {}),
  };
}

export function toCardResult(result: {
  paymentIntent?: { id: string; status: string } | undefined;
  error?: StripeError | undefined;
}): CardResult {
  if (result.error) return { error: toCardError(result.error) };
  if (result.paymentIntent) {
    return {
      paymentIntent: {
        id: result.paymentIntent.id,
        status: result.paymentIntent.status as NonNullable<CardResult['paymentIntent']>['status'],
      },
    };
  }
  return { error: { type: 'api_error', message: 'Stripe returned neither a payment intent nor an error.' } };
}

/** Stripe's SetupIntent result → ours. */
export function toSetupResult(result: {
  setupIntent?: { id: string; status: SetupIntentStatus } | undefined;
  error?: StripeError | undefined;
}): SetupResult {
  if (result.error) return { error: toCardError(result.error) };
  if (result.setupIntent) return { setupIntent: { id: result.setupIntent.id, status: result.setupIntent.status } };
  return { error: { type: 'api_error', message: 'Stripe returned neither a setup intent nor an error.' } };
}

/** Exposes the Elements instance (setup mode) as the update-card page's form handle. */
function SetupHandleBridge({ onHandle }: Pick<SetupFormProps, 'onHandle'>) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) {
      onHandle(null);
      return;
    }
    const handle: SetupFormHandle = {
      submit: async () => {
        const { error } = await elements.submit();
        return error ? { error: toCardError(error) } : {};
      },
      confirmSetup: async ({ clientSecret, returnUrl }) =>
        toSetupResult(
          await stripe.confirmSetup({
            elements,
            clientSecret,
            confirmParams: { return_url: returnUrl },
            redirect: 'if_required',
          }),
        ),
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [stripe, elements, onHandle]);

  return null;
}

const SETUP_OPTIONS: StripeElementsOptions = {
  mode: 'setup',
  currency: 'usd',
  setupFutureUsage: 'off_session',
  appearance: { theme: 'stripe', variables: { colorPrimary: '#1d4ed8', borderRadius: '8px' } },
};

function StripeSetupForm({ stripe, onHandle, disabled = false }: SetupFormProps & { stripe: Stripe }) {
  const t = useT();
  const locale = useLocale();
  // The language the form opens in; a later switch updates the mounted Elements (ElementsLanguage).
  // biome-ignore lint/correctness/useExhaustiveDependencies: Elements options are fixed once set
  const options = useMemo<StripeElementsOptions>(() => ({ ...SETUP_OPTIONS, locale }), []);
  return (
    <fieldset className="card-fields" disabled={disabled}>
      <legend>{t('card.details')}</legend>
      <Elements stripe={stripe} options={options}>
        <PaymentElement options={{ readOnly: disabled }} />
        <ElementsLanguage locale={locale} />
        <SetupHandleBridge onHandle={onHandle} />
      </Elements>
    </fieldset>
  );
}

/** Issue 31: Stripe's own texts (labels, card errors) follow a language switch without remounting the typed card. */
function ElementsLanguage({ locale }: { locale: Locale }) {
  const elements = useElements();
  useEffect(() => {
    elements?.update({ locale });
  }, [elements, locale]);
  return null;
}

/** Exposes the Elements instance as the flow's card-form handle. */
function HandleBridge({ amount, onHandle }: Pick<CardFormProps, 'amount' | 'onHandle'>) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    // Deferred-intent Elements check the amount they will confirm; keep it in step with the chosen plan. Setup
    // mode (nothing due today) has no amount: its Elements are remounted when the mode changes (StripeCardForm).
    if (amount > 0) elements?.update({ amount });
  }, [elements, amount]);

  useEffect(() => {
    if (!stripe || !elements) {
      onHandle(null);
      return;
    }
    const handle: CardFormHandle = {
      submit: async () => {
        const { error } = await elements.submit();
        return error ? { error: toCardError(error) } : {};
      },
      confirm: async ({ clientSecret, billingDetails, returnUrl }) =>
        toCardResult(
          await stripe.confirmPayment({
            elements,
            clientSecret,
            confirmParams: confirmParams(returnUrl, billingDetails),
            redirect: 'if_required',
          }),
        ),
      confirmSetup: async ({ clientSecret, billingDetails, returnUrl }) =>
        toSetupResult(
          await stripe.confirmSetup({
            elements,
            clientSecret,
            confirmParams: confirmParams(returnUrl, billingDetails),
            redirect: 'if_required',
          }),
        ),
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [stripe, elements, onHandle]);

  return null;
}

function StripeCardForm({ stripe, amount, onHandle, disabled = false }: CardFormProps & { stripe: Stripe }) {
  // Stripe cannot take a $0.00 payment: with nothing due today (later phases only) the card is saved by a
  // SetupIntent, so Elements run in setup mode, remounted (key) when a plan change switches the mode.
  const setupMode = amount === 0;
  const t = useT();
  const locale = useLocale();
  // Elements options are fixed once set; later amounts go through elements.update (HandleBridge).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first amount seeds Elements, later ones update it
  const options = useMemo<StripeElementsOptions>(
    () =>
      setupMode
        ? { ...SETUP_OPTIONS, locale }
        : {
            mode: 'payment',
            amount,
            currency: 'usd',
            locale,
            appearance: { theme: 'stripe', variables: { colorPrimary: '#1d4ed8', borderRadius: '8px' } },
          },
    [setupMode],
  );
  return (
    <fieldset className="card-fields" disabled={disabled}>
      <legend>{t('card.details')}</legend>
      <Elements key={setupMode ? 'setup' : 'payment'} stripe={stripe} options={options}>
        <PaymentElement options={{ readOnly: disabled }} />
        <ElementsLanguage locale={locale} />
        <HandleBridge amount={amount} onHandle={onHandle} />
      </Elements>
    </fieldset>
  );
}

/** Loads Stripe.js for `publishableKey`; rejects with PaymentsUnavailableError when it cannot. */
export async function createStripeCardPayments(
  publishableKey: string,
  dependencies: StripeDependencies = defaults,
): Promise<CardPayments> {
  let stripe: Stripe | null;
  try {
    stripe = await withTimeout(
      dependencies.load(publishableKey),
      dependencies.timeoutMs,
      () => new PaymentsUnavailableError('Stripe.js did not load in time.'),
    );
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) throw error;
    throw new PaymentsUnavailableError('Stripe.js could not be loaded.', { cause: error });
  }
  if (stripe === null) throw new PaymentsUnavailableError('Stripe.js is not available in this browser.');
  const loaded = stripe;
  return {
    name: 'stripe',
    renderCardForm: (props) => <StripeCardForm {...props} stripe={loaded} />,
    async retrieve({ clientSecret }) {
      return toCardResult(await loaded.retrievePaymentIntent(clientSecret));
    },
    renderSetupForm: (props) => <StripeSetupForm {...props} stripe={loaded} />,
    async retrieveSetup({ clientSecret }) {
      return toSetupResult(await loaded.retrieveSetupIntent(clientSecret));
    },
    async handleNextAction({ clientSecret }) {
      const result = await loaded.handleNextAction({ clientSecret });
      return toCardResult({ paymentIntent: result.paymentIntent, error: result.error });
    },
  };
}

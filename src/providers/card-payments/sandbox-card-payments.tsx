/**
 * The offline card provider (design.md §6, docs/api.md "Sandbox providers"): an accessible card form of our own
 * whose handle behaves like Stripe.js — validation errors before anything is sent, confirmPayment / confirmSetup
 * against the server's sandbox intents, Stripe-shaped results, and for 3-D Secure a redirect to the sandbox's
 * authentication page (next_action.redirect_to_url), after which the promise never settles, as with Stripe.js.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiUrl } from '../../api/client';
import { confirmSandboxPaymentIntent, getSandboxPaymentIntent } from '../../api/sandbox';
import { confirmSandboxSetupIntent, getSandboxSetupIntent } from '../../api/sandbox-setup-intents';
import type { SandboxPaymentIntent, SandboxSetupIntent } from '../../api/schemas';
import { useT } from '../../i18n/use-t';
import { CardInput } from '../card-input';
import {
  type CardField,
  type CardFieldProblem,
  type CardFields,
  cardFieldErrors,
  type ParsedCard,
  readCard,
  sandboxCardError,
} from './card-fields';
import type {
  CardError,
  CardFormHandle,
  CardFormProps,
  CardIntent,
  CardPayments,
  CardResult,
  ConfirmRequest,
  ConfirmSetupRequest,
  SetupFormHandle,
  SetupFormProps,
  SetupIntentResult,
  SetupResult,
} from './types';

export interface SandboxDependencies {
  /** Leaves the page for the provider's authentication page. */
  navigate: (url: string) => void;
  now: () => Date;
}

const browser: SandboxDependencies = {
  navigate: (url) => window.location.assign(url),
  now: () => new Date(),
};

function toCardIntent(intent: SandboxPaymentIntent): CardIntent {
  return { id: intent.id, status: intent.status };
}

function toSetupIntent(intent: SandboxSetupIntent): SetupIntentResult {
  return { id: intent.id, status: intent.status };
}

/** Stripe's client secrets are `<intent id>_secret_<random>`, for payment and setup intents alike. */
function intentIdOf(clientSecret: string): string {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : clientSecret;
}

/** The page is leaving for 3-D Secure: like Stripe.js after a redirect, there is nothing more to report. */
function leaveFor<T>(url: string, dependencies: SandboxDependencies): Promise<T> {
  dependencies.navigate(url);
  return new Promise<T>(() => {});
}

function cardBody(card: ParsedCard) {
  return { card_number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc };
}

async function confirmWithCard(
  fields: CardFields,
  request: ConfirmRequest,
  dependencies: SandboxDependencies,
): Promise<CardResult> {
  const read = readCard(fields, dependencies.now());
  if ('error' in read) return { error: read.error };
  const answer = await confirmSandboxPaymentIntent(intentIdOf(request.clientSecret), {
    client_secret: request.clientSecret,
    ...cardBody(read.card),
    return_url: request.returnUrl,
    ...(request.billingDetails ? { billing_details: { ...request.billingDetails } } : {}),
  });
  if ('error' in answer) return { error: sandboxCardError(answer.error) };
  const intent = answer.paymentIntent;
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect) return leaveFor(redirect, dependencies);
  return { paymentIntent: toCardIntent(intent) };
}

async function confirmSetupWithCard(
  fields: CardFields,
  request: ConfirmSetupRequest,
  dependencies: SandboxDependencies,
): Promise<SetupResult> {
  const read = readCard(fields, dependencies.now());
  if ('error' in read) return { error: read.error };
  const answer = await confirmSandboxSetupIntent(intentIdOf(request.clientSecret), {
    client_secret: request.clientSecret,
    ...cardBody(read.card),
    return_url: request.returnUrl,
  });
  if ('error' in answer) return { error: sandboxCardError(answer.error) };
  const intent = answer.setupIntent;
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect) return leaveFor(redirect, dependencies);
  return { setupIntent: toSetupIntent(intent) };
}

const EMPTY: CardFields = { number: '', expiry: '', cvc: '' };

/** What a form's handle needs from the mounted fields: the latest values, and a validation that shows its errors. */
interface EnteredCard {
  fields(): CardFields;
  submit(): Promise<{ error?: CardError | undefined }>;
}

/** The card fields; `toHandle` turns them into the handle of the form's kind (payment or setup). */
function SandboxCardForm<THandle>({
  onHandle,
  disabled = false,
  dependencies,
  toHandle,
}: {
  onHandle: (handle: THandle | null) => void;
  disabled?: boolean | undefined;
  dependencies: SandboxDependencies;
  toHandle: (card: EnteredCard, dependencies: SandboxDependencies) => THandle;
}) {
  const t = useT();
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [shownErrors, setShownErrors] = useState<Partial<Record<CardField, CardFieldProblem>>>({});
  const latest = useRef(fields);
  latest.current = fields;
  const hintId = useId();

  const handle = useMemo<THandle>(
    () =>
      toHandle(
        {
          fields: () => latest.current,
          submit: async () => {
            setShownErrors(cardFieldErrors(latest.current, dependencies.now()));
            const read = readCard(latest.current, dependencies.now());
            return 'error' in read ? { error: read.error } : {};
          },
        },
        dependencies,
      ),
    [dependencies, toHandle],
  );

  useEffect(() => {
    onHandle(handle);
    return () => onHandle(null);
  }, [handle, onHandle]);

  const bind = (name: CardField) => ({
    value: fields[name],
    disabled,
    error: shownErrors[name] === undefined ? undefined : t(shownErrors[name]),
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setFields((current) => ({ ...current, [name]: value }));
      setShownErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <fieldset className="card-fields" aria-describedby={hintId}>
      <legend>{t('card.details')}</legend>
      <p id={hintId} className="field-hint">
        {t('card.testMode')}
      </p>
      <CardInput
        label={t('card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...bind('number')}
      />
      <div className="card-fields__row">
        <CardInput
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          {...bind('expiry')}
        />
        <CardInput
          label={t('card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={t('card.cvc')}
          {...bind('cvc')}
        />
      </div>
    </fieldset>
  );
}

function paymentHandle(card: EnteredCard, dependencies: SandboxDependencies): CardFormHandle {
  return {
    submit: card.submit,
    confirm: (request) => confirmWithCard(card.fields(), request, dependencies),
    confirmSetup: (request) => confirmSetupWithCard(card.fields(), request, dependencies),
  };
}

function setupHandle(card: EnteredCard, dependencies: SandboxDependencies): SetupFormHandle {
  return {
    submit: card.submit,
    confirmSetup: (request) => confirmSetupWithCard(card.fields(), request, dependencies),
  };
}

/** The sandbox's 3-D Secure page for an intent the server confirmed with a saved card (no card form involved). */
export function sandboxAuthenticationUrl(request: {
  clientSecret: string;
  paymentIntentId: string;
  returnUrl: string;
}): string {
  const query = new URLSearchParams({
    payment_intent: request.paymentIntentId,
    client_secret: request.clientSecret,
    return_url: request.returnUrl,
  });
  return apiUrl(`/sandbox/3ds?${query.toString()}`);
}

/** Builds the sandbox provider; tests pass their own navigation and clock. */
export function createSandboxCardPayments(dependencies: SandboxDependencies = browser): CardPayments {
  return {
    name: 'sandbox',
    renderCardForm: (props: CardFormProps) => (
      <SandboxCardForm {...props} dependencies={dependencies} toHandle={paymentHandle} />
    ),
    async retrieve({ clientSecret, paymentIntentId }) {
      const intent = await getSandboxPaymentIntent(paymentIntentId, clientSecret);
      return { paymentIntent: toCardIntent(intent) };
    },
    renderSetupForm: (props: SetupFormProps) => (
      <SandboxCardForm {...props} dependencies={dependencies} toHandle={setupHandle} />
    ),
    async retrieveSetup({ clientSecret, setupIntentId }) {
      const intent = await getSandboxSetupIntent(setupIntentId, clientSecret);
      return { setupIntent: toSetupIntent(intent) };
    },
    async handleNextAction(request) {
      const intent = await getSandboxPaymentIntent(request.paymentIntentId, request.clientSecret);
      if (intent.status === 'requires_action') return leaveFor(sandboxAuthenticationUrl(request), dependencies);
      return { paymentIntent: toCardIntent(intent) };
    },
  };
}

export const sandboxCardPayments: CardPayments = createSandboxCardPayments();

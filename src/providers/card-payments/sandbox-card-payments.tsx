/**
 * The offline card provider (design.md §6, docs/api.md "Sandbox providers"): an accessible card form of our own
 * whose handle behaves like Stripe.js — validation errors before anything is sent, confirmPayment against the
 * server's sandbox intents, Stripe-shaped results, and for 3-D Secure a redirect to the sandbox's authentication
 * page (next_action.redirect_to_url), after which the promise never settles, as with Stripe.js.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { confirmSandboxPaymentIntent, getSandboxPaymentIntent } from '../../api/sandbox';
import type { SandboxPaymentIntent } from '../../api/schemas';
import { TextField } from '../../views/common/field';
import { type CardField, type CardFields, cardFieldErrors, readCard } from './card-fields';
import type { CardFormHandle, CardFormProps, CardIntent, CardPayments, CardResult, ConfirmRequest } from './types';

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

function intentIdOf(clientSecret: string): string {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : clientSecret;
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
    card_number: read.card.number,
    exp_month: read.card.expMonth,
    exp_year: read.card.expYear,
    cvc: read.card.cvc,
    return_url: request.returnUrl,
    ...(request.billingDetails ? { billing_details: { ...request.billingDetails } } : {}),
  });
  if ('error' in answer) return { error: answer.error };
  const intent = answer.paymentIntent;
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect) {
    dependencies.navigate(redirect);
    // The page is leaving: like Stripe.js after a redirect, there is nothing more to report.
    return new Promise<CardResult>(() => {});
  }
  return { paymentIntent: toCardIntent(intent) };
}

const EMPTY: CardFields = { number: '', expiry: '', cvc: '' };

function SandboxCardForm({
  onHandle,
  disabled = false,
  dependencies,
}: CardFormProps & { dependencies: SandboxDependencies }) {
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [shownErrors, setShownErrors] = useState<Partial<Record<CardField, string>>>({});
  const latest = useRef(fields);
  latest.current = fields;
  const hintId = useId();

  const handle = useMemo<CardFormHandle>(
    () => ({
      submit: async () => {
        const errors = cardFieldErrors(latest.current, dependencies.now());
        setShownErrors(errors);
        const read = readCard(latest.current, dependencies.now());
        return 'error' in read ? { error: read.error } : {};
      },
      confirm: (request) => confirmWithCard(latest.current, request, dependencies),
    }),
    [dependencies],
  );

  useEffect(() => {
    onHandle(handle);
    return () => onHandle(null);
  }, [handle, onHandle]);

  const bind = (name: CardField) => ({
    value: fields[name],
    disabled,
    error: shownErrors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setFields((current) => ({ ...current, [name]: value }));
      setShownErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <fieldset className="card-fields" aria-describedby={hintId}>
      <legend>Card details</legend>
      <p id={hintId} className="field-hint">
        Test mode: no card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...bind('number')}
      />
      <div className="card-fields__row">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          {...bind('expiry')}
        />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" {...bind('cvc')} />
      </div>
    </fieldset>
  );
}

/** Builds the sandbox provider; tests pass their own navigation and clock. */
export function createSandboxCardPayments(dependencies: SandboxDependencies = browser): CardPayments {
  return {
    name: 'sandbox',
    renderCardForm: (props) => <SandboxCardForm {...props} dependencies={dependencies} />,
    async retrieve({ clientSecret, paymentIntentId }) {
      const intent = await getSandboxPaymentIntent(paymentIntentId, clientSecret);
      return { paymentIntent: toCardIntent(intent) };
    },
  };
}

export const sandboxCardPayments: CardPayments = createSandboxCardPayments();

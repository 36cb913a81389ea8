/**
 * The offline billing provider (design.md §6): an accessible card form whose details the server's sandbox exchanges
 * for an `sbx-tok-…` token (docs/api.md, Sandbox providers). It stands in for Recurly.js, whose card element keeps
 * the card inside its iframe: likewise, the card here stays in the provider and only the token reaches the flow.
 */
import { useState } from 'react';
import { ApiError, errorText } from '../../api/errors';
import { createSandboxBillingToken } from '../../api/sandbox';
import { CardInput } from '../card-input';
import { type BillingAddress, BillingCardError, type BillingProvider } from './billing-provider';

export interface SandboxCardValues {
  number: string;
  month: string;
  year: string;
  cvv: string;
}

type CardField = keyof SandboxCardValues;

const EMPTY_CARD: SandboxCardValues = { number: '', month: '', year: '', cvv: '' };

/** The card entry of the sandbox: labelled inputs that write into the provider's card. */
function SandboxCardFields({ card }: { card: SandboxCardValues }) {
  const [values, setValues] = useState<SandboxCardValues>(() => ({ ...card }));
  const bind = (field: CardField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      card[field] = value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });
  return (
    <fieldset className="card-fields">
      <legend>Card</legend>
      <p className="field-hint">Test mode: no card is charged. Use 4111 1111 1111 1111 with any future expiry.</p>
      <CardInput
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
        {...bind('number')}
      />
      <div className="card-fields__row">
        <CardInput
          label="Expiration month"
          autoComplete="cc-exp-month"
          inputMode="numeric"
          placeholder="MM"
          maxLength={2}
          {...bind('month')}
        />
        <CardInput
          label="Expiration year"
          autoComplete="cc-exp-year"
          inputMode="numeric"
          placeholder="YYYY"
          maxLength={4}
          {...bind('year')}
        />
        <CardInput
          label="Security code (CVV)"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...bind('cvv')}
        />
      </div>
    </fieldset>
  );
}

/** A sandbox provider with its own (empty) card. */
export function createSandboxBilling(): BillingProvider {
  const card: SandboxCardValues = { ...EMPTY_CARD };
  return {
    kind: 'sandbox',
    renderCardFields: () => <SandboxCardFields card={card} />,
    async tokenize(address: BillingAddress, signal?: AbortSignal): Promise<string> {
      try {
        const token = await createSandboxBillingToken(
          { number: card.number, month: card.month, year: card.year, cvv: card.cvv, ...address },
          { signal },
        );
        return token.id;
      } catch (error) {
        // The sandbox answers a refused card or field with 422 and its field messages, as Recurly.js reports them.
        if (error instanceof ApiError && error.kind === 'http' && error.status === 422) {
          throw new BillingCardError(errorText(error));
        }
        throw error;
      }
    },
  };
}

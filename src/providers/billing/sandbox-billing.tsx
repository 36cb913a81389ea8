/**
 * The offline billing provider (design.md §6): an accessible card form whose details the server's sandbox exchanges
 * for an `sbx-tok-…` token (docs/api.md, Sandbox providers). It stands in for Recurly.js, whose card element keeps
 * the card inside its iframe: likewise, the card here stays in the provider and only the token reaches the flow.
 * Its texts are the catalogue's (`subscribe` group, issue 31): the card form's, and its refusals, which it checks
 * before sending as Recurly.js does (sandbox-card-rules.ts).
 */
import { useState } from 'react';
import { ApiError, errorText } from '../../api/errors';
import { createSandboxBillingToken } from '../../api/sandbox';
import { type Message, text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { CardInput } from '../card-input';
import { type BillingAddress, BillingCardError, type BillingProvider } from './billing-provider';
import { sandboxCardProblems } from './sandbox-card-rules';

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
  const t = useT();
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
      <legend>{t('subscribe.card')}</legend>
      <p className="field-hint">{t('subscribe.sandboxTestMode')}</p>
      <CardInput
        label={t('subscribe.cardNumber')}
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
        {...bind('number')}
      />
      <div className="card-fields__row">
        <CardInput
          label={t('subscribe.expirationMonth')}
          autoComplete="cc-exp-month"
          inputMode="numeric"
          placeholder={t('subscribe.monthPlaceholder')}
          maxLength={2}
          {...bind('month')}
        />
        <CardInput
          label={t('subscribe.expirationYear')}
          autoComplete="cc-exp-year"
          inputMode="numeric"
          placeholder={t('subscribe.yearPlaceholder')}
          maxLength={4}
          {...bind('year')}
        />
        <CardInput
          label={t('subscribe.securityCode')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...bind('cvv')}
        />
      </div>
    </fieldset>
  );
}

/** A refusal in the catalogue's words: its messages, and their text in the language in use for the error's message. */
function refusal(messages: readonly Message[]): BillingCardError {
  return new BillingCardError(messages.map((message) => text(message)).join('\n'), messages);
}

/** 'Please check your card details.': a refusal of the server's sandbox the checks here did not foresee. */
const CHECK_CARD_DETAILS: Message = { key: 'subscribe.checkCardDetails' };

/** A sandbox provider with its own (empty) card; tests pass their own clock. */
export function createSandboxBilling(now: () => Date = () => new Date()): BillingProvider {
  const card: SandboxCardValues = { ...EMPTY_CARD };
  return {
    kind: 'sandbox',
    renderCardFields: () => <SandboxCardFields card={card} />,
    async tokenize(address: BillingAddress, signal?: AbortSignal): Promise<string> {
      const request = { number: card.number, month: card.month, year: card.year, cvv: card.cvv, ...address };
      const problems = sandboxCardProblems(request, now());
      if (problems.length > 0) throw refusal(problems);
      try {
        const token = await createSandboxBillingToken(request, { signal });
        return token.id;
      } catch (error) {
        // The sandbox answers a refused card or field with 422 and its field messages (in English, as Recurly.js
        // reports them): the checks above say the same in the language in use, so this is a rule they lack.
        if (error instanceof ApiError && error.kind === 'http' && error.status === 422) {
          throw new BillingCardError(errorText(error), [CHECK_CARD_DETAILS]);
        }
        throw error;
      }
    },
  };
}

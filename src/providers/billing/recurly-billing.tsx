/**
 * The production billing provider (design.md §6): Recurly.js, loaded from js.recurly.com only when this build is
 * configured for Recurly (config.billing.provider === 'recurly'), never on an offline or sandbox build. Its card
 * element is an iframe of Recurly's: the card never touches this page, only the token Recurly.js returns.
 */
import { useEffect, useRef } from 'react';
import { currentLocale, type Message } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type BillingAddress,
  BillingCardError,
  type BillingProvider,
  BillingUnavailableError,
} from './billing-provider';

export const RECURLY_SCRIPT_URL = 'https://js.recurly.com/v4/recurly.js';

/** A hung network never fires the script's load or error event: after this long the page says billing is down. */
export const RECURLY_LOAD_TIMEOUT_MS = 15_000;

/** The slice of the Recurly.js v4 API this adapter uses (the library ships no types). */
export interface RecurlyElement {
  attach(container: HTMLElement): unknown;
  remove(): unknown;
}

export interface RecurlyElements {
  CardElement(options?: Record<string, unknown>): RecurlyElement;
}

export interface RecurlyError {
  message?: string;
  code?: string;
  fields?: string[];
}

export interface RecurlyJs {
  configure(options: { publicKey: string }): void;
  Elements(): RecurlyElements;
  token(
    elements: RecurlyElements,
    billing: Record<string, string>,
    done: (error: RecurlyError | null, token?: { id: string }) => void,
  ): void;
}

/** What a refusal of Recurly.js says in a language other than English (its own messages are English only). */
const CHECK_CARD_DETAILS: Message = { key: 'subscribe.checkCardDetails' };

/** The `recurly` global Recurly.js defines on the page's window, if loaded. */
function recurlyOf(view: (Window & typeof globalThis) | null): RecurlyJs | undefined {
  return (view as { recurly?: RecurlyJs } | null)?.recurly;
}

export interface LoadRecurlyOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  document?: Document;
}

/** Adds the Recurly.js script tag once and resolves with the `recurly` global it defines. */
export function loadRecurlyScript({
  timeoutMs = RECURLY_LOAD_TIMEOUT_MS,
  signal,
  document: doc = document,
}: LoadRecurlyOptions = {}): Promise<RecurlyJs> {
  const view = doc.defaultView;
  const present = recurlyOf(view);
  if (present) return Promise.resolve(present);
  return new Promise<RecurlyJs>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = RECURLY_SCRIPT_URL;
    script.async = true;
    let settled = false;
    const finish = (outcome: () => void, keepScript: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // A failed or abandoned tag is removed so that trying again adds a fresh one.
      if (!keepScript) script.remove();
      outcome();
    };
    const unavailable = (why: string) => () => reject(new BillingUnavailableError(`Recurly.js ${why}`));
    const onAbort = () => finish(() => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError')), false);
    const timer = setTimeout(() => finish(unavailable(`did not load within ${timeoutMs} ms`), false), timeoutMs);
    script.addEventListener('load', () => {
      const recurly = recurlyOf(view);
      finish(recurly ? () => resolve(recurly) : unavailable('loaded without defining recurly'), recurly !== undefined);
    });
    script.addEventListener('error', () => finish(unavailable('could not be loaded'), false));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    doc.head.appendChild(script);
  });
}

/** Recurly's card element inside the billing form, attached while the form is shown. */
function RecurlyCardFields({ element }: { element: RecurlyElement }) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    element.attach(container.current);
    return () => {
      element.remove();
    };
  }, [element]);
  return (
    <fieldset className="card-fields">
      <legend>{t('subscribe.card')}</legend>
      <div ref={container} className="recurly-card" />
    </fieldset>
  );
}

export interface RecurlyBillingOptions extends LoadRecurlyOptions {
  publicKey: string;
}

/** Loads and configures Recurly.js; rejects with BillingUnavailableError when it cannot be loaded. */
export async function createRecurlyBilling({ publicKey, ...load }: RecurlyBillingOptions): Promise<BillingProvider> {
  const recurly = await loadRecurlyScript(load);
  recurly.configure({ publicKey });
  const elements = recurly.Elements();
  const cardElement = elements.CardElement();
  return {
    kind: 'recurly',
    renderCardFields: () => <RecurlyCardFields element={cardElement} />,
    tokenize(address: BillingAddress): Promise<string> {
      return new Promise<string>((resolve, reject) => {
        recurly.token(elements, { ...address }, (error, token) => {
          if (error || !token) {
            // Recurly's validation and card errors carry a message meant for the person (§8), in English only:
            // another language shows the catalogue's 'Please check your card details.' instead.
            reject(new BillingCardError(error?.message ?? '', currentLocale() === 'en' ? [] : [CHECK_CARD_DETAILS]));
            return;
          }
          resolve(token.id);
        });
      });
    },
  };
}

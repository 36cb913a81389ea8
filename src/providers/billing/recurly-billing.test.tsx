import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initLocale, text } from '../../i18n/runtime';
import { BillingCardError, BillingUnavailableError, cardErrorText } from './billing-provider';
import {
  createRecurlyBilling,
  loadRecurlyScript,
  RECURLY_LOAD_TIMEOUT_MS,
  RECURLY_SCRIPT_URL,
  type RecurlyError,
  type RecurlyJs,
} from './recurly-billing';

function fakeRecurly() {
  const element = { attach: vi.fn(), remove: vi.fn() };
  const elements = { CardElement: vi.fn(() => element) };
  let answer: { error: RecurlyError | null; token?: { id: string } } = { error: null, token: { id: 'tok-1' } };
  const recurly = {
    configure: vi.fn(),
    Elements: vi.fn(() => elements),
    token: vi.fn((_elements: unknown, _billing: Record<string, string>, done: Parameters<RecurlyJs['token']>[2]) =>
      done(answer.error, answer.token),
    ),
  };
  return {
    recurly,
    elements,
    element,
    answerWith(next: typeof answer) {
      answer = next;
    },
  };
}

/** Recurly.js's global, as the page sees it. */
const page = window as unknown as { recurly?: unknown };

function scriptTags(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>(`script[src="${RECURLY_SCRIPT_URL}"]`)];
}

afterEach(() => {
  delete page.recurly;
  for (const script of scriptTags()) script.remove();
  vi.useRealTimers();
});

const address = {
  first_name: 'Pat',
  last_name: 'Rivera',
  address1: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

describe('loadRecurlyScript', () => {
  it('adds one script tag for js.recurly.com and resolves with the recurly global once it loaded', async () => {
    const fake = fakeRecurly();
    const loading = loadRecurlyScript();
    const [script, ...others] = scriptTags();
    expect(others).toEqual([]);
    expect(script?.async).toBe(true);
    page.recurly = fake.recurly;
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(fake.recurly);
    expect(scriptTags()).toHaveLength(1);
  });

  it('does not load the script again when Recurly.js is already on the page', async () => {
    const fake = fakeRecurly();
    page.recurly = fake.recurly;
    await expect(loadRecurlyScript()).resolves.toBe(fake.recurly);
    expect(scriptTags()).toEqual([]);
  });

  it('reports billing unavailable when the script fails, and removes the tag so a retry adds a fresh one', async () => {
    const loading = loadRecurlyScript();
    scriptTags()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toBeInstanceOf(BillingUnavailableError);
    expect(scriptTags()).toEqual([]);
  });

  it('reports billing unavailable when the script loads without defining recurly', async () => {
    const loading = loadRecurlyScript();
    scriptTags()[0]?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toBeInstanceOf(BillingUnavailableError);
  });

  it('gives up after the timeout on a network that never answers', async () => {
    vi.useFakeTimers();
    const loading = loadRecurlyScript();
    const outcome = expect(loading).rejects.toBeInstanceOf(BillingUnavailableError);
    vi.advanceTimersByTime(RECURLY_LOAD_TIMEOUT_MS);
    await outcome;
    expect(scriptTags()).toEqual([]);
  });

  it('stops waiting when the page leaves (aborted)', async () => {
    const controller = new AbortController();
    const loading = loadRecurlyScript({ signal: controller.signal });
    controller.abort();
    await expect(loading).rejects.toThrow();
    await expect(loading).rejects.not.toBeInstanceOf(BillingUnavailableError);
    expect(scriptTags()).toEqual([]);
  });
});

describe('createRecurlyBilling', () => {
  async function loaded(fake: ReturnType<typeof fakeRecurly>) {
    page.recurly = fake.recurly;
    return createRecurlyBilling({ publicKey: 'ewr1-public-key' });
  }

  it('configures Recurly.js with the public key and attaches its card element while the form is shown', async () => {
    const fake = fakeRecurly();
    const billing = await loaded(fake);
    expect(billing.kind).toBe('recurly');
    expect(fake.recurly.configure).toHaveBeenCalledWith({ publicKey: 'ewr1-public-key' });
    const { container, unmount } = render(billing.renderCardFields());
    expect(screen.getByRole('group', { name: 'Card' })).toBeTruthy();
    expect(fake.element.attach).toHaveBeenCalledWith(container.querySelector('.recurly-card'));
    unmount();
    expect(fake.element.remove).toHaveBeenCalled();
  });

  it("tokenizes the card element with the billing address and resolves with the token's id", async () => {
    const fake = fakeRecurly();
    const billing = await loaded(fake);
    await expect(billing.tokenize(address)).resolves.toBe('tok-1');
    expect(fake.recurly.token).toHaveBeenCalledWith(fake.elements, address, expect.any(Function));
  });

  it("turns Recurly's error into a BillingCardError with its message (§8)", async () => {
    const fake = fakeRecurly();
    const billing = await loaded(fake);
    fake.answerWith({ error: { code: 'validation', message: 'There was an error validating your request.' } });
    const refused = billing.tokenize(address);
    await expect(refused).rejects.toBeInstanceOf(BillingCardError);
    await expect(refused).rejects.toThrow('There was an error validating your request.');
    // In English the page shows Recurly's own words.
    expect(cardErrorText(await refused.catch((error: unknown) => error))).toBe(
      'There was an error validating your request.',
    );
  });

  it("in Spanish shows the catalogue's 'Please check your card details.' instead of Recurly's English", async () => {
    const fake = fakeRecurly();
    const billing = await loaded(fake);
    initLocale('es');
    fake.answerWith({ error: { code: 'validation', message: 'There was an error validating your request.' } });
    const error = await billing.tokenize(address).catch((refusal: unknown) => refusal);
    expect(cardErrorText(error)).toEqual({ key: 'subscribe.checkCardDetails' });
    expect(text({ key: 'subscribe.checkCardDetails' })).toBe('Revisa los datos de tu tarjeta.');
  });
});

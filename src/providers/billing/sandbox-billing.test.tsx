import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { jsonResponse, stubFetch } from '../../api/fetch-stub';
import { text } from '../../i18n/runtime';
import { BillingCardError } from './billing-provider';
import { createSandboxBilling } from './sandbox-billing';

const address = {
  first_name: 'Pat',
  last_name: 'Rivera',
  address1: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

async function enterCard(number: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiration month'), '12');
  await user.type(screen.getByLabelText('Expiration year'), '2030');
  await user.type(screen.getByLabelText('Security code (CVV)'), '123');
}

describe('the sandbox billing provider', () => {
  it('offers a labelled card form: number, month, year and security code', () => {
    render(createSandboxBilling().renderCardFields());
    expect(screen.getByRole('group', { name: 'Card' })).toBeTruthy();
    expect(
      screen.getByText('Test mode: no card is charged. Use 4111 1111 1111 1111 with any future expiry.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Expiration month').getAttribute('placeholder')).toBe('MM');
    expect(screen.getByLabelText('Expiration year').getAttribute('placeholder')).toBe('YYYY');
    expect(screen.getByLabelText('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Expiration month').getAttribute('autocomplete')).toBe('cc-exp-month');
    expect(screen.getByLabelText('Expiration year').getAttribute('autocomplete')).toBe('cc-exp-year');
    expect(screen.getByLabelText('Security code (CVV)').getAttribute('autocomplete')).toBe('cc-csc');
  });

  it('exchanges the entered card and the billing address for a token (POST /sandbox/billing/tokens)', async () => {
    const requests = stubFetch(() => jsonResponse({ id: 'sbx-tok-abcdefghijklmnopqrstuvwx' }));
    const billing = createSandboxBilling();
    render(billing.renderCardFields());
    await enterCard('4111 1111 1111 1111');
    await expect(billing.tokenize(address)).resolves.toBe('sbx-tok-abcdefghijklmnopqrstuvwx');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toMatch(/\/sandbox\/billing\/tokens$/);
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.body).toEqual({
      number: '4111 1111 1111 1111',
      month: '12',
      year: '2030',
      cvv: '123',
      ...address,
    });
  });

  it('keeps the card when the form is shown again (the page re-renders it)', async () => {
    const requests = stubFetch(() => jsonResponse({ id: 'sbx-tok-abcdefghijklmnopqrstuvwx' }));
    const billing = createSandboxBilling();
    const { unmount } = render(billing.renderCardFields());
    await enterCard('4000 0000 0000 0002');
    unmount();
    render(billing.renderCardFields());
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    await billing.tokenize(address);
    expect(requests[0]?.body).toMatchObject({ number: '4000 0000 0000 0002' });
  });

  it("checks the card as the sandbox does before sending it, in the catalogue's words (one a line)", async () => {
    const requests = stubFetch(() => jsonResponse({ id: 'sbx-tok-abcdefghijklmnopqrstuvwx' }));
    const refusalOf = async (billing: ReturnType<typeof createSandboxBilling>, changed = address) => {
      const refused = await billing.tokenize(changed).catch((error: unknown) => error);
      if (!(refused instanceof BillingCardError)) throw new Error('not refused');
      return { keys: refused.texts.map((message) => message.key), shown: refused.texts.map(text).join('\n') };
    };
    // Nothing entered: every card field, in the sandbox's order and words.
    expect(await refusalOf(createSandboxBilling())).toEqual({
      keys: [
        'subscribe.cardNumberInvalid',
        'subscribe.expirationMonthInvalid',
        'subscribe.expirationYearInvalid',
        'subscribe.securityCodeInvalid',
      ],
      shown:
        'Card number is invalid.\nExpiration month is invalid.\nExpiration year is invalid.\nSecurity code is invalid.',
    });
    const billing = createSandboxBilling(() => new Date('2027-06-15T12:00:00Z'));
    render(billing.renderCardFields());
    await enterCard('4111 1111 1111 1112');
    expect((await refusalOf(billing)).shown).toBe('Card number is invalid.');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await user.clear(screen.getByLabelText('Expiration year'));
    await user.type(screen.getByLabelText('Expiration year'), '2026');
    await user.clear(screen.getByLabelText('Security code (CVV)'));
    await user.type(screen.getByLabelText('Security code (CVV)'), '12');
    expect(await refusalOf(billing, { ...address, postal_code: '!' })).toEqual({
      keys: ['subscribe.securityCodeInvalid', 'subscribe.postalCodeInvalid', 'subscribe.cardExpired'],
      shown: 'Security code is invalid.\nPostal code is invalid.\nCard has expired.',
    });
    expect(requests).toHaveLength(0);
  });

  it("turns a 422 the checks did not foresee into a BillingCardError: 'Please check your card details.'", async () => {
    stubFetch(() =>
      jsonResponse(
        { message: 'The given data was invalid.', messages: { number: ['Card number is invalid.'], cvv: [] } },
        422,
      ),
    );
    const billing = createSandboxBilling();
    render(billing.renderCardFields());
    await enterCard('4111 1111 1111 1111');
    const refused = billing.tokenize(address);
    await expect(refused).rejects.toBeInstanceOf(BillingCardError);
    await expect(refused).rejects.toThrow('Card number is invalid.');
    await expect(refused).rejects.toMatchObject({ texts: [{ key: 'subscribe.checkCardDetails' }] });
    expect(text({ key: 'subscribe.checkCardDetails' })).toBe('Please check your card details.');
  });

  it('lets any other failure through unchanged (the flow shows the unexpected-error text)', async () => {
    stubFetch(() => jsonResponse({ message: 'Server error' }, 500));
    const billing = createSandboxBilling();
    render(billing.renderCardFields());
    await enterCard('4111 1111 1111 1111');
    const failed = billing.tokenize(address);
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.not.toBeInstanceOf(BillingCardError);
  });
});

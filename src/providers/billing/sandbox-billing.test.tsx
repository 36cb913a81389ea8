import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { jsonResponse, stubFetch } from '../../api/fetch-stub';
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

  it("turns the sandbox's 422 into a BillingCardError carrying its field messages", async () => {
    stubFetch(() =>
      jsonResponse(
        { message: 'The given data was invalid.', messages: { number: ['Card number is invalid.'], cvv: [] } },
        422,
      ),
    );
    const billing = createSandboxBilling();
    const refused = billing.tokenize(address);
    await expect(refused).rejects.toBeInstanceOf(BillingCardError);
    await expect(refused).rejects.toThrow('Card number is invalid.');
  });

  it('lets any other failure through unchanged (the flow shows the unexpected-error text)', async () => {
    stubFetch(() => jsonResponse({ message: 'Server error' }, 500));
    const failed = createSandboxBilling().tokenize(address);
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.not.toBeInstanceOf(BillingCardError);
  });
});

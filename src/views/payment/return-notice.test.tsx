import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/runtime';
import type { ReturnNotice } from '../../machines/card-return.connect';
import { ReturnNoticeScreen } from './return-notice';

const notice = (change: Partial<ReturnNotice>): ReturnNotice => ({
  checking: false,
  message: null,
  error: null,
  canTryAgain: false,
  canRetry: false,
  ...change,
});

describe('the 3-D Secure return screen (issue 31: the machine holds keys, the view says them)', () => {
  it("says the card payment's result in English, and again in Spanish after a switch", async () => {
    render(
      <ReturnNoticeScreen
        view={notice({ message: { key: 'card.notSuccessful' }, canTryAgain: true })}
        send={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Your payment was not successful, please try again.');
    await act(() => setLocale('es'));
    expect(screen.getByRole('alert').textContent).toBe('Tu pago no se realizó, inténtalo de nuevo.');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });

  it("shows the server's text as it came (it is already in the language in use)", () => {
    render(<ReturnNoticeScreen view={notice({ error: 'The selected plan is not offered.' })} send={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('The selected plan is not offered.');
  });
});

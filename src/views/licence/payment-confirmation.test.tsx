import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { householdReceiptSchema } from '../../api/household.schemas';
import { householdReceiptSample } from '../../api/household-samples';
import { receiptSchema } from '../../api/schemas';
import { receipt as receiptSample } from '../../api/wire-samples';
import { PaymentConfirmation } from './payment-confirmation';

describe('the claimed page confirmation of a family checkout (issue 20)', () => {
  it("lists every athlete's lines and the household's 'Sibling discount'", () => {
    const receipt = householdReceiptSchema.parse({
      ...householdReceiptSample,
      athletes: [
        ...householdReceiptSample.athletes,
        {
          ...householdReceiptSample.athletes[0],
          membership_id: 8,
          athlete_id: 12,
          name: 'Alex Rivera',
          amount_cents: 43_000,
          sibling_discount_cents: 4_500,
        },
      ],
    });
    render(
      <PaymentConfirmation confirmation={{ receipt: null, refunded: false, afterReturn: false, household: receipt }} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Payment confirmed' })).toBeTruthy();
    expect(screen.getAllByText('Paid today')[0]?.nextElementSibling?.textContent).toBe('$905.00');
    expect(screen.getAllByText('Sibling discount')[0]?.nextElementSibling?.textContent).toBe('−$45.00');
    const sam = screen.getByRole('region', { name: 'Sam Rivera' });
    expect(within(sam).queryByText('Sibling discount')).toBeNull();
    const alex = screen.getByRole('region', { name: 'Alex Rivera' });
    expect(within(alex).getByText('Sibling discount').nextElementSibling?.textContent).toBe('−$45.00');
    expect(within(alex).getByText('Paid today').nextElementSibling?.textContent).toBe('$430.00');
  });

  it('one athlete: paid today, team, season, plan, the sibling discount and the card in one block, then the schedule', () => {
    const receipt = receiptSchema.parse({ ...receiptSample, sibling_discount_cents: 4_500 });
    render(<PaymentConfirmation confirmation={{ receipt, refunded: false, afterReturn: true, household: null }} />);
    expect(screen.getByText('Payment succeeded!')).toBeTruthy();
    const terms = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent, term.parentElement?.className]);
    expect(terms).toEqual([
      ['Paid today', '$104.00', 'amounts__row amounts__row--total'],
      ['Team', '12U Tigers', 'amounts__row'],
      ['Season', 'Spring 2027', 'amounts__row'],
      ['Plan', '3 monthly payments', 'amounts__row'],
      ['Sibling discount', '−$45.00', 'amounts__row'],
      ['Card', expect.stringContaining('4242'), 'amounts__row'],
    ]);
    expect(screen.getByRole('table', { name: 'Remaining payments' }).textContent).toContain('$135.00');
    expect(screen.queryByRole('region', { name: /Rivera/ })).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feeBreakdown, summarizeTeamFees, type TeamFees } from '../../domain/fees';
import { setLocale } from '../../i18n/runtime';
import { feeTotalsView } from '../../machines/fee-totals.connect';
import type { SummaryAthlete } from '../../machines/household-checkout.connect';
import { FeeSummary } from './fee-summary';
import { HouseholdSummary } from './household-summary';

function athlete(id: number, name: string, sibling: number): SummaryAthlete {
  return {
    id,
    name,
    teamLine: '12U Tigers · Spring 2027',
    planName: 'Pay in full',
    rows: [
      { key: 'dues', label: { key: 'payment.dues' }, cents: 45_000 },
      { key: 'code', label: { key: 'payment.discount' }, cents: -0 },
      { key: 'sibling', label: { key: 'payment.siblingDiscount' }, cents: -sibling },
      { key: 'protection', label: { key: 'payment.injuryProtection' }, cents: 0 },
      { key: 'appFee', label: { key: 'payment.appFeeNonRefundable' }, cents: 2_500 },
      { key: 'today', label: { key: 'payment.dueToday' }, cents: 47_500 - sibling },
      { key: 'later', label: { key: 'payment.laterPayments' }, cents: 0 },
    ],
  };
}

describe('the family fee summary (issue 20)', () => {
  it("lists each athlete's lines, then the household's 'Sibling discount', then the totals", () => {
    render(
      <HouseholdSummary
        athletes={[athlete(11, 'Sam Rivera', 0), athlete(12, 'Alex Rivera', 4_500)]}
        totals={{ ...feeTotalsView(95_000, { cents: 4_500, percent: 0 }), todayCents: 90_500, laterCents: 0 }}
      />,
    );
    const summary = screen.getByRole('region', { name: 'Your payment' });
    const terms = within(summary)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms.slice(-4)).toEqual([
      ['Sibling discount', '−$45.00'],
      ['Due today', '$905.00'],
      ['Later payments', '$0.00'],
      ['Total', '$905.00'],
    ]);
    expect(terms.filter(([label]) => label === 'Sibling discount').map(([, amount]) => amount)).toEqual([
      '$0.00',
      '−$45.00',
      '−$45.00',
    ]);
  });

  it('gives five athletes the same fixed rows (no layout shift once amounts arrive)', () => {
    const five = [11, 12, 13, 14, 15].map((id) => athlete(id, `Athlete ${id}`, id === 11 ? 0 : 4_500));
    const { container } = render(<HouseholdSummary athletes={five} totals={null} />);
    expect(container.querySelectorAll('.household-summary__athlete')).toHaveLength(5);
    expect(container.querySelectorAll('.household-summary__athlete .household-summary__row')).toHaveLength(35);
  });
});

describe("the one-athlete fee summary's 'Sibling discount' line (issue 20 point 2)", () => {
  const tigers: TeamFees = {
    total_dues: 45_000,
    athlete_deposit: 5_000,
    payment_plan_fee: 500,
    total_app_fee: 2_500,
    is_app_fee_itemized: true,
  };

  it('shows the household discount the server applied and the total less it', () => {
    const breakdown = feeBreakdown(tigers, null);
    render(
      <FeeSummary
        summary={summarizeTeamFees(tigers, false)}
        breakdown={breakdown}
        seasonName="Spring 2027"
        seasonStart="2027-03-01"
        discount={null}
        totals={feeTotalsView(breakdown.total, { cents: 4_500, percent: 10 })}
      />,
    );
    expect(screen.getByText('Sibling discount (10%)').nextElementSibling?.textContent).toBe('−$45.00');
    expect(screen.getByText('Total due').nextElementSibling?.textContent).toBe('$430.00');
  });

  it('says it in Spanish (issue 31): the glossary terms, and the season date as Spanish writes it', async () => {
    await setLocale('es');
    const breakdown = feeBreakdown(tigers, null);
    render(
      <FeeSummary
        summary={summarizeTeamFees(tigers, false)}
        breakdown={breakdown}
        seasonName="Spring 2027"
        seasonStart="2027-03-01"
        discount={{ code: 'SPRING10', percentOff: 10, flatAmount: null, applied: true }}
        totals={feeTotalsView(breakdown.total, { cents: 4_500, percent: 10 })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Cuotas del equipo' })).toBeTruthy();
    expect(screen.getByText('Descuento por hermanos (10%)').nextElementSibling?.textContent).toBe('−$45.00');
    expect(screen.getByText('Total a pagar')).toBeTruthy();
    expect(screen.getByText('Spring 2027 comienza el 1 mar 2027.')).toBeTruthy();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hasSeasonStarted } from '../../domain/dates';
import { type ClientDiscount, feeBreakdown, summarizeTeamFees, type TeamFees } from '../../domain/fees';
import { FeeSummary } from './fee-summary';
import { WaiverSection } from './waiver-section';

// docs/fixtures.md, in cents.
const storm: TeamFees = {
  total_dues: 30000,
  athlete_deposit: 7500,
  payment_plan_fee: 0,
  total_app_fee: 2000,
  is_app_fee_itemized: false,
};
const tigers: TeamFees = {
  total_dues: 45000,
  athlete_deposit: 5000,
  payment_plan_fee: 500,
  total_app_fee: 2500,
  is_app_fee_itemized: true,
};
const now = new Date('2026-11-21T12:00:00Z');

function row(label: RegExp) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

describe('the fee summary (§4, §9)', () => {
  it('14U Storm: season started, app fee folded into the deposit and the overall fees', () => {
    const summary = summarizeTeamFees(storm, hasSeasonStarted('2026-09-01', now));
    render(
      <FeeSummary
        summary={summary}
        breakdown={feeBreakdown(storm, null)}
        seasonName="Fall 2026"
        seasonStart="2026-09-01"
        discount={null}
      />,
    );
    expect(screen.getByText(/Fall 2026 has already started \(Sep 1, 2026\)/).textContent).toContain(
      'which includes the app fee, is due today',
    );
    expect(row(/^Player deposit \(includes the \$20\.00 app fee/)).toBe('$95.00');
    expect(row(/^Overall fees/)).toBe('$320.00');
    expect(row(/^Total due$/)).toBe('$320.00');
    expect(screen.queryByText(/^App fee/)).toBeNull();
  });

  it('12U Tigers: season to come, app fee itemized on its own line, the discount a line of the discounted total', () => {
    const summary = summarizeTeamFees(tigers, hasSeasonStarted('2027-03-01', now));
    const save10: ClientDiscount = { code: 'SAVE10', percentOff: 10, flatAmount: null, applied: true };
    render(
      <FeeSummary
        summary={summary}
        breakdown={feeBreakdown(tigers, save10)}
        seasonName="Spring 2027"
        seasonStart="2027-03-01"
        discount={save10}
      />,
    );
    expect(screen.getByText('Spring 2027 starts Mar 1, 2027.')).toBeTruthy();
    expect(row(/^Player deposit \(non-refundable\)/)).toBe('$50.00');
    // Issue 15: $450.00 − $45.00 + $25.00 is the total it states.
    expect(row(/^Total dues$/)).toBe('$450.00');
    expect(row(/^Discount SAVE10/)).toBe('−$45.00');
    expect(row(/^App fee/)).toBe('$25.00');
    expect(row(/^Total due$/)).toBe('$430.00');
  });

  it('12U Tigers with FULLRIDE: the app fee is waived, the total is $0.00', () => {
    const fullRide: ClientDiscount = { code: 'FULLRIDE', percentOff: 100, flatAmount: null, applied: true };
    render(
      <FeeSummary
        summary={summarizeTeamFees(tigers, false)}
        breakdown={feeBreakdown(tigers, fullRide)}
        seasonName="Spring 2027"
        seasonStart="2027-03-01"
        discount={fullRide}
      />,
    );
    expect(row(/^Discount FULLRIDE/)).toBe('−$450.00');
    expect(row(/^App fee/)).toBe('$25.00 Waived');
    expect(screen.getByText('$25.00').tagName).toBe('S');
    expect(row(/^Total due$/)).toBe('$0.00');
  });
});

describe('the waiver', () => {
  // The sanitizer is its own chunk (waiver-markup.tsx), so the markup arrives a moment after the section.
  it('renders pasted HTML sanitized', async () => {
    const { container } = render(
      <WaiverSection
        waiver={
          '<p>Club <strong>rules</strong></p><script>window.hacked = true</script><img src="x" onerror="alert(1)">'
        }
        agreed={false}
        touched={false}
        onChange={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Waiver text' });
    await waitFor(() => expect(region.querySelector('strong')?.textContent).toBe('rules'));
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('drops inline styles, which the Content-Security-Policy would block and report', async () => {
    render(
      <WaiverSection
        waiver={'<p style="color: red">Club <em style="font-weight: bold">rules</em></p>'}
        agreed={false}
        touched={false}
        onChange={vi.fn()}
      />,
    );
    const region = screen.getByRole('region', { name: 'Waiver text' });
    await waitFor(() => expect(region.querySelector('em')?.textContent).toBe('rules'));
    expect(region.querySelector('[style]')).toBeNull();
  });

  it('keeps plain text as text, paragraphs included', () => {
    render(<WaiverSection waiver={'Ages 8 < 10 play up.\n\nSecond.'} agreed touched onChange={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Waiver text' }).textContent).toBe('Ages 8 < 10 play up.\n\nSecond.');
    expect(screen.queryByText('You must agree to the terms and conditions')).toBeNull();
  });
});

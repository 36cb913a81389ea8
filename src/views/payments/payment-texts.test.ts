import { describe, expect, it } from 'vitest';
import { membershipSummarySchema } from '../../api/payments.schemas';
import { membershipView } from './payment-texts';

const wire = {
  id: 31,
  team_name: 'Tigers 12U',
  season_name: 'Spring 2027',
  athlete_name: null,
  plan_name: '3 monthly payments',
  payment_plan_month: 3,
  total_cents: 15000,
  paid_cents: 15000,
  remaining_cents: 0,
  next_payment: null,
  phases: [
    {
      id: 1,
      due_date: '2027-01-15',
      amount_cents: 15000,
      status: 'paid',
      attempts: 1,
      paid_at: '2027-01-15T12:00:00.000Z',
      failure_message: null,
      refunded_cents: 0,
    },
    {
      id: 2,
      due_date: '2027-03-01',
      amount_cents: 15000,
      status: 'cancelled',
      attempts: 0,
      paid_at: null,
      failure_message: null,
      refunded_cents: 0,
    },
  ],
  refunded_cents: 0,
  card: null,
  needs_card_update: false,
};

describe('membershipView (issue 30 point 5)', () => {
  it("reads a cancelled schedule as 'Cancelled', never 'Paid'", () => {
    const view = membershipView(membershipSummarySchema.parse({ ...wire, status: 'cancelled' }));
    expect(view.status).toBe('Cancelled');
    expect(view.rows.map((row) => row.status)).toEqual(['Paid', 'Cancelled']);
    expect(view.remaining).toBe('$0.00');
  });

  it('shows no status from an older server that sends none', () => {
    expect(membershipView(membershipSummarySchema.parse(wire)).status).toBeNull();
  });
});

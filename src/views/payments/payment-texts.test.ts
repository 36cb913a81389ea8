import { describe, expect, it } from 'vitest';
import { membershipSummarySchema } from '../../api/payments.schemas';
import { setLocale } from '../../i18n/runtime';
import { chargedText, membershipView } from './payment-texts';

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

describe('My payments in Spanish (issue 31)', () => {
  it('reads statuses, dates, the next payment and the card in Spanish', async () => {
    await setLocale('es');
    const view = membershipView(
      membershipSummarySchema.parse({
        ...wire,
        status: 'on_schedule',
        remaining_cents: 15000,
        next_payment: { due_date: '2027-03-01', amount_cents: 15000 },
        card: { brand: 'visa', last4: '4242' },
        phases: [wire.phases[0], { ...wire.phases[1], status: 'scheduled' }],
      }),
    );
    expect(view.status).toBe('Al día');
    expect(view.rows.map((row) => row.status)).toEqual(['Pagado', 'Programado']);
    expect(view.nextPayment).toMatch(/^\$150\.00 el 1 (de )?mar/);
    expect(view.card).toBe('Visa terminada en 4242');
    expect(chargedText(5250, { brand: 'visa', last4: '4242' })).toBe(
      'Se cobraron $52.50 a tu Visa terminada en 4242. Enviamos un recibo a tu correo electrónico.',
    );
  });
});

/** Answers of GET /api/memberships and the update-card calls for the payments model tests (money in cents). */
import { type CollectionResult, membershipListSchema } from '../src/api/payments.schemas';

export const { memberships } = membershipListSchema.parse({
  memberships: [
    {
      id: 31,
      // Issue 32 point 4: the team asks its own questions ('Change answers').
      has_questions: true,
      team_name: 'Tigers 12U',
      season_name: 'Spring 2027',
      athlete_name: 'Sam Parent',
      plan_name: '3 monthly payments',
      payment_plan_month: 3,
      total_cents: 60000,
      paid_cents: 30000,
      remaining_cents: 30000,
      next_payment: { due_date: '2027-03-01', amount_cents: 10000 },
      phases: [
        {
          id: 1,
          due_date: '2027-01-15',
          amount_cents: 30000,
          status: 'paid',
          attempts: 1,
          paid_at: '2027-01-15T10:00:00.000Z',
          failure_message: null,
        },
        {
          id: 2,
          due_date: '2027-03-01',
          amount_cents: 10000,
          status: 'failed',
          attempts: 1,
          paid_at: null,
          failure_message: 'Your card was declined.',
        },
        {
          id: 3,
          due_date: '2027-04-01',
          amount_cents: 10000,
          status: 'scheduled',
          attempts: 0,
          paid_at: null,
          failure_message: null,
        },
        {
          id: 4,
          due_date: '2027-05-01',
          amount_cents: 10000,
          status: 'scheduled',
          attempts: 0,
          paid_at: null,
          failure_message: null,
        },
      ],
      card: { brand: 'visa', last4: '0341' },
      needs_card_update: true,
      sibling_discount_cents: 4500,
    },
    {
      id: 12,
      team_name: 'Lions 10U',
      season_name: null,
      athlete_name: null,
      plan_name: 'Pay in full',
      payment_plan_month: 0,
      total_cents: 45000,
      paid_cents: 45000,
      remaining_cents: 0,
      next_payment: null,
      phases: [
        {
          id: 9,
          due_date: '2026-09-01',
          amount_cents: 45000,
          status: 'paid',
          attempts: 1,
          paid_at: '2026-09-01T10:00:00.000Z',
          failure_message: null,
          // Issue 22 point 4: half of it refunded by the club.
          refunded_cents: 22500,
        },
      ],
      refunded_cents: 22500,
      card: null,
      needs_card_update: false,
    },
  ],
});

const newCard = { brand: 'visa', last4: '4242' };

export const collected: Record<
  'paid' | 'nothingDue' | 'failed' | 'failedWithoutMessage' | 'needsAction',
  CollectionResult
> = {
  paid: { card: newCard, outcome: 'paid', message: null, amount_cents: 10000, payment_intent: null },
  nothingDue: { card: newCard, outcome: 'nothing_due', message: null, amount_cents: 0, payment_intent: null },
  failed: {
    card: { brand: 'visa', last4: '0002' },
    outcome: 'failed',
    message: 'Your card was declined.',
    amount_cents: 10000,
    payment_intent: null,
  },
  failedWithoutMessage: { card: newCard, outcome: 'failed', message: null, amount_cents: 10000, payment_intent: null },
  needsAction: {
    card: { brand: 'visa', last4: '3184' },
    outcome: 'requires_action',
    message: null,
    amount_cents: 10000,
    payment_intent: { id: 'pi_3ds', client_secret: 'pi_3ds_secret_x' },
  },
};

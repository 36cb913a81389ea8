/**
 * Issue 30 point 3: the payment flow's declaration of what it saves (payment.persist.ts) against the real machine.
 * A snapshot of the machine at every step it is saved at, stripped and sent through JSON as the site saves it, reads
 * back the same step and choices, and the input made of them starts the machine with those choices again. Renaming a
 * context field read here without a reader fails this test (and the declaration's typecheck).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentDataSchema } from '../api/payment-data.schemas';
import { currentUserSchema } from '../api/schemas';
import { currentUser, paymentData } from '../api/wire-samples';
import { toClientDiscount } from '../domain/fees';
import { savableSnapshot } from '../session/progress';
import { initialContext, type PaymentContext } from './payment.context';
import { paymentMachine } from './payment.machine';
import { type PaymentResumePoint, type PaymentStep, paymentProgress } from './payment.persist';

const user = currentUserSchema.parse(currentUser);
const data = paymentDataSchema.parse({ ...paymentData, athlete: { id: 11, name: 'Sam Rivera' } });
const discount = toClientDiscount({
  discount_code: 'FULLRIDE',
  percent_off: 100,
  flat_discount_amount: null,
  is_active: true,
});

/** The machine's states a payment is saved at, and the step each resumes at (Pay Now in progress: checkout). */
const SAVED_AT: Readonly<Record<string, PaymentStep>> = {
  choosingPlan: 'choosingPlan',
  protection: 'protection',
  checkout: 'checkout',
  paying: 'checkout',
  // Issue 34 point 1: a request for financial assistance sent: the family comes back to step 1.
  assistanceSent: 'choosingPlan',
  // Issue 34 point 4: a registration by check or cash being recorded returns to checkout, as Pay Now does.
  recordingCheckOrCash: 'checkout',
};

/** The point a saved payment at `step` resumes at: the choices below. */
function pointAt(step: PaymentStep): PaymentResumePoint {
  return {
    flow: 'payment',
    license: 'TIGERS-2027',
    step,
    athleteId: 11,
    planMonth: 3,
    includeProtection: true,
    discountCode: 'FULLRIDE',
  };
}

/** The machine's context once a payer made the point's choices (the plans loaded, the code looked up). */
function contextWithChoices(): PaymentContext {
  return {
    ...initialContext({ user }),
    data,
    selectedPlanMonth: 3,
    includeProtection: true,
    discount,
  };
}

/** What the site saves of the machine in a state: the persisted snapshot, stripped of secrets, through JSON. */
function savedAt(state: string, context: PaymentContext): unknown {
  const snapshot = paymentMachine.resolveState({ value: state, context });
  return JSON.parse(JSON.stringify(savableSnapshot(paymentMachine.getPersistedSnapshot(snapshot))));
}

describe('what the payment flow saves and reads back (issue 30 point 3)', () => {
  it('declares fields of the machine’s context only', () => {
    const fields = Object.keys(createActor(paymentMachine, { input: { user } }).getSnapshot().context);
    expect(paymentProgress.contextFields.length).toBeGreaterThan(0);
    expect(fields).toEqual(expect.arrayContaining([...paymentProgress.contextFields]));
  });

  it('is saved at the payment options, protection, checkout and Pay Now', () => {
    expect([...paymentProgress.savedStates].sort()).toEqual(Object.keys(SAVED_AT).sort());
    expect([...paymentProgress.steps].sort()).toEqual([...new Set(Object.values(SAVED_AT))].sort());
  });

  it.each(Object.entries(SAVED_AT))('reads a payment saved at %s back at step %s', (state, step) => {
    const point = paymentProgress.pointOf(savedAt(state, contextWithChoices()));
    expect(point).toEqual(pointAt(step));
  });

  it('resumes the machine with the choices it read', () => {
    for (const step of paymentProgress.steps) {
      const input = paymentProgress.inputOf(pointAt(step));
      expect(input).toEqual({ resume: { step, planMonth: 3, includeProtection: true, discountCode: 'FULLRIDE' } });
      const resumed = createActor(paymentMachine, { input: { user, ...input } }).getSnapshot().context;
      expect(resumed).toMatchObject({
        selectedPlanMonth: 3,
        includeProtection: true,
        pendingCode: 'FULLRIDE',
        reloadFor: step,
      });
    }
  });

  it('saves nothing while loading, for a family checkout, or without a licence', () => {
    expect(paymentProgress.pointOf(savedAt('loadingPlans', contextWithChoices()))).toBeNull();
    const household = { athletes: [], checkoutKey: 'key-1' };
    expect(paymentProgress.pointOf(savedAt('checkout', { ...contextWithChoices(), household }))).toBeNull();
    expect(paymentProgress.pointOf(savedAt('checkout', { ...contextWithChoices(), user: null }))).toBeNull();
  });

  it('is complete once paid (the claimed page), not before', () => {
    expect(paymentProgress.completed({ status: 'done', value: 'toClaimed' })).toBe(true);
    expect(paymentProgress.completed({ status: 'active', value: { checkout: 'ready' } })).toBe(false);
    expect(paymentProgress.completed({ status: 'done', value: 'toDashboard' })).toBe(false);
  });

  it('versions a saved payment by the payment machine', () => {
    expect(paymentProgress.versionOf).toEqual([paymentMachine]);
  });
});

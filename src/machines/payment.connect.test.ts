import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentDataSchema } from '../api/payment-data.schemas';
import { t } from '../i18n/runtime';
import { draftPreviewMachine } from './draft-preview';
import { checkoutView, paymentOptionsView, protectionView } from './payment.connect';

const data = paymentDataSchema.parse({
  team: {
    id: 1,
    name: '12U Tigers',
    total_dues: 450,
    athlete_deposit: 50,
    payment_plan_fee: 5,
    total_app_fee: 25,
    is_app_fee_itemized: true,
    waiver: null,
  },
  season: { id: 1, name: 'Spring 2027', start_date: '2027-03-01' },
  injury_protection_insurance: { id: 1, description: 'Injury Protection', amount: 29 },
  payment_plans: [
    { month: 0, name: 'Pay in full', phases: [{ start_time_formatted: 'Today', amount: 475, base_amount: 475 }] },
    {
      month: 3,
      name: '3 monthly payments',
      additional: 5,
      phases: [
        { start_time_formatted: 'Today', amount: 75, base_amount: 75 },
        { start_time_formatted: 'Apr 1, 2027', amount: 135, base_amount: 135 },
      ],
    },
  ],
  is_season_set: true,
  connected_account_stripe_id: null,
  error: null,
});

/** The server-rendered preview starts at the plans: no call is needed to reach step 1. */
function previewAtStepOne() {
  const actor = createActor(draftPreviewMachine, { input: { draftId: 2, plans: data } });
  actor.start();
  return actor;
}

describe('the payment steps as the connect module derives them (issue 19 point 4: views derive nothing)', () => {
  it('gives step 1 its plans, today’s lines, team fees and team line, in cents', () => {
    const actor = previewAtStepOne();
    const view = paymentOptionsView(actor.getSnapshot());
    expect(view.teamLine).toBe('12U Tigers · Spring 2027');
    expect(view.plans.map((plan) => [plan.name, plan.chargedToday, plan.showsChargedToday])).toEqual([
      ['Pay in full', 47500, false],
      ['3 monthly payments', 7500, false],
    ]);
    // Issue 31: the lines hold catalogue keys; the view shows their texts.
    expect(view.plans[1]?.todayLines.map((line) => ({ label: t(line.label), amount: line.amount }))).toEqual([
      { label: 'Player deposit', amount: 5000 },
      { label: 'App fee (non-refundable)', amount: 2500 },
    ]);
    expect(view.fees?.breakdown.total).toBe(47500);
    // The season of the fixture starts in 2027: the machine decided it when the plans came, not the view.
    expect(view.fees?.summary.seasonStarted).toBe(actor.getSnapshot().context.seasonStarted);
    actor.stop();
  });

  it('keeps each derived figure the same object while the plans and choices stay the same (shallowEqual)', () => {
    const actor = previewAtStepOne();
    const before = paymentOptionsView(actor.getSnapshot());
    actor.send({ type: 'SELECT_PLAN', month: 3 });
    const after = paymentOptionsView(actor.getSnapshot());
    expect(after.plans).toBe(before.plans);
    expect(after.fees).toBe(before.fees);
    expect(after.selectedPlanMonth).toBe(3);
    actor.stop();
  });

  it('gives the protection page and checkout the chosen plan’s charge', () => {
    const actor = previewAtStepOne();
    actor.send({ type: 'SELECT_PLAN', month: 3 });
    actor.send({ type: 'NEXT' });
    expect(protectionView(actor.getSnapshot())).toMatchObject({
      protection: { description: 'Injury Protection', amount: 2900 },
      added: false,
      chosenPlanName: '3 monthly payments',
      chargedToday: 7500,
    });
    actor.send({ type: 'NEXT' });
    const checkout = checkoutView(actor.getSnapshot());
    expect(checkout.plan?.name).toBe('3 monthly payments');
    expect(checkout.plan?.remainingTotal).toBe(13500);
    expect(checkout.free).toBe(false);
    expect(checkout.waiver).toBeNull();
    actor.stop();
  });
});

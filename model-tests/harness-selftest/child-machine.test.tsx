import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  defineModel,
  doneEvent,
  errorEvent,
  generatePaths,
  missingDriverSteps,
  runPathOnMachine,
  runPaths,
  type Views,
} from '../harness/index.ts';
import { pickPlanMachine as childMachine, shopMachine } from './machines/shop.machine.ts';
import { ShopView } from './views/shop-view.tsx';

const planModel = defineModel({
  machine: childMachine,
  events: {
    PICK: [{ type: 'PICK', plan: 'gold' }],
    'xstate.done.actor.price': [doneEvent('price', 5)],
    'xstate.error.actor.price': [errorEvent('price', { status: 500 })],
  },
  states: { pricing: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ plan: 'gold' }) },
});

const model = defineModel({
  machine: shopMachine,
  children: { plan: planModel },
  context: ['pricing'],
});

const planViews: Views<typeof childMachine> = {
  driver: {
    PICK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Gold' })),
    BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
  },
  states: { pricing: () => expect(screen.getByRole('status').textContent).toBe('Pricing gold') },
};

describe('a child machine that runs for real (ModelConfig.children)', () => {
  const paths = generatePaths(model);

  it("goes through the child: its events and answers are steps of the parent's paths", () => {
    expect(paths.map((path) => path.title)).toEqual([
      'NEXT → PICK {"plan":"gold"} → price answers 5 ⇒ paid',
      'NEXT → BACK ⇒ idle',
      'NEXT → PICK {"plan":"gold"} → price fails {"status":500} → PICK {"plan":"gold"} ⇒ planning',
      'NEXT → PICK {"plan":"gold"} → price fails {"status":500} → BACK → NEXT ⇒ planning',
    ]);
  });

  it("takes the child's snapshots (onSnapshot) and output (onDone) as xstate delivers them", async () => {
    const path = paths[0];
    if (!path) throw new Error('no path to paid');
    const result = await runPathOnMachine(model, path);
    expect(result.error).toBeNull();
    expect(result.story).toEqual([
      'starts in idle',
      'NEXT: idle → planning',
      'PICK {"plan":"gold"}: #pickPlan.choosing → #pickPlan.pricing; planning → planning (stays) if isPricing(…)',
      'price answers 5: #pickPlan.pricing → #pickPlan.picked; planning → paid (not wentBack(…))',
    ]);
    // Coverage counts the parent's own items only.
    expect(result.transitions.every((id) => id.startsWith('shop.'))).toBe(true);
  });

  it("looks up a child's events in the child's driver", () => {
    const back = paths[3];
    if (!back) throw new Error('no path back');
    expect(missingDriverSteps({ driver: {}, children: { plan: { driver: {} } } }, back, model)).toEqual([
      'NEXT',
      'plan: PICK',
      'plan: BACK',
    ]);
    expect(missingDriverSteps({ driver: {}, children: { plan: planViews } }, back, model)).toEqual(['NEXT']);
  });

  it('refuses a child model for an invoke the machine does not have', () => {
    expect(() => defineModel({ machine: shopMachine, children: { price: planModel } })).toThrow(
      'child model for "price", which no invoke of the machine has',
    );
  });
});

runPaths({
  model,
  reportDir: false,
  uiRun: {
    name: 'shop driver',
    render: ({ actor }) => render(<ShopView actor={actor} />),
    driver: { NEXT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Next' })) },
    children: { plan: planViews },
    states: { paid: () => expect(screen.getByRole('status').textContent).toBe('Paid') },
  },
});

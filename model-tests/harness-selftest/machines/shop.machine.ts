import { assign, fromPromise, setup } from 'xstate';

/** A child machine (a sub-flow): pick a plan, then its price is fetched; Back leaves without one. */
export const pickPlanMachine = setup({
  types: {
    context: {} as { plan: string | null },
    events: {} as { type: 'PICK'; plan: string } | { type: 'BACK' },
    output: {} as { exit: 'picked' | 'back' },
  },
  actors: { fetchPrice: fromPromise<number, { plan: string }>(async () => 0) },
  actions: { pick: assign({ plan: (_, params: { plan: string }) => params.plan }) },
}).createMachine({
  id: 'pickPlan',
  context: { plan: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        PICK: { target: 'pricing', actions: { type: 'pick', params: ({ event }) => ({ plan: event.plan }) } },
        BACK: 'wentBack',
      },
    },
    pricing: {
      invoke: {
        id: 'price',
        src: 'fetchPrice',
        input: ({ context }) => ({ plan: context.plan ?? '' }),
        onDone: 'picked',
        onError: 'choosing',
      },
    },
    picked: { type: 'final', output: { exit: 'picked' } },
    wentBack: { type: 'final', output: { exit: 'back' } },
  },
  output: ({ event }) => event.output as { exit: 'picked' | 'back' },
});

/** The parent invokes the child from one state, follows its snapshots and maps its output to its own next state. */
export const shopMachine = setup({
  types: {
    context: {} as { pricing: boolean },
    events: {} as { type: 'NEXT' },
    children: {} as { plan: 'pickPlan' },
  },
  actors: { pickPlan: pickPlanMachine },
  guards: {
    isPricing: (_, params: { pricing: boolean }) => params.pricing,
    wentBack: (_, params: { exit: string }) => params.exit === 'back',
  },
  actions: { markPricing: assign({ pricing: true }) },
}).createMachine({
  id: 'shop',
  context: { pricing: false },
  initial: 'idle',
  states: {
    idle: { on: { NEXT: 'planning' } },
    planning: {
      invoke: {
        id: 'plan',
        src: 'pickPlan',
        onSnapshot: {
          guard: { type: 'isPricing', params: ({ event }) => ({ pricing: event.snapshot.matches('pricing') }) },
          actions: 'markPricing',
        },
        onDone: [
          { guard: { type: 'wentBack', params: ({ event }) => event.output }, target: 'idle' },
          { target: 'paid' },
        ],
      },
    },
    paid: { type: 'final' },
  },
});

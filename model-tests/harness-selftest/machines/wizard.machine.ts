import { assign, setup } from 'xstate';

/** A three-step sign-up wizard whose branches depend on event payloads and on context read by a later guard. */
export const wizardMachine = setup({
  types: {
    context: {} as { age: number | null },
    events: {} as
      | { type: 'NEXT'; age?: number }
      | { type: 'BACK' }
      | { type: 'CHOOSE'; plan: 'free' | 'pro' }
      | { type: 'PAY' },
  },
  guards: {
    isMinor: ({ event }) => event.type === 'NEXT' && (event.age ?? 0) < 18,
    wasMinor: ({ context }) => context.age !== null && context.age < 18,
    isFreePlan: ({ event }) => event.type === 'CHOOSE' && event.plan === 'free',
  },
  actions: {
    rememberAge: assign({ age: ({ event }) => (event.type === 'NEXT' ? (event.age ?? null) : null) }),
  },
}).createMachine({
  id: 'wizard',
  context: { age: null },
  initial: 'account',
  states: {
    account: {
      on: {
        NEXT: [
          { guard: 'isMinor', target: 'guardian', actions: 'rememberAge' },
          { target: 'plan', actions: 'rememberAge' },
        ],
      },
    },
    guardian: { on: { NEXT: 'plan', BACK: 'account' } },
    plan: {
      on: {
        CHOOSE: [{ guard: 'isFreePlan', target: 'done' }, { target: 'payment' }],
        BACK: [{ guard: 'wasMinor', target: 'guardian' }, { target: 'account' }],
      },
    },
    payment: { on: { PAY: 'done', BACK: 'plan' } },
    done: { type: 'final' },
  },
});

import { setup } from 'xstate';

export const toggleMachine = setup({
  types: { events: {} as { type: 'TOGGLE' } },
}).createMachine({
  id: 'toggle',
  initial: 'inactive',
  states: {
    inactive: { on: { TOGGLE: 'active' } },
    active: { on: { TOGGLE: 'inactive' } },
  },
});

import { defineModel } from '../../harness/index.ts';
import { wizardMachine } from './wizard.machine.ts';

/** The wizard's model in a module of its own, importable outside vitest (paths:to reads models like this one). */
export const wizardModel = defineModel({
  machine: wizardMachine,
  events: {
    NEXT: [
      { type: 'NEXT', age: 12 },
      { type: 'NEXT', age: 30 },
    ],
    CHOOSE: [
      { type: 'CHOOSE', plan: 'free' },
      { type: 'CHOOSE', plan: 'pro' },
    ],
  },
  context: ['age'],
});

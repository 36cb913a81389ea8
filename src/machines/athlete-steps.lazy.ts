/**
 * The athlete steps (athlete-steps.machine.ts and the machines it runs) as login and register load them: when the
 * wizard reaches them, or earlier, once the page is idle (src/routes/athlete-steps-preload.ts), so a first visit to
 * /login or /register carries neither their code nor their texts (npm run bench). The pages give `code` and `logic`
 * to their wizard (athlete-steps-parent.ts: the `athleteStepsCode` and `athleteSteps` actors); the declarations of
 * what login and register save (login.persist.ts, register.persist.ts) `load` them before a saved snapshot is
 * restored or saved, since their version covers the child machine.
 */
import { loadGroups } from '../i18n/runtime';
import type { athleteStepsMachine } from './athlete-steps.machine';
import { lazyChild } from './payment.lazy-child';

export const lazyAthleteSteps = lazyChild<typeof athleteStepsMachine, typeof athleteStepsMachine>(
  'the athlete steps',
  async () => {
    const [{ athleteStepsMachine }] = await Promise.all([
      import('./athlete-steps.machine'),
      // Their texts, in the language in use (the screens' chunk loads beside them: athlete-steps-lazy.tsx).
      loadGroups(['athletes']),
    ]);
    return athleteStepsMachine;
  },
);

/**
 * What the register wizard saves of itself and how a saved registration is read back (issue 21; issue 30 point 3):
 * once the account exists, step 1 ('Edit your Account') and the athlete steps (step 2, the athlete list; step 3,
 * create athlete) with the licence and the athlete chosen (athlete-steps.persist.ts). Before the account exists
 * nothing leaves the browser (register step 1's typed fields stay in this tab: src/session/guardian-draft.ts). The
 * resume point becomes the wizard's `step` and `athleteId` input.
 *
 * Older shapes: none yet. A snapshot of another machine version is discarded with the quiet notice; renaming a
 * context field read here keeps its older shape as a second reader in `readers`. Proof: register.persist.test.ts and
 * model-tests/resume.model.test.ts (every reachable state).
 */
import { z } from 'zod/mini';
import {
  contextShape,
  declareProgress,
  type ResumePoint,
  snapshotReader,
  stateValueSchema,
  stepAt,
  type TopStateOf,
} from '../session/progress-declaration';
import { type AthleteStep, athleteStepsMachine } from './athlete-steps.machine';
import { chosenAthleteIdOf, savedAthleteSteps } from './athlete-steps.persist';
import { type RegisterContext, type RegisterInput, type RegisterStep, registerMachine } from './register.machine';

export type RegisterResumePoint = ResumePoint<'register', 'account' | AthleteStep>;

/** spec §2 Register: the account is step 1, the athlete list step 2, create athlete step 3. */
const STEP_NUMBERS: Readonly<Record<RegisterResumePoint['step'], RegisterStep>> = {
  account: 1,
  athleteList: 2,
  createAthlete: 3,
};

/** The wizard's states a registration is saved at: step 1 once the account exists, and the athlete steps. */
const SAVED_AT: Readonly<Partial<Record<TopStateOf<typeof registerMachine>, 'account' | 'athleteSteps'>>> = {
  guardianAccount: 'account',
  athleteSteps: 'athleteSteps',
};

/** The context fields read back, each checked against RegisterContext. */
const context = contextShape<RegisterContext>()({
  license: z.nullable(z.string()),
  athleteStep: z.enum(['athleteList', 'createAthlete']),
  account: z.optional(z.unknown()),
});

const saved = z.object({
  value: stateValueSchema,
  context: z.object(context),
  children: z.optional(z.object({ athleteSteps: z.optional(savedAthleteSteps) })),
});

export const registerProgress = declareProgress<RegisterResumePoint, Pick<RegisterInput, 'step' | 'athleteId'>>({
  flow: 'register',
  versionOf: [registerMachine, athleteStepsMachine],
  context,
  steps: ['account', 'athleteList', 'createAthlete'],
  readers: [
    snapshotReader(saved, ({ value, context, children }) => {
      const license = context.license;
      const at = stepAt(SAVED_AT, value);
      if (license === null || at === undefined) return null;
      if (at === 'athleteSteps') {
        return {
          flow: 'register',
          license,
          step: context.athleteStep,
          athleteId: chosenAthleteIdOf(children?.athleteSteps),
        };
      }
      // 'Edit your Account' once the account exists; before it, nothing leaves the browser.
      return (context.account ?? null) === null
        ? null
        : { flow: 'register', license, step: 'account', athleteId: null };
    }),
  ],
  inputOf: ({ step, athleteId }) => ({ step: STEP_NUMBERS[step], athleteId }),
});

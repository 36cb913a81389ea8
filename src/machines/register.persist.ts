/**
 * What the register wizard saves of itself and how a saved registration is read back (issue 21; issue 30 point 3):
 * once the account exists, step 1 ('Edit your Account') and the athlete steps (step 2, the athlete list; step 3,
 * create athlete) with the licence and the athlete chosen (athlete-steps.persist.ts). Before the account exists
 * nothing leaves the browser (register step 1's typed fields stay in this tab: src/session/guardian-draft.ts). The
 * resume point becomes the wizard's `step` and `athleteId` input.
 *
 * Older shapes: none yet. A snapshot of another machine version is discarded with the quiet notice; renaming a
 * context field read here keeps a reader of its older shape in `older`. Proof: register.persist.test.ts and
 * model-tests/resume.model.test.ts (every reachable state).
 */
import { z } from 'zod/mini';
import { contextShape, declareProgress, type ResumePoint, savedSnapshot } from '../session/progress-declaration';
import { lazyAthleteSteps } from './athlete-steps.lazy';
import type { AthleteStep } from './athlete-steps.machine';
import { carriedAthleteSteps, chosenAthleteIdOf, RESUMED_ATHLETE } from './athlete-steps.persist';
import { type RegisterContext, type RegisterInput, type RegisterStep, registerMachine } from './register.machine';

export type RegisterResumePoint = ResumePoint<'register', 'account' | AthleteStep>;

/** spec §2 Register: the account is step 1, the athlete list step 2, create athlete step 3. */
const STEP_NUMBERS: Readonly<Record<RegisterResumePoint['step'], RegisterStep>> = {
  account: 1,
  athleteList: 2,
  createAthlete: 3,
};

/** The context fields read back, each checked against RegisterContext. */
const context = contextShape<RegisterContext>()({
  license: z.nullable(z.string()),
  athleteStep: z.enum(['athleteList', 'createAthlete']),
  ...RESUMED_ATHLETE,
  account: z.optional(z.unknown()),
});

/** What the register wizard's saved states tell `point`: step 1, or the athlete steps (the context says which). */
type RegisterSavedAt = 'account' | 'athleteSteps';

export const registerProgress = declareProgress<
  RegisterResumePoint,
  Pick<RegisterInput, 'step' | 'athleteId'>,
  RegisterSavedAt
>()({
  flow: 'register',
  versionOf: [registerMachine],
  // The athlete steps load when the wizard reaches them (or once the page is idle); their snapshot is carried.
  lazyVersionOf: async () => [await lazyAthleteSteps.load()],
  // Step 1 once the account exists ('Edit your Account'), and the athlete steps.
  savedAt: { guardianAccount: 'account', athleteSteps: 'athleteSteps' },
  context,
  saved: savedSnapshot(context, carriedAthleteSteps),
  point: ({ context, children }, at) => {
    const { license } = context;
    if (license === null) return null;
    if (at === 'athleteSteps') {
      return {
        flow: 'register',
        license,
        step: context.athleteStep,
        athleteId: chosenAthleteIdOf(children?.athleteSteps, context.resumedAthleteId),
      };
    }
    // Before the account exists nothing leaves the browser.
    return (context.account ?? null) === null ? null : { flow: 'register', license, step: 'account', athleteId: null };
  },
  steps: ['account', 'athleteList', 'createAthlete'],
  inputOf: ({ step, athleteId }) => ({ step: STEP_NUMBERS[step], athleteId }),
});

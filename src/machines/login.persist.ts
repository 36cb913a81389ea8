/**
 * What the login wizard saves of itself and how a saved login is read back (issue 21; issue 30 point 3): once the
 * guardian is logged in, the athlete steps (step 3, the athlete list; step 4, create athlete) with the licence and
 * the athlete chosen (athlete-steps.persist.ts). The resume point becomes the wizard's `step` and `athleteId` input,
 * so the list is loaded and the membership check and claim run again.
 *
 * Older shapes: none yet. A snapshot of another machine version is discarded with the quiet notice; renaming a
 * context field read here keeps a reader of its older shape in `older`. Proof: login.persist.test.ts and
 * model-tests/resume.model.test.ts (every reachable state).
 */
import { z } from 'zod/mini';
import { contextShape, declareProgress, type ResumePoint, savedSnapshot } from '../session/progress-declaration';
import { lazyAthleteSteps } from './athlete-steps.lazy';
import type { AthleteStep } from './athlete-steps.machine';
import { carriedAthleteSteps, chosenAthleteIdOf, RESUMED_ATHLETE } from './athlete-steps.persist';
import { type LoginContext, type LoginInput, type LoginStep, loginMachine } from './login.machine';

export type LoginResumePoint = ResumePoint<'login', AthleteStep>;

/** spec §2 Login: the athlete list is step 3, create athlete step 4 (the `step` a resumed wizard opens at). */
const STEP_NUMBERS: Readonly<Record<AthleteStep, LoginStep>> = { athleteList: 3, createAthlete: 4 };

/** The context fields read back, each checked against LoginContext. */
const context = contextShape<LoginContext>()({
  license: z.nullable(z.string()),
  athleteStep: z.enum(['athleteList', 'createAthlete']),
  ...RESUMED_ATHLETE,
});

export const loginProgress = declareProgress<
  LoginResumePoint,
  Pick<LoginInput, 'step' | 'athleteId'>,
  'athleteSteps'
>()({
  flow: 'login',
  versionOf: [loginMachine],
  // The athlete steps load when the wizard reaches them (or once the page is idle); their snapshot is carried.
  lazyVersionOf: async () => [await lazyAthleteSteps.load()],
  // Only the athlete steps (which of the two is the context's `athleteStep`).
  savedAt: { athleteSteps: 'athleteSteps' },
  context,
  saved: savedSnapshot(context, carriedAthleteSteps),
  point: ({ context, children }) =>
    context.license === null
      ? null
      : {
          flow: 'login',
          license: context.license,
          step: context.athleteStep,
          athleteId: chosenAthleteIdOf(children?.athleteSteps, context.resumedAthleteId),
        },
  steps: ['athleteList', 'createAthlete'],
  inputOf: ({ step, athleteId }) => ({ step: STEP_NUMBERS[step], athleteId }),
});

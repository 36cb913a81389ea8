/**
 * What the athlete steps save of themselves inside their parents' snapshots (login steps 3/4, register steps 2/3;
 * issue 21, issue 30 point 3): the athlete chosen, read back as the resumed wizard's `athleteId` (which the steps
 * choose again once the list has loaded: `resumedAthleteId`). login.persist.ts and register.persist.ts read it.
 */
import { z } from 'zod/mini';
import { contextShape } from '../session/progress-declaration';
import type { AthleteStepsContext } from './athlete-steps.machine';

/** The context fields read back, each checked against AthleteStepsContext. */
const context = contextShape<AthleteStepsContext>()({
  chosenAthlete: z.nullable(z.object({ user_id: z.number() })),
});

/** The athlete steps' persisted snapshot as their parent carries it (`children.athleteSteps`). */
const savedAthleteSteps = z.object({ snapshot: z.object({ context: z.object(context) }) });

/** The children a wizard's saved snapshot carries, as it reads them (`savedSnapshot(context, carriedAthleteSteps)`). */
export const carriedAthleteSteps = { athleteSteps: z.optional(savedAthleteSteps) };

/**
 * The athlete a saved wizard had chosen, or null. While the athlete steps' code loads (no child yet: the wizard's
 * `athleteSteps.loading` or `failed`), the athlete the wizard resumed with (`resumedAthlete`), which the child will
 * choose again.
 */
export function chosenAthleteIdOf(
  saved: z.infer<typeof savedAthleteSteps> | undefined,
  resumedAthlete: number | null | undefined,
): number | null {
  if (saved === undefined) return resumedAthlete ?? null;
  return saved.snapshot.context.chosenAthlete?.user_id ?? null;
}

/**
 * The parent's context field `chosenAthleteIdOf` falls back to (both parents name it `resumedAthleteId`), for their
 * `contextShape`.
 */
export const RESUMED_ATHLETE = { resumedAthleteId: z.optional(z.nullable(z.number())) };

export const ATHLETE_STEPS_CONTEXT_FIELDS: readonly string[] = Object.keys(context);

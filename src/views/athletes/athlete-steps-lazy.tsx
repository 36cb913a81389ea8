import { lazy, Suspense } from 'react';
import { loadGroups } from '../../i18n/runtime';
import type { AthleteStepsActorRef } from '../../machines/athlete-steps.connect';

/**
 * The athlete steps' screens as login and register show them: loaded once the wizard reaches them (after the login,
 * after the account), so a first visit to /login or /register fetches only the step it opens on (npm run bench).
 * The child machine itself is loaded with the wizard (vite.config.ts: `athlete-steps` and `athlete-steps-views`).
 * Their texts (the `athletes` catalogue group) load beside their chunk, in parallel, in the language in use.
 */
const AthleteStepsView = lazy(() =>
  Promise.all([import('./athlete-steps-view'), loadGroups(['athletes'])]).then(([module]) => ({
    default: module.AthleteStepsView,
  })),
);

/** `loading`: 'Loading…' in the wizard's own group (the athlete steps' group is what is loading). */
export function LazyAthleteStepsView({ actorRef, loading }: { actorRef: AthleteStepsActorRef; loading: string }) {
  return (
    <Suspense fallback={<p>{loading}</p>}>
      <AthleteStepsView actorRef={actorRef} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { AthleteStepsActorRef } from '../../machines/athlete-steps.connect';

/**
 * The athlete steps' screens as login and register show them: loaded once the wizard reaches them (after the login,
 * after the account), so a first visit to /login or /register fetches only the step it opens on (npm run bench).
 * The child machine itself is loaded with the wizard (vite.config.ts: `athlete-steps` and `athlete-steps-views`).
 */
const AthleteStepsView = lazy(() =>
  import('./athlete-steps-view').then((module) => ({ default: module.AthleteStepsView })),
);

export function LazyAthleteStepsView({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <AthleteStepsView actorRef={actorRef} />
    </Suspense>
  );
}

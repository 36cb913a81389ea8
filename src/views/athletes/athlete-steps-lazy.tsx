import { lazy, Suspense } from 'react';
import { loadGroups } from '../../i18n/runtime';
import type { AthleteStepsActorRef } from '../../machines/athlete-steps.connect';

/**
 * The athlete steps' screens as login and register show them: loaded once the wizard reaches them (after the login,
 * after the account), so a first visit to /login or /register fetches only the step it opens on (npm run bench).
 * The child machine loads with them (src/machines/athlete-steps.lazy.ts; vite.config.ts: `athlete-steps-views`), and
 * the pages start both once idle (src/routes/athlete-steps-preload.ts).
 * Their texts (the `athletes` catalogue group) load beside their chunk, in parallel, in the language in use.
 */
let screens: Promise<typeof import('./athlete-steps-view')> | null = null;

/**
 * The screens' chunk with their texts, fetched once (the pages start it early: src/routes/athlete-steps-preload.ts);
 * a failed fetch is not kept.
 */
export function preloadAthleteStepsView(): Promise<typeof import('./athlete-steps-view')> {
  if (screens === null) {
    const loading = Promise.all([import('./athlete-steps-view'), loadGroups(['athletes'])]).then(([module]) => module);
    screens = loading;
    loading.catch(() => {
      if (screens === loading) screens = null;
    });
  }
  return screens;
}

const AthleteStepsView = lazy(() => preloadAthleteStepsView().then((module) => ({ default: module.AthleteStepsView })));

/** `loading`: 'Loading…' in the wizard's own group (the athlete steps' group is what is loading). */
export function LazyAthleteStepsView({ actorRef, loading }: { actorRef: AthleteStepsActorRef; loading: string }) {
  return (
    <Suspense fallback={<p>{loading}</p>}>
      <AthleteStepsView actorRef={actorRef} />
    </Suspense>
  );
}

/**
 * The athlete steps as /login and /register give them to their wizard: the child and the load of its code
 * (src/machines/athlete-steps.lazy.ts), which a first visit does not carry (npm run bench). The page starts that load,
 * with the screens' chunk, once the browser is idle, so a family pressing 'Log In' or creating the account does not
 * wait for another round trip; the wizard's `athleteSteps.loading` state then has nothing left to wait for.
 */
import { useEffect } from 'react';
import { lazyAthleteSteps } from '../machines/athlete-steps.lazy';
import { preloadAthleteStepsView } from '../views/athletes/athlete-steps-lazy';

/** The actors login.machine.ts and register.machine.ts leave to the page (athlete-steps-parent.ts). */
export const ATHLETE_STEPS_ACTORS = {
  athleteStepsCode: lazyAthleteSteps.code,
  athleteSteps: lazyAthleteSteps.logic,
};

/** How long the page waits for an idle moment before it fetches the athlete steps anyway. */
const PRELOAD_TIMEOUT_MS = 2000;

/** Fetches the athlete steps' code, texts and screens once the page is idle (a failure is left to the wizard's retry). */
export function useAthleteStepsPreload(): void {
  useEffect(() => {
    const start = () => {
      lazyAthleteSteps.load().catch(() => {});
      preloadAthleteStepsView().catch(() => {});
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: PRELOAD_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 0);
    return () => window.clearTimeout(id);
  }, []);
}

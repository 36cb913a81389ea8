import { configure } from '@testing-library/react';
import { forgetCatalogueTexts } from './catalogue-check.ts';
import { installPseudoLocale } from './pseudo-locale.ts';
import { forgetSessions } from './session.ts';
import { forgetScreensInPseudoLocale } from './ui-run.ts';

/**
 * The model tests' UI runs: Testing Library's async wrapper (around every user-event action and every waitFor) ends
 * by waiting for one `setTimeout(0)`, to let in-flight promises settle outside act(). Node clamps that timeout to 1 ms,
 * and a large flow's UI run performs ~15,000 of them (the household checkout spent a fifth of its time idle, measured
 * with a CPU profile). `setImmediate` lets the same microtasks settle, and the work React's scheduler queued before it
 * (also setImmediate in Node), without the clamp. The rest is React Testing Library's own wrapper (its pure.js): act's
 * environment flag off while the callback runs, restored after. The model tests use no fake timers (the harness
 * delivers delayed events itself), so no fake clock needs advancing here.
 */
type ActGlobal = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };

configure({
  asyncWrapper: async (callback) => {
    const actGlobal: ActGlobal = globalThis;
    const previous = actGlobal.IS_REACT_ACT_ENVIRONMENT;
    actGlobal.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const result = await callback();
      await new Promise<void>((resolve) => setImmediate(resolve));
      return result;
    } finally {
      actGlobal.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  },
});

// The model tests' files share their worker's modules (vitest.config.ts): what one file recorded is not the next's,
// and the pseudo-locale goes back into its slot, which src/test-setup.ts just filled with the real catalogue again.
forgetSessions();
forgetScreensInPseudoLocale();
forgetCatalogueTexts();
installPseudoLocale();

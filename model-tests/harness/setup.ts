import { configure } from '@testing-library/react';
import * as React from 'react';
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

/**
 * React 19's development build records an owner stack for every element it creates (`Error('react-stack-top-frame')`
 * with ten frames, up to 10,000 per render), which only its dev warnings print. The UI runs create millions of
 * elements: with the counter React checks pinned at its limit, each element gets React's shared "unknown owner" stack
 * instead. Measured side by side on Dec 8 2026: the household checkout's and payment's model files 5-12 % less CPU in
 * three pairs of runs, the whole model project 179 s of CPU instead of 218 (101 s wall instead of 122). Warnings still
 * fire; their component stacks are shorter. The unit tests keep React's default.
 */
const reactInternals: unknown = Reflect.get(React, '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
if (typeof reactInternals === 'object' && reactInternals !== null && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => undefined,
  });
}

// The model tests' files share their worker's modules (vitest.config.ts): what one file recorded is not the next's,
// and the pseudo-locale goes back into its slot, which src/test-setup.ts just filled with the real catalogue again.
forgetSessions();
forgetScreensInPseudoLocale();
forgetCatalogueTexts();
installPseudoLocale();

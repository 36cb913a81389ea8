import { type BrowserContext, test as base, expect } from '@playwright/test';
import { stopIsolatedServers } from './isolated-server';

/**
 * Every browser test imports `test` from here instead of '@playwright/test' (issue 19 point 8): each page of the test's
 * browser context reports its Content-Security-Policy violations (the `securitypolicyviolation` event, from before
 * the page's first script, in every frame and across navigations), and a test that saw any fails after its body
 * with the list. A test that provokes a violation on purpose takes it with `cspViolations.take()`.
 */
export * from '@playwright/test';

/** What a page reported (the event's fields that say what was blocked where). */
export interface CspViolation {
  /** The page the violation happened in. */
  documentURI: string;
  /** The directive that blocked it, e.g. `script-src-elem`. */
  effectiveDirective: string;
  /** What was blocked: a URL, or `inline` / `eval`. */
  blockedURI: string;
  /** The start of the blocked inline text, if any. */
  sample: string;
  disposition: string;
}

/** The violations the test's pages reported so far. */
export class CspViolations {
  readonly #seen: CspViolation[] = [];

  record(violation: CspViolation): void {
    this.#seen.push(violation);
  }

  /** The violations so far, without taking them. */
  list(): readonly CspViolation[] {
    return [...this.#seen];
  }

  /** Takes the violations reported so far (expected ones): they no longer fail the test. */
  take(): CspViolation[] {
    return this.#seen.splice(0);
  }
}

const BINDING = '__reportCspViolation';

/**
 * Makes every page of `context` report its violations to `violations`. The test's own context does this already; a
 * test that opens another one (`browser.newContext()`, e.g. a second person's browser) calls it for that context.
 */
export async function reportCspViolations(context: BrowserContext, violations: CspViolations): Promise<void> {
  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => violations.record(violation));
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = Reflect.get(window, binding);
      if (typeof report !== 'function') return;
      report({
        documentURI: event.documentURI,
        effectiveDirective: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
        disposition: event.disposition,
      });
    });
  }, BINDING);
}

export const test = base.extend<
  { cspViolations: CspViolations; failOnCspViolations: undefined },
  { isolatedServers: undefined }
>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  cspViolations: async ({}, use) => {
    await use(new CspViolations());
  },
  context: async ({ context, cspViolations }, use) => {
    await reportCspViolations(context, cspViolations);
    await use(context);
  },
  // Set up before the test's pages and torn down after them: it checks what every page reported.
  failOnCspViolations: [
    async ({ cspViolations }, use) => {
      await use(undefined);
      expect(cspViolations.list(), 'Content-Security-Policy violations reported by the pages').toEqual([]);
    },
    { auto: true },
  ],
  // The worker's isolated servers (isolated-server.ts) stop when the worker ends.
  isolatedServers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      await stopIsolatedServers();
    },
    { scope: 'worker', auto: true },
  ],
});

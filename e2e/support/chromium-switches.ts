import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The `--disable-features` switch of the browser tests' Chromium: Playwright's own list plus `extra`. Chromium keeps
 * only the last switch of a name, so a second `--disable-features` would silently drop Playwright's (PaintHolding,
 * ThirdPartyStoragePartitioning, HttpsUpgrades...): the one switch carries both. Playwright does not export its list;
 * it is read from the playwright-core installed (its chromiumSwitches), and a Playwright whose list cannot be found
 * stops the run here rather than run with a different browser set-up.
 */
export function disableFeaturesSwitch(extra: readonly string[]): string {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(
    join(dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'),
    'utf8',
  );
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  const playwrights = list ? [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]) : [];
  if (!playwrights.includes('PaintHolding')) {
    throw new Error(
      "Playwright's --disable-features list was not found in playwright-core: see e2e/support/chromium-switches.ts",
    );
  }
  return `--disable-features=${[...new Set([...playwrights, ...extra])].join(',')}`;
}

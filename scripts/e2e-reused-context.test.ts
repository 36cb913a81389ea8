import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The browser tests run in one reused browser context per worker (playwright.config.ts, `reuseContext`), which
 * Playwright puts back between journeys except for what is listed here: no journey may change it, or the next journey
 * in that worker would start with it.
 */
const NOT_PUT_BACK = [
  /\.grantPermissions\(/,
  /\.clearPermissions\(/,
  /\.setGeolocation\(/,
  /\.setOffline\(/,
  /\.setExtraHTTPHeaders\(/,
  /\bwindow\.name\b/,
];

const E2E = path.join(import.meta.dirname, '..', 'e2e');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('browser tests in a reused context', () => {
  it('the config reuses one context per worker', () => {
    const config = readFileSync(path.join(import.meta.dirname, '..', 'playwright.config.ts'), 'utf8');
    expect(config).toMatch(/^\s*reuseContext: true,$/m);
  });

  it('no journey changes what Playwright does not put back between journeys', () => {
    const files = filesUnder(E2E);
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return NOT_PUT_BACK.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${path.relative(E2E, file)}: ${pattern.source}`,
      );
    });
    expect(found).toEqual([]);
  });
});

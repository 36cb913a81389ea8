import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource: string = require('axe-core').source;

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (from node_modules, no network) and gives its violations as readable lines. It is
 * evaluated rather than added as a <script>: the site's Content-Security-Policy blocks inline scripts it did not build
 * (issue 19 point 8), and the browser tests fail on every violation (support/fixtures.ts). Injected once per document:
 * a screen checked at its second width, or again after a step without navigation, reuses it (~0.7 s saved per check).
 */
async function axeViolations(page: Page, impacts: ReadonlySet<AxeViolation['impact']> | 'all'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => impacts === 'all' || impacts.has(v.impact))
    .map(
      (v) => `${v.impact ?? 'unknown'}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

const SERIOUS = new Set<AxeViolation['impact']>(['serious', 'critical']);

/** Fails on any serious or critical axe violation, listing them. `label` names the screen in the failure message. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page, SERIOUS), `axe violations on ${label}`).toEqual([]);
}

/** Fails on every axe violation, whatever its impact (the Spanish journeys prove their screens have none at all). */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page, 'all'), `axe violations on ${label}`).toEqual([]);
}

/** The two widths every journey's accessibility is checked at (issue acceptance: 375 px and 1280 px). */
export const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

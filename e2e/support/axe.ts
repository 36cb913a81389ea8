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
 * Runs axe-core in the page (injected from node_modules, no network) and fails on any serious or critical
 * violation, listing them readably. `label` names the screen in the failure message.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Evaluated rather than added as a <script>: the site's Content-Security-Policy blocks inline scripts it did not
  // build (issue 19 point 8), and the browser tests fail on every violation (support/fixtures.ts).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `axe violations on ${label}`).toEqual([]);
}

/** The two widths every journey's accessibility is checked at (issue acceptance: 375 px and 1280 px). */
export const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

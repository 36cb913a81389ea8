import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { disableFeaturesSwitch } from './e2e/support/chromium-switches.ts';
import { prepareSeededTemplates, seededDataDir } from './e2e/support/seeded-data.ts';

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium), never a downloaded browser, against the real product
 * (`node dist-server/main.js`, as `npm start` runs it, built first when its sources changed) on a free port with a
 * fresh temporary data directory holding the seeded fixtures (docs/fixtures.md; a copy of the run's seeded template,
 * e2e/support/seeded-data.ts). The port, the templates and the directory are made once in the runner and inherited by
 * the workers.
 */
if (!process.env.E2E_SEEDED_DIR) {
  // In the runner only: the workers inherit the templates' directories and find the bundle built.
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  prepareSeededTemplates();
}
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"],
  { encoding: 'utf8' },
).trim();
if (!process.env.E2E_DATA_DIR) {
  // In the runner: the main web server's copy goes when the runner exits, after its web server stopped.
  const dataDir = seededDataDir('fixtures');
  process.env.E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Files run side by side, one per core (tests inside a file stay in order). No journey depends on another: each
  // creates its own guardian, and the one that changes a fixture account runs on its own server.
  fullyParallel: false,
  workers: Math.min(4, availableParallelism()),
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL,
    // A failure keeps its screenshot and error context. Recording a trace of every test costs a quarter of the run
    // (measured: 1.9 min without, 2.5 min with): ask for one with `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // One browser context per worker, put back between journeys by Playwright (cookies, cache, local and session
    // storage, IndexedDB and service workers of the origins visited, extra pages closed, routes, bindings and init
    // scripts removed, viewport and emulation re-applied; the page left on about:blank). A fresh context and its first
    // page cost ~3 s of CPU here before the journey does anything, the reused one ~1 s (measured on /login and
    // /licenses/TIGERS-2027). What it does not put back (granted permissions, geolocation, offline, extra headers,
    // window.name) no journey touches: scripts/e2e-reused-context.test.ts keeps it so. A second person's browser
    // (`browser.newContext()`) is a fresh context as before.
    reuseContext: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // No spare renderer: Chromium starts a renderer process ahead of the next navigation, which a new browser
        // context (every journey's) never uses: measured on payment + dashboard (28 journeys), 152-160 s of CPU
        // instead of 170-180 and 82-87 s of wall time instead of 92-96.
        disableFeaturesSwitch(['SpareRendererForSitePerProcess']),
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node --enable-source-maps dist-server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every journey logs in from 127.0.0.1: the per-address limits are scaled so a full run stays under them.
      RATE_LIMIT_MULTIPLIER: '50',
      PUBLIC_URL: baseURL,
    },
  },
});

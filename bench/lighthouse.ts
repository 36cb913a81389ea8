/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated slow 4G and 4x CPU throttling) on the entry pages of
 * a fresh start of the product, in Debian's Chromium (/usr/bin/chromium, headless, no network but this machine).
 * Prints each category's score, LCP, TBT, CLS and the bytes transferred by type, against issue 14's and issue 30's
 * targets: performance >= 95 as the median of three runs on every page (issue 30 point 6: the median of the three
 * runs' scores, and the score of Lighthouse's median run, both), accessibility 100, best practices 100, and on the
 * pages a family opens from a link without being logged in, issue 14's LCP <= 2.0 s and TBT <= 150 ms. /payment
 * (logged in) is judged by its score: its largest paint, the fee summary, waits for the site's code and then three
 * calls in the spec's order (user, subscription status, payment data), ~2.5 s in Lantern's simulation, which there is
 * bound by the main thread's work before the paint (Dec 7 2026: starting the calls earlier did not move it); its LCP
 * and TBT are printed. Exits 1 when one is missed. Not part of `npm test`:
 * timings are never asserted in tests.
 *
 * The entry pages: the licence page, login, register, the password reset and the draft preview as a family arrives
 * from a link, and /payment as a logged-in guardian who claimed TIGERS-2027 arrives from one (registered through the
 * API for the run, stored in the browser as the site stores a login: 'diamond.currentUser'). For /payment Lighthouse
 * keeps the origin's storage (`disableStorageReset`), so before each of its runs the bench clears the HTTP cache and
 * every other storage of the origin itself (CDP, through Playwright) and stores the user again.
 *
 * The server runs as `npm start` does (the site is built first when stale) on a free port and a temporary DATA_DIR,
 * with the default NODE_ENV: NODE_ENV=production refuses the sandbox payment, billing and realtime providers, and the
 * real ones need the network. The site itself is the production build either way (server/site-build.ts).
 *
 * Lighthouse 12.8.2: the newest that runs on Node 20 (13.x needs Node >= 22.19, and the project installs one
 * Lighthouse for both Node lines); its scoring of these metrics is the same Lantern simulation as 13's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { hostGaugeLine } from './support/host-gauge.ts';
import { newPayer, startSiteServer } from './support/site-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALL_PAGES = [
  '/licenses/TIGERS-2027',
  '/login',
  '/register?license=TIGERS-2027&is_team_license=true',
  '/resetpwd/forgot',
  '/draft?draft_id=1',
  '/payment',
];
/** The login-required entry pages: measured with a stored guardian who claimed TIGERS-2027 and has not paid. */
const LOGGED_IN_PAGES = new Set(['/payment']);
// `npm run bench:lighthouse -- --page /draft` measures the pages whose path starts so; `--runs N` runs each page N
// times (3 by default) and judges the median of their scores and the median run; `--report DIR` keeps each page's
// median report (JSON) there, for the network waterfall and the critical request chains.
const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const pageFilter = option('--page');
const RUNS = Math.max(1, Number(option('--runs') ?? 3) || 3);
const reportDir = option('--report');
const PAGES = pageFilter ? ALL_PAGES.filter((page) => page.startsWith(pageFilter)) : ALL_PAGES;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, lcpMs: 2000, tbtMs: 150 };

/**
 * What Lighthouse's storage reset does, but for the stored login: clears the HTTP cache and the origin's storage, then
 * stores the user under the site's key (src/session/current-user.ts), so each run is a first visit of a logged-in
 * guardian. Lighthouse then runs with `disableStorageReset`.
 */
async function storeLogin(chromePort: number, origin: string, user: unknown): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no browser context');
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await tab.goto(`${origin}/api/health`);
    await tab.evaluate((value) => localStorage.setItem('diamond.currentUser', value), JSON.stringify(user));
    await tab.close();
  } finally {
    // A browser Playwright connected to is only disconnected, not closed.
    await browser.close();
  }
}

const server = await startSiteServer('lighthouse');
const { origin } = server;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let missed = false;

try {
  await server.ready;
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  // Lighthouse's simulated blocking time scales with the main-thread work it observed: a slower machine, a lower score.
  console.log(hostGaugeLine());
  const payer = PAGES.some((page) => LOGGED_IN_PAGES.has(page)) ? (await newPayer(origin, 'lighthouse')).user : null;
  for (const page of PAGES) {
    const loggedIn = LOGGED_IN_PAGES.has(page);
    // Lighthouse's own advice for its variance: several runs, judged on the median one (closest to the median FCP and
    // TTI, lighthouse/core/lib/median-run.js); every run's LCP and score are printed, so a spread stays visible.
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      if (loggedIn) await storeLogin(chrome.port, origin, payer);
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: loggedIn,
      });
      if (loggedIn && new URL(result?.lhr.finalDisplayedUrl ?? origin).pathname !== page) {
        throw new Error(`${page} went to ${result?.lhr.finalDisplayedUrl}: the stored login was not used`);
      }
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      if (result.lhr.runtimeError) {
        throw new Error(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      }
      runs.push(result.lhr);
    }
    const median = computeMedianRun(runs);
    const lhr = runs.find((run) => run === median) ?? runs[0];
    if (!lhr) throw new Error(`no Lighthouse run for ${page}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = page.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'root';
      writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr, null, 1));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // Issue 30 point 6 reads "the median of three runs": the median of the runs' performance scores (the lower middle
    // one for an even count). The run Lighthouse calls the median (closest to the median FCP and TTI) need not have
    // that score (Dec 7 2026: /payment's runs scored 95, 91, 93 and its median run 95), so both are judged.
    const performanceScores = runs
      .map((run) => Math.round((run.categories.performance?.score ?? 0) * 100))
      .sort((a, b) => a - b);
    const medianScore = performanceScores[Math.floor((performanceScores.length - 1) / 2)] ?? 0;
    const scores = {
      performance: Math.min(score('performance'), medianScore),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    };
    const lcp = metric('largest-contentful-paint');
    const tbt = metric('total-blocking-time');
    const cls = metric('cumulative-layout-shift');
    const fcp = metric('first-contentful-paint');
    const transferred = metric('total-byte-weight');
    // Issue 14's LCP and TBT limits hold for the pages a family opens from a link with nothing of theirs to fetch;
    // /payment's largest paint waits for three calls in the spec's order after the code (see LOGGED_IN_PAGES), so it
    // is judged by issue 30's score alone and its LCP and TBT are printed beside it.
    const timingsJudged = !loggedIn;
    const pageMissed =
      scores.performance < TARGETS.performance ||
      scores.accessibility < TARGETS.accessibility ||
      scores['best-practices'] < TARGETS['best-practices'] ||
      (timingsJudged && (lcp > TARGETS.lcpMs || tbt > TARGETS.tbtMs));
    missed ||= pageMissed;
    console.log(`\n${page}${pageMissed ? '  (target missed)' : ''}`);
    console.log(
      `  performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}`,
    );
    if (runs.length > 1) {
      const each = runs.map(
        (run) =>
          `${Math.round((run.categories.performance?.score ?? 0) * 100)}/${((run.audits['largest-contentful-paint']?.numericValue ?? Number.NaN) / 1000).toFixed(2)} s`,
      );
      console.log(
        `  median of ${runs.length} runs (performance/LCP of each: ${each.join(', ')}; median score ${medianScore}, ` +
          `Lighthouse's median run ${score('performance')})`,
      );
    }
    console.log(
      `  FCP ${(fcp / 1000).toFixed(2)} s  LCP ${(lcp / 1000).toFixed(2)} s  TBT ${Math.round(tbt)} ms  CLS ${cls.toFixed(3)}  transferred ${kb(transferred)}` +
        (timingsJudged ? '' : '  (LCP and TBT not judged here: the score is)'),
    );
    const summary = lhr.audits['resource-summary']?.details;
    if (summary?.type === 'table') {
      const byType = summary.items
        .filter((item) => Number(item.transferSize) > 0 && item.resourceType !== 'total')
        .map((item) => `${String(item.label)} ${kb(Number(item.transferSize))} (${String(item.requestCount)})`);
      console.log(`  by type: ${byType.join(', ')}`);
    }
    const requests = lhr.audits['network-requests']?.details;
    if (requests?.type === 'table') {
      const styles = requests.items
        .filter((item) => item.resourceType === 'Stylesheet')
        .map((item) => String(item.url).replace(origin, ''));
      if (styles.length > 0) console.log(`  stylesheets fetched: ${styles.join(', ')}`);
    }
    // What keeps a category below its target, so the figure comes with its cause.
    for (const [id, category] of Object.entries(lhr.categories)) {
      if ((category.score ?? 0) >= 1) continue;
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < (id === 'performance' ? 0.9 : 1))
        .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
      if (failing.length > 0) console.log(`  ${id}: ${failing.join(', ')}`);
    }
    const shifts = lhr.audits['layout-shifts']?.details;
    if (cls > 0 && shifts?.type === 'table') {
      const elements = shifts.items.map((item) => {
        const node = item.node as { snippet?: string } | undefined;
        return `${node?.snippet ?? '?'} ${Number(item.score).toFixed(3)}`;
      });
      console.log(`  layout shifts: ${elements.join('; ')}`);
    }
    const longTasks = lhr.audits['long-tasks']?.details;
    if (tbt > 0 && longTasks?.type === 'table') {
      const tasks = longTasks.items
        .slice(0, 6)
        .map((item) => `${String(item.url).replace(origin, '')} ${Math.round(Number(item.duration))} ms`);
      console.log(`  long tasks (simulated): ${tasks.join('; ')}`);
    }
    const lcpElement = lhr.audits['largest-contentful-paint-element']?.details;
    if (lcpElement?.type === 'list') {
      const table = lcpElement.items[0];
      const node = table?.type === 'table' ? table.items[0]?.node : undefined;
      if (node && typeof node === 'object' && 'snippet' in node) console.log(`  LCP element: ${String(node.snippet)}`);
    }
  }
  console.log(hostGaugeLine());
  console.log(
    missed
      ? '\nTargets: missed on at least one page (see above).'
      : '\nTargets: met on every page (performance >= 95, accessibility and best practices 100; LCP <= 2.0 s and TBT <= 150 ms where judged).',
  );
  process.exitCode = missed ? 1 : 0;
} finally {
  await chrome?.kill();
  await server.stop();
}

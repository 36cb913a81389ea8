/**
 * `npm run bench`: builds the site (with its prerendered pages and .br/.gz files, vite.config.ts) into a temporary
 * folder and prints, per entry route, the bytes a first visit transfers as brotli (what Chromium receives) and as
 * gzip: the route's HTML, every script it loads (the entry, its modulepreloads, the route's page chunk with its static
 * imports, and the lazy chunks the page can load, of which only the configured provider adapter, and none that only an
 * action loads: AFTER_ADD_ANOTHER_ATHLETE), every stylesheet of those chunks the HTML does not carry inline,
 * and any font. Which files a route
 * loads comes from the build's manifest (.vite/manifest.json), the sizes from the compressed files on disk: the bytes
 * the server sends (server/http/static-site.ts), HTTP headers aside. `npm run bench:lighthouse` measures the same in
 * a browser.
 *
 * Budgets (issue 19 point 6; issue 14 had 110 and 140 KB): 125 KB brotli for /licenses/{license}, /login, /register
 * and /resetpwd/forgot; 160 KB for /payment and /draft. React stays, so the floor under every route is the stack's own
 * (React, the router, XState and the app's shell): printed as the "floor", the scripts every route loads before its
 * own page (no HTML). Exits 1 when a route is over.
 * Timings are never asserted in tests; sizes live here.
 *
 * `npm run bench -- --route /login` also lists that route's files.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { PRERENDERED_PAGES, pageFile, pageTextGroups } from '../scripts/prerender.ts';
import type { AppConfig } from '../src/config.ts';
import { LOCALES } from '../src/i18n/messages.gen.ts';
import { SERVER_RENDERER_DIR, siteConfigDefine } from '../vite.config.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RouteBudget {
  url: string;
  page: string;
  budgetKb?: number;
  /** Only a logged-in person reaches it (a login-required route): the header's account menu loads there too. */
  loggedIn?: boolean;
}

/** The entry routes' first visit, brotli. */
const ENTRY_BUDGET_KB = 125;
/** /payment and /draft: the fee summary, the plans and the card form. */
const PAYMENT_BUDGET_KB = 160;

const routes: RouteBudget[] = [
  { url: '/licenses/{license}', page: 'src/routes/licence.page.tsx', budgetKb: ENTRY_BUDGET_KB },
  { url: '/login', page: 'src/routes/login.page.tsx', budgetKb: ENTRY_BUDGET_KB },
  { url: '/register', page: 'src/routes/register.page.tsx', budgetKb: ENTRY_BUDGET_KB },
  { url: '/resetpwd/forgot', page: 'src/routes/password-reset.page.tsx', budgetKb: ENTRY_BUDGET_KB },
  { url: '/payment', page: 'src/routes/payment.page.tsx', budgetKb: PAYMENT_BUDGET_KB, loggedIn: true },
  { url: '/draft', page: 'src/routes/draft.page.tsx', budgetKb: PAYMENT_BUDGET_KB },
  { url: '/', page: 'src/routes/entry.page.tsx' },
  { url: '/coach/{license}', page: 'src/routes/coach-licence.page.tsx' },
  { url: '/dashboard', page: 'src/routes/dashboard.page.tsx', loggedIn: true },
  { url: '/subscribe', page: 'src/routes/subscribe.page.tsx', loggedIn: true },
  { url: '/player', page: 'src/routes/player.page.tsx', loggedIn: true },
];

/** Chunks no first visit loads: the Stately inspector (development only) and the /flows page's layout engine. */
const NEVER_ON_A_FIRST_VISIT = /stately-inspect|elk/;

/**
 * Issue 20's screens, which src/views/payment/payment-flow.tsx loads lazily: the athlete steps of 'Add another athlete'
 * and the family checkout that follows them. Only that action (or the 3-D Secure return of a family checkout it
 * started, after the chunk was fetched once) loads them, never a first visit to /payment, and /draft never does (the
 * preview cannot add an athlete). e2e/household-checkout.spec.ts checks that a first visit does not request them.
 * The athlete steps' screens are the `athlete-steps-views` chunk (vite.config.ts), so the manifest names that lazy
 * import `_athlete-steps-views-<hash>.js`. Login and register load the same chunk lazily too, once the wizard reaches
 * the athlete steps (after the login, after the account: an action), never on a first visit's first step. Their
 * machines too (issue 30 point 6): src/routes/payment.page.tsx imports them when the flow reaches them, and login and
 * register import the athlete steps' machine (`src/machines/athlete-steps.machine.ts`, in that chunk) when the wizard
 * reaches them (src/machines/athlete-steps.lazy.ts). Login and register also start that load once the page is idle
 * (src/routes/athlete-steps-preload.ts): after the first step is shown and usable, not before it.
 */
const AFTER_ADD_ANOTHER_ATHLETE =
  /src\/views\/(athletes\/athlete-steps-view|payment\/household-(checkout-view|add-athlete))\.tsx$|^_athlete-steps-views-[\w-]+\.js$|src\/machines\/(household-checkout|athlete-steps|add-athlete)\.machine\.ts$|^_(add-athlete\.machine|household-card-payment)-[\w-]+\.js$/;

/**
 * The header's account menu (src/views/common/page.tsx loads it lazily): only a logged-in person's page loads it, so
 * it counts on the login-required routes and not on a first, logged-out visit to an entry page. So do issue 21's saving
 * and resuming (src/routes/use-progress.ts loads them once someone is logged in, or the tab holds a saved
 * registration, which only a logged-in flow writes) and 'Continue where you left off' (shown after a login). So does
 * the waitlist call of /licenses/{license} (src/machines/licence.machine.ts `mayBeOnWaitlist`: a logged-in guardian
 * is looked up on the team's waitlist; 'Join the waitlist' goes to /waitlist, another route).
 */
const LOGGED_IN_ONLY =
  /src\/views\/common\/account-menu\.tsx$|src\/routes\/(resume-kit|resume-offer)\.tsx?$|src\/api\/waitlist\.ts$/;

/**
 * Issue 32's eligibility calls (src/api/eligibility.ts, with their schemas and the age rules' dates): the athlete steps
 * load them only for a licence whose team has an age rule, once the wizard reaches the athlete steps (after the login,
 * after the account: an action), never on a first visit's first step.
 */
const WITH_AN_AGE_RULE = /src\/api\/eligibility\.ts$/;

/**
 * Issue 32 point 4: the club's own questions in the athlete steps (the questions step's machine and view, with their
 * calls and the answers' schema): loaded only once an athlete is accepted for a team that asks questions (after the
 * login, after the account: an action), never on a first visit's first step.
 */
const WITH_QUESTIONS = /src\/(machines\/team-questions\.machine\.ts|views\/questions\/team-questions-step\.tsx)$/;

/**
 * The licence page's success screen with its payment confirmation (src/views/licence/licence-flow.tsx loads it
 * lazily): shown after a claim (the flow comes back from register, login or the payment page) or to a logged-in
 * guardian whose athlete already holds the licence, never on a logged-out first visit, which shows the welcome.
 */
const AFTER_A_CLAIM = /src\/views\/licence\/team-success-view\.tsx$/;

/**
 * Issue 32 point 2's documents step of /payment (src/routes/payment.page.tsx and src/views/payment/payment-flow.tsx
 * load the family-documents machine and the step's view lazily): shown only after a paid checkout for a team that
 * requires documents (an action), never on a first visit's first step.
 */
/**
 * Issue 34 point 1's 'Request financial assistance' (its machine and view, loaded by src/routes/payment.page.tsx and
 * src/views/payment/payment-flow.tsx when 'Need help paying?' is pressed): an action, never a first visit's first step.
 */
const ASKING_FOR_HELP =
  /src\/(machines\/assistance-request\.machine\.ts|views\/payment\/assistance-request-view\.tsx)$/;

const AFTER_PAYING = /src\/(machines\/family-documents\.machine\.ts|views\/payment\/documents-step\.tsx)$/;

/**
 * Issue 21's restoring (src/routes/resume-restore.ts: whether a saved copy still fits its flow, the quiet notice of one
 * that does not): src/routes/use-progress.ts loads it only when the tab's sessionStorage holds a copy of a saved
 * registration (a reload, or 'Continue where you left off' just chosen), which a first visit in a fresh tab never does.
 */
const RESTORING = /src\/routes\/resume-restore\.ts$/;

/**
 * The waiver's sanitizer (DOMPurify, src/views/payment/waiver-markup.tsx): loaded only when a waiver with markup is
 * shown, at checkout (after the payment options and injury protection: an action) or on the waiver-only page of a
 * membership already paid, never on the first step of a first visit to /payment or /draft.
 */
const AT_CHECKOUT = /src\/views\/payment\/waiver-markup\.tsx$/;

/**
 * The provider adapters this build is not configured for: each seam (card payments, billing) imports exactly one
 * adapter at run time (src/providers/card-payments/index.ts, src/providers/billing/load-billing.ts), so a first visit
 * never fetches the other one. The configuration is the build's own (the VITE_* variables, as `npm run build` reads them).
 */
const siteConfig = JSON.parse(siteConfigDefine('production').__SITE_CONFIG__) as AppConfig;
const UNCONFIGURED_ADAPTERS = new Set([
  siteConfig.payments.provider === 'stripe'
    ? 'src/providers/card-payments/sandbox-card-payments.tsx'
    : 'src/providers/card-payments/stripe-card-payments.tsx',
  siteConfig.billing.provider === 'recurly'
    ? 'src/providers/billing/sandbox-billing.tsx'
    : 'src/providers/billing/recurly-billing.tsx',
]);

/**
 * Issue 31: the message catalogues, fetched as JSON from one fingerprinted folder (vite.config.ts
 * `i18nCatalogues`): a page loads only its own language's, the shell's `common` and the groups its route file names
 * in `withTexts([...])` (scripts/prerender.ts pageTextGroups); an entry page carries them in its HTML. Each route is measured in every language, with its
 * HTML in that language (the server sends the entry pages prerendered in the visitor's: scripts/prerender.ts), each
 * within the budget.
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Build into a temporary folder: dist/ may be served by a running server (npm start, browser tests). The server's
// renderer of /draft too: its environment names its own folder (vite.config.ts), which a running server reloads.
const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
try {
  await build({
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    environments: { ssr: { build: { outDir: join(outDir, SERVER_RENDERER_DIR) } } },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sizes = (file: string) => {
    const path = join(outDir, file);
    const compressed = (suffix: string) =>
      existsSync(path + suffix) ? statSync(path + suffix).size : statSync(path).size;
    return { raw: statSync(path).size, br: compressed('.br'), gz: compressed('.gz') };
  };

  /** A chunk's file, its stylesheets and assets, and those of everything it imports statically (and lazily, if asked). */
  function closure(
    key: string,
    lazy: false | { loggedIn: boolean },
    into = new Set<string>(),
    seen = new Set<string>(),
  ): Set<string> {
    if (seen.has(key)) return into;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    // Fonts are the only assets a page loads by itself; images come from the API's white-label data.
    for (const asset of chunk.assets ?? []) if (/\.(woff2?|ttf|otf)$/.test(asset)) into.add(asset);
    for (const imported of chunk.imports ?? []) closure(imported, lazy, into, seen);
    if (lazy) {
      for (const imported of chunk.dynamicImports ?? []) {
        // Another page is another route; the router's lazy imports would make every route reach everything.
        if (imported.endsWith('.page.tsx') || NEVER_ON_A_FIRST_VISIT.test(imported)) continue;
        if (UNCONFIGURED_ADAPTERS.has(imported)) continue;
        if (!lazy.loggedIn && LOGGED_IN_ONLY.test(imported)) continue;
        if (AFTER_ADD_ANOTHER_ATHLETE.test(imported)) continue;
        if (RESTORING.test(imported) || AT_CHECKOUT.test(imported) || WITH_AN_AGE_RULE.test(imported)) continue;
        if (WITH_QUESTIONS.test(imported) || AFTER_A_CLAIM.test(imported) || AFTER_PAYING.test(imported)) continue;
        if (ASKING_FOR_HELP.test(imported)) continue;
        closure(imported, lazy, into, seen);
      }
    }
    return into;
  }

  // The family site's entry (index.html); admin.html is the club console's, which no family page loads.
  const i18nDir = `assets/${readdirSync(join(outDir, 'assets')).find((name) => name.startsWith('i18n-'))}`;
  const entryKey = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const routeFlag = process.argv.indexOf('--route');
  const listed = routeFlag > 0 ? process.argv[routeFlag + 1] : undefined;

  console.log('First visit per route: HTML, scripts (entry, modulepreloads, page chunk, its lazy chunks), stylesheets');
  console.log(`  (card payments: ${siteConfig.payments.provider}, billing: ${siteConfig.billing.provider})`);
  console.log(`  ${'route'.padEnd(26)} ${'brotli'.padStart(10)} ${'gzip'.padStart(10)}  budget (brotli)`);
  let overBudget = false;
  /** The entry with its modulepreloads and what src/main.tsx imports after the first paint (React, the site's code). */
  const entryFiles = () => {
    const files = closure(entryKey, false);
    for (const imported of manifest[entryKey]?.dynamicImports ?? []) closure(imported, false, files);
    return files;
  };
  // What every route loads before its own page.
  const floor = entryFiles();
  const floorSize = [...floor].reduce(
    (sum, file) => {
      const size = sizes(file);
      return { br: sum.br + size.br, gz: sum.gz + size.gz };
    },
    { br: 0, gz: 0 },
  );
  console.log(
    `  ${'floor (scripts only)'.padEnd(26)} ${kb(floorSize.br).padStart(10)} ${kb(floorSize.gz).padStart(10)}`,
  );
  for (const route of routes) {
    const prerendered = PRERENDERED_PAGES.find((page) => page.route.replace(/:(\w+)/g, '{$1}') === route.url);
    // src/main.tsx imports the site's code after the first paint; the HTML preloads it.
    const files = entryFiles();
    closure(route.page, { loggedIn: route.loggedIn === true }, files);
    // Stylesheets the HTML carries inline (scripts/prerender.ts) travel inside it, not again on their own.
    const htmlText = readFileSync(join(outDir, prerendered?.file ?? 'index.html'), 'utf8');
    for (const file of files) {
      if (NEVER_ON_A_FIRST_VISIT.test(file) || htmlText.includes(`href="/${file}" disabled`)) files.delete(file);
    }
    for (const locale of LOCALES) {
      const html = prerendered ? pageFile(prerendered, locale) : 'index.html';
      // A prerendered page carries its groups in its HTML (scripts/prerender.ts): counted with it, not again.
      const texts = prerendered ? [] : pageTextGroups(route.page).map((group) => `${i18nDir}/${locale}/${group}.json`);
      const all = [html, ...files, ...texts];
      const total = all.reduce(
        (sum, file) => {
          const size = sizes(file);
          return { br: sum.br + size.br, gz: sum.gz + size.gz };
        },
        { br: 0, gz: 0 },
      );
      let verdict = '';
      if (route.budgetKb !== undefined) {
        const within = total.br <= route.budgetKb * 1024;
        if (!within) overBudget = true;
        verdict = `${within ? 'within' : 'OVER'} ${route.budgetKb} KB`;
      }
      const name = `${route.url} (${locale})`;
      console.log(`  ${name.padEnd(26)} ${kb(total.br).padStart(10)} ${kb(total.gz).padStart(10)}  ${verdict}`);
      if (listed !== route.url) continue;
      for (const file of all.sort((a, b) => sizes(b).br - sizes(a).br)) {
        const size = sizes(file);
        console.log(`      ${kb(size.br).padStart(10)} ${kb(size.gz).padStart(10)}  ${file}`);
      }
    }
  }

  console.log('\nLargest scripts (brotli, gzip, minified):');
  const scripts = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, index, list) => file.endsWith('.js') && list.indexOf(file) === index)
    .map((file) => ({ file, ...sizes(file) }))
    .sort((a, b) => b.br - a.br)
    .slice(0, 15);
  for (const script of scripts) {
    console.log(
      `  ${kb(script.br).padStart(10)} ${kb(script.gz).padStart(10)} ${kb(script.raw).padStart(10)}  ${script.file}`,
    );
  }
  console.log(
    overBudget ? '\nBudget: exceeded on a budgeted route.' : '\nBudget: every budgeted route is within its budget.',
  );
  process.exitCode = overBudget ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

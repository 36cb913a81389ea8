import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { machineDescriptionsForFlowsOnly } from './scripts/machine-descriptions.ts';
import { prerenderPages, writeCspManifest } from './scripts/prerender.ts';
import { SITE_BUILD_STAMP, siteInputsHash } from './server/site-build.ts';
import { type AppConfig, ConfigError, parseConfig } from './src/config-schema.ts';

/**
 * React, the router and XState (with their own dependencies): what every page runs on, and what the foundation issue's
 * budget calls "about 103 KB" (npm run bench prints the measured figure). zod/mini and ky go with the app's code.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|xstate|@xstate|use-isomorphic-layout-effect)[\\/]/;

/** src/main.tsx's first step, which only evaluates React DOM (src/framework-start.ts): in the framework chunk. */
const FRAMEWORK_START = /[\\/]src[\\/]framework-start\.ts$/;

/**
 * The site's own modules every page loads before its first render, with the libraries only they use: the API layer
 * (zod/mini, ky) without the endpoint modules of one or two flows and their schemas (sandbox, setup intents, payments,
 * subscribe, player, household-invites, *.schemas.ts: they go with the chunks that call them), the session, the common views but the account menu (loaded only when someone is logged in), the configuration, the flow inspector, the
 * router with every route's definition (src/routes/router.ts, *.route.ts) and the helpers every flow page imports
 * (flow-page, guards, search-params, settle-unless-aborted). With them src/app-start.tsx, the module src/main.tsx
 * imports after the first paint (scripts/prerender.ts and npm run bench look it up in the manifest), and the language
 * detection it shares with the console (src/i18n/detect.ts): each was a small file of its own on every first visit
 * (both in the app shell: 0.4 KB less on /login's).
 */
/**
 * The athlete steps both login and register invoke (src/machines/athlete-*.ts, src/views/athletes/), with what the
 * three flows that save progress (login, register, /payment) share for it: the declaration helpers
 * (src/session/progress-declaration.ts, out of the app shell /licenses/{license} loads), the athlete steps' part of
 * it and the wizard page login and register both render (each was a file of its own on their first visit). With them
 * the lazy-child loader (src/machines/payment.lazy-child.ts) the athlete steps load their questions step with (issue 32
 * point 4) and /payment its own children: /payment loads this chunk anyway, and login and register no file more.
 */
const ATHLETE_STEPS =
  /[\\/]src[\\/](machines[\\/](athlete-steps(-parent|\.persist|\.lazy)|payment\.lazy-child)|views[\\/](athletes[\\/]athlete-steps-lazy|login[\\/]exit-link|register[\\/]wizard-page)|routes[\\/](use-progress|athlete-steps-preload)|session[\\/]progress-(keys|declaration))\.tsx?$/;

/**
 * The card payment machine and the card steps it shares with the family checkout (src/machines/card-*.ts), with what
 * /payment and /update-card both load with them: its context and the 3-D Secure return's parameters, the payment
 * texts and failures, the card provider's actors. One chunk instead of five of 0.2-2 KB (issue 30 point 6: each file is
 * one more request on /payment's six connections; /draft loads 3 KB more of it).
 */
const CARD_PAYMENT =
  /[\\/]src[\\/](machines[\\/](card-payment\.(machine|context)|card-steps|payment-texts|payment\.failures)|domain[\\/]payment-return|providers[\\/]card-payments[\\/]payment\.actors)\.ts$/;

/**
 * What /payment (and the draft preview, which shows its first steps) runs on besides the card: the payment machine,
 * its setup, states, children, context and connect modules, the check or cash choice, the card provider's states, the
 * steps' views, the payment data and help-paying endpoints and the fee rules they share with the family checkout
 * (its lazy child). One chunk instead of eight of 0.3-5 KB that only these pages and /payment's own lazy children load
 * (issue 30 point 6: on HTTP/1.1's six connections per origin, and in Lighthouse's simulation of them, every file is
 * one more round trip while the framework chunk downloads beside it).
 */
const PAYMENT_KIT =
  /[\\/]src[\\/](machines[\\/](payment\.(machine|check-or-cash|context|states|assistance|documents|children|setup|connect)|card-provider|household-checkout\.context|card-return\.connect|fee-totals\.connect|last-result)\.ts$|views[\\/]payment[\\/](assistance-sent-step|amount-row|checkout-step|fee-summary|help-paying-note|plan-option|payment-options-step|protection-step|waiver-only-step|payment-flow|check-or-cash-choice|billing-details|waiver-section|pay-now-form|loading-options|add-athlete-button|discount-form|return-notice)\.tsx?$|domain[\\/](forms[\\/]payment-billing|fees|help-paying|plan-lines|waiver-texts)\.ts$|api[\\/](payment-data(\.schemas)?|help-paying)\.ts$|session[\\/]household-checkout\.ts$)/;

/**
 * The athlete steps' screens (src/views/athletes/, their connect module): loaded lazily by login and register once
 * the wizard reaches them, and by /payment after 'Add another athlete' (src/views/athletes/athlete-steps-lazy.tsx).
 */
const ATHLETE_STEPS_VIEWS =
  /[\\/]src[\\/](machines[\\/](athlete-steps\.(connect|setup\.ts$)|athlete-(steps|membership)\.machine\.ts$)|domain[\\/](eligibility-check|athlete-account-forms|forms[\\/]create-athlete)\.ts$|views[\\/]athletes[\\/](?!athlete-steps-lazy))/;

/**
 * What the two-guardians pages of issue 20 point 4 (/household and /household/join) run on: machines, connect
 * modules, views, their endpoints and the invite form, in one chunk and one stylesheet instead of five files, because
 * every lazy chunk's name is listed in the app shell's preload table (the route pages stay `*.page` chunks, which
 * npm run bench tells from the rest). Not household-checkout: that belongs to the payment page.
 */
const HOUSEHOLD_GUARDIANS =
  /[\\/]src[\\/](api[\\/]household-invites|machines[\\/]household(-join)?\.(machine|connect)\.ts$|views[\\/]household[\\/]|domain[\\/]forms[\\/]guardian-invite)/;

/**
 * The account forms' rules (names, phone, relationships, the guardian and create-athlete schemas, their payloads):
 * one chunk, as the automatic split made it before /household used some of them without the rest (which split it in
 * two and added a file to /register's and /login's first visit). With them the family flows' session actions
 * (src/machines/session-actions.ts), which the same three flows (login, register, /household/join) load: one file
 * fewer on /login's and /register's first visit.
 */
const ACCOUNT_FORMS =
  /[\\/]src[\\/](domain[\\/](account-forms|names|phone|forms[\\/](password|guardian|phone))|machines[\\/]session-actions)\.ts$/;

/**
 * The licence page's small shared modules (its machine's context, shared with the /flows page's copy; the payment
 * texts and membership figures it shares with /payments, /update-card and the console): one chunk instead of three
 * of 0.2-1.0 KB, each of which cost its own file's overhead on every first visit to /licenses/{license}.
 */
const LICENCE_KIT =
  /[\\/]src[\\/](machines[\\/]licence\.context|domain[\\/]membership-figures|views[\\/]payments[\\/]payment-texts)\.ts$/;

/**
 * The payment rules and the two small modules /licenses/{license} and /payment both load with them (the confirmation
 * handed from the payment to the licence page, the sibling-discount text): one chunk instead of three. Not dates.ts,
 * which /dashboard and the console load without the rest.
 */
const PAYMENT_RULES = /[\\/]src[\\/](domain[\\/](payment-rules|household)|routes[\\/]claimed-confirmation)\.ts$/;

const APP_SHELL =
  /[\\/]src[\\/](api[\\/](?!(sandbox|sandbox-setup-intents|sandbox-request|server-rendered|payments|subscribe|player|household|household-invites|registration-progress|waitlist|seat-holds|eligibility|documents|team-questions|birth-dates|family-files|download|help-paying|payment-data|admin(-[\w-]+)?)(\.schemas)?\.ts)|session(?![\\/](household-checkout|progress(-restore|-declaration)?\.ts|progress-keys\.ts|guardian-draft\.ts|staff(-key)?\.ts))|views[\\/]common(?![\\/](account-menu|confirm-choice|relationship-fields))|config\.ts|app-start\.tsx|i18n[\\/]detect\.ts|flows[\\/]flow-inspector|routes[\\/](flow-page\.ts|guards\.ts|branding\.ts|search-params\.ts|router\.ts|(?!_?admin)[\w-]+\.route\.tsx?)|machines[\\/](entry-redirect|settle-unless-aborted|flow-exit)\.ts)|[\\/]node_modules[\\/](ky|zod)[\\/]/;

/**
 * The card-payments seam's loader with the one value of its types module (PaymentsUnavailableError, which the loader
 * re-exports). Left to the automatic split, that class lands in the Stripe adapter's chunk and the loader imports that
 * chunk statically: every /payment visit fetched the Stripe adapter (5.6 KB brotli) even with the sandbox provider.
 */
const CARD_PAYMENTS_LOADER = /[\\/]src[\\/]providers[\\/]card-payments[\\/](index|types)\.ts$/;

/** The family site's entry chunk (src/main.tsx), which loads the framework, the app shell and app-start lazily. */
const SITE_ENTRY_CHUNK = /(^|\/)main-[\w-]+\.js$/;

/**
 * The scripts every page has run before any other chunk's lazy import: the framework, the app shell and the two
 * small chunks the entries load first (the family entry loads them in stages, src/main.tsx; the console's entry
 * imports them). Left out of the preload lists of every lazy import: the app shell's table of its routes'
 * dependencies names 75 files, and each name is ~40 bytes nothing compresses. (The family entry's own list keeps only
 * its stylesheets: every page's HTML preloads the scripts it imports, scripts/prerender.ts.)
 */
const LOADED_BEFORE_ANY_LAZY_IMPORT = /(^|\/)(framework|app-shell|rolldown-runtime|preload-helper)-[\w-]+\.js$/;

/** Where the server's renderer of /draft is built, inside dist/ (under .vite/, which the server never serves). */
export const SERVER_RENDERER_DIR = '.vite/server';

// The API server `npm run dev` proxies to (scripts/dev.ts starts it on this port).
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:5174';

/** The compiled message catalogues (scripts/i18n-compile.ts), `<locale>/<group>.json`. */
const CATALOGUES_DIR = 'src/i18n/compiled';
/** Where `npm run dev` serves them. */
const DEV_I18N_BASE = '/i18n-dev';

function catalogueFiles(): { name: string; content: Buffer }[] {
  const dir = path.resolve(CATALOGUES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((locale) =>
      readdirSync(path.join(dir, locale))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => ({ name: `${locale}/${file}`, content: readFileSync(path.join(dir, locale, file)) })),
    );
}

/** A build's catalogues live under one fingerprinted folder (served immutable, as all of assets/). */
function builtI18nBase(): string {
  const hash = createHash('sha256');
  for (const file of catalogueFiles()) hash.update(file.name).update('\0').update(file.content).update('\0');
  return `/assets/i18n-${hash.digest('hex').slice(0, 10)}`;
}

/**
 * Issue 31: the message catalogues as small JSON files the site fetches (src/i18n/runtime.ts), one per language and
 * group, instead of a module each: the app shell carries one folder name, not a table of every catalogue. A build
 * emits them under `__I18N_BASE__` (compressed like every file, writeBundle below); `npm run dev` serves them.
 */
function i18nCatalogues(base: string): Plugin {
  return {
    name: 'diamond-i18n-catalogues',
    configureServer(server) {
      server.middlewares.use(DEV_I18N_BASE, (request, response, next) => {
        const file = catalogueFiles().find((entry) => `/${entry.name}` === request.url?.split('?')[0]);
        if (!file) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(file.content);
      });
    },
    generateBundle() {
      if (this.environment.name !== 'client') return;
      for (const file of catalogueFiles()) {
        this.emitFile({ type: 'asset', fileName: `${base.slice(1)}/${file.name}`, source: file.content });
      }
    },
  };
}

/** Vite's module of its helper for lazy imports, which every chunk with a lazy import imports. */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';
/** The site's own (src/preload-helper.ts). */
const SITE_PRELOAD_HELPER = path.resolve('src/preload-helper.ts');

/**
 * Puts src/preload-helper.ts in place of Vite's helper for lazy imports: the same job for this site's browsers and
 * base, 0.29 KB brotli instead of 0.76 on every first visit, and it asks for a lazy chunk at once rather than after
 * the chunk's stylesheets have loaded. Only for a base of `/`, which its paths assume (Vite's helper otherwise).
 */
function sitePreloadHelper(): Plugin {
  let rootBase = true;
  return {
    name: 'diamond-preload-helper',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      rootBase = config.base === '/';
    },
    load(id) {
      return id === VITE_PRELOAD_HELPER && rootBase
        ? `export { __vitePreload } from ${JSON.stringify(SITE_PRELOAD_HELPER)};`
        : null;
    },
  };
}

/**
 * elkjs (the /flows diagrams' layout, a lazy chunk) is a browserify bundle whose loader looks for a global `require`
 * (`"function"==typeof require&&require`); the bundler answers that reference with its own `require` shim and its
 * error text, which it puts in the runtime chunk every page loads (0.16 KB brotli). In a browser there is no such
 * global, so the test is `false`, as written here.
 */
function elkWithoutGlobalRequire(): Plugin {
  return {
    name: 'diamond-elk-without-global-require',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]elkjs[\\/]lib[\\/]elk\.bundled\.js$/ },
      handler(code) {
        // No map: the replacement stays on its line (a page only the /flows diagrams load).
        return { code: code.replaceAll('"function"==typeof require&&require', 'false'), map: null };
      },
    },
  };
}

export default defineConfig(({ mode, command }) => {
  // Validate the site's configuration before anything is built or served: a bad value stops start-up here,
  // naming the variable, instead of shipping a broken page.
  let define: ReturnType<typeof siteConfigDefine>;
  try {
    define = siteConfigDefine(mode);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const i18nBase = command === 'build' ? builtI18nBase() : DEV_I18N_BASE;
  return {
    plugins: [
      react(),
      sitePreloadHelper(),
      elkWithoutGlobalRequire(),
      machineDescriptionsForFlowsOnly(),
      consoleEntry(),
      staticPages(JSON.parse(define.__SITE_CONFIG__)),
      i18nCatalogues(i18nBase),
    ],
    resolve: {
      // React 19 has useSyncExternalStore: @xstate/react and TanStack's store import it through the package's shim
      // for React 16-17 (its own copy of the hook, ~0.3 KB brotli in the framework chunk); the package's plain
      // entries use React's own.
      alias: [
        { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
        {
          find: /^use-sync-external-store\/shim\/with-selector$/,
          replacement: 'use-sync-external-store/with-selector',
        },
      ],
    },
    // The validated configuration goes into the bundle as a constant (src/config.ts): no parsing in the browser.
    define: { ...define, __I18N_BASE__: JSON.stringify(i18nBase) },
    build: {
      target: 'es2022',
      sourcemap: true,
      // .vite/manifest.json: which chunks and stylesheets each route loads (npm run bench sums a first visit from it).
      manifest: true,
      // Every browser the site supports preloads modules natively: the polyfill would be bytes on every first visit.
      modulePreload: {
        polyfill: false,
        // A lazy import's list leaves out the chunk itself, which the site's helper imports at once
        // (src/preload-helper.ts), and the chunks every page has already run. The family entry's keeps only its
        // stylesheets: every page's HTML preloads the scripts src/main.tsx imports (scripts/prerender.ts).
        resolveDependencies: (file, deps, { hostId, hostType }) => {
          if (hostType !== 'js') return deps;
          if (SITE_ENTRY_CHUNK.test(hostId)) return deps.filter((dep) => dep.endsWith('.css'));
          return deps.filter((dep) => dep !== file && !LOADED_BEFORE_ANY_LAZY_IMPORT.test(dep));
        },
      },
      // elkjs (the /flows page only, loaded lazily) is one 1.4 MB chunk; every other chunk stays far below this.
      chunkSizeWarningLimit: 1600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A group that names machine files ends them in `\.ts$`: the /flows page's copies of the machines
            // (`…machine.ts?flows`, with their descriptions: scripts/machine-descriptions.ts) stay out of it.
            groups: [
              // The libraries every page runs on, in one long-cached chunk instead of a dozen small ones (each chunk
              // is compressed alone, so splitting them costs bytes as well as requests; npm run bench measures it).
              // Card payments, billing, pusher-js and elkjs stay out: they load only where they are used.
              { name: 'framework', test: (id) => FRAMEWORK_PACKAGES.test(id) || FRAMEWORK_START.test(id) },
              // The app's shell every page loads (APP_SHELL), likewise one chunk. Measured against the automatic split,
              // with the build-time configuration: a first visit to /login 140.7 -> 134.5 KB, to /licenses/{license}
              // 137.9 -> 131.8 KB. Folding in the router, the route definitions and the small helpers every flow page
              // imports (each was its own chunk of 0.1-2 KB) and leaving out the endpoints of one or two flows: /login
              // 124.5 -> 123.1 KB. Split further by which pages use each module (`entriesAware`, or `minShareCount`),
              // every route grows (/login 130.2 KB): a dozen small chunks compress worse than the one they replace.
              { name: 'app-shell', test: APP_SHELL },
              { name: 'card-payments', test: CARD_PAYMENTS_LOADER },
              // The athlete steps login and register both invoke (the child machines, their connect module and
              // views), always loaded together: one chunk instead of three (first visit /register 125.0 -> 124.5 KB, /login
              // 124.3 -> 123.8 KB). Only the matched modules: what they import stays where the automatic split puts it.
              // Issue 21: the three flows that load it (login, register, /payment) are the ones that save and resume, so
              // the resume hook's stub rides along (the saving and restoring code are lazy chunks of their own), and
              // so do exit-link (login and register) and the lazy loader of the athlete steps' screens. The screens
              // themselves are `athlete-steps-views`: /register 125.3 -> 124.6 KB, /login 124.5 -> 123.9 KB.
              { name: 'athlete-steps', test: ATHLETE_STEPS, includeDependenciesRecursively: false },
              { name: 'athlete-steps-views', test: ATHLETE_STEPS_VIEWS, includeDependenciesRecursively: false },
              // The one-athlete card payment and the card steps it shares with the family checkout (card-steps.ts), which
              // /payment loads together: one chunk, not two.
              { name: 'card-payment', test: CARD_PAYMENT, includeDependenciesRecursively: false },
              { name: 'payment-kit', test: PAYMENT_KIT, includeDependenciesRecursively: false },
              { name: 'household-guardians', test: HOUSEHOLD_GUARDIANS, includeDependenciesRecursively: false },
              { name: 'account-forms', test: ACCOUNT_FORMS, includeDependenciesRecursively: false },
              { name: 'licence-kit', test: LICENCE_KIT, includeDependenciesRecursively: false },
              { name: 'payment-rules', test: PAYMENT_RULES, includeDependenciesRecursively: false },
              // The helper for lazy imports (the site's: sitePreloadHelper), on its own: in the app shell it made the
              // entry import the shell (and through it the framework) statically, so ~110 KB of script was fetched
              // before the page's first paint.
              { name: 'preload-helper', test: /vite\/preload-helper|[\\/]src[\\/]preload-helper\.ts$/, priority: 10 },
            ],
          },
        },
      },
    },
    // `vite build` builds the site (client) and then the server's renderer of /draft (ssr): the same sources and
    // configuration, so the server renders with exactly the build it serves (server/http/draft-preview-page.ts).
    // Then dist/.build-hash, the hash of the build's inputs, so that `npm start` after `npm run build` serves this
    // build instead of building the site again (server/site-build.ts).
    builder: {
      async buildApp(builder) {
        const { client, ssr } = builder.environments;
        if (!client || !ssr) throw new Error('vite.config.ts: the client and ssr environments are both built');
        await builder.build(client);
        await builder.build(ssr);
        const siteDir = path.resolve(client.config.root, client.config.build.outDir);
        await writeFile(path.join(siteDir, SITE_BUILD_STAMP), `${siteInputsHash(client.config.root)}\n`);
      },
    },
    environments: {
      // Two pages: the family site (index.html) and the club's console (admin.html, every /admin/* path), so the
      // family pages never load the console's route definitions.
      client: {
        build: {
          rolldownOptions: {
            input: { main: 'index.html', admin: 'admin.html' },
            // Seven characters of hash instead of eight (the fewest the bundler allows below 4,096 chunks): file
            // names are the one thing in the lazy imports' tables and the import statements that does not
            // compress, and /login's first visit names two dozen (0.13 KB brotli).
            output: {
              entryFileNames: 'assets/[name]-[hash:7].js',
              chunkFileNames: 'assets/[name]-[hash:7].js',
              assetFileNames: 'assets/[name]-[hash:7][extname]',
            },
          },
        },
      },
      ssr: {
        build: {
          outDir: `dist/${SERVER_RENDERER_DIR}`,
          emptyOutDir: true,
          manifest: false,
          sourcemap: false,
          // One file: the site's chunk groups (above) are for a browser's first visit, and here they split modules
          // the renderer's entry shares with the payment kit into an import cycle the entry could not evaluate.
          rolldownOptions: {
            input: { 'draft.server': 'src/routes/draft.server.tsx' },
            output: { codeSplitting: false },
          },
        },
      },
    },
    server: {
      port: Number(process.env.PORT ?? 5173),
      strictPort: true,
      proxy: {
        '/api': apiTarget,
        '/nova-field': apiTarget,
        '/sandbox': apiTarget,
        '/dev': apiTarget,
        '/static': apiTarget,
        '/app': { target: apiTarget, ws: true },
      },
    },
  };
});

/**
 * The `define` entry that compiles the validated configuration into the site (src/config.ts reads it), from the
 * VITE_* variables of the .env files and the environment. Throws a ConfigError naming every invalid variable.
 * vitest.config.ts uses it too, so tests see the configuration a build would.
 */
export function siteConfigDefine(mode: string): { __SITE_CONFIG__: string } {
  const fromEnvironment = Object.fromEntries(
    Object.entries(process.env).filter(([key, value]) => key.startsWith('VITE_') && value !== undefined),
  );
  return {
    __SITE_CONFIG__: JSON.stringify(parseConfig({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...fromEnvironment })),
  };
}

/** The club console's paths (issue 22): pages of admin.html, not of index.html. */
const CONSOLE_PAGE = /^\/admin(\/[^.]*)?(\?.*)?$/;

/**
 * `npm run dev` serves admin.html for the console's paths, as the server does for a build (the route table
 * scripts/prerender.ts writes); everything else falls back to index.html as before.
 */
function consoleEntry(): Plugin {
  return {
    name: 'diamond-console-entry',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && CONSOLE_PAGE.test(request.url)) request.url = '/admin.html';
        next();
      });
    },
  };
}

/** Text files worth compressing; source maps stay plain (only developer tools fetch them). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * After the bundle is written: the prerendered entry pages (scripts/prerender.ts), the Content-Security-Policy
 * manifest with the hashes of their inline scripts and styles (dist/.vite/csp.json, server/http/csp.ts), then a
 * brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file, which the server sends by
 * Accept-Encoding (server/http/static-site.ts). Compressing once at build time affords the slowest, smallest settings.
 */
function staticPages(config: AppConfig): Plugin {
  let outDir = 'dist';
  return {
    name: 'diamond-static-pages',
    apply: 'build',
    // The site's pages only: the server's renderer (the ssr environment) has neither pages nor compressed copies.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      prerenderPages(outDir, config.clientName);
      writeCspManifest(outDir, config);
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes('.vite'))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

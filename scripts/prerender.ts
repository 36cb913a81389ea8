/**
 * Build step (vite.config.ts runs it after the bundle is written): one HTML file per entry route with the site frame
 * (brand header, main, footer) and the page's heading already in #root, so a phone paints the page from the HTML
 * itself while the JavaScript is still on its way. src/main.tsx replaces it with the real page in one commit once
 * the route's code has loaded. The server (server/http/static-site.ts) answers each route with its file, listed in
 * pages/routes.json.
 *
 * The markup mirrors src/views/common/page.tsx (Page), src/routes/root.route.tsx (the skip link) and the headings the
 * flows show first; scripts/prerender.test.ts renders those components and fails when they drift apart.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCspManifest, CSP_MANIFEST_FILE, type CspManifest, type SiteCspConfig } from '../server/http/csp.ts';
import { LANGUAGE_NAMES, LOCALES } from '../src/i18n/messages.gen.ts';

export interface PrerenderedPage {
  /** Route pattern as the server matches it (`:name` is one path segment). */
  route: string;
  /** The route's lazily loaded page module (its stylesheets are inlined with the entry's). */
  page: string;
  /** File under the build's output directory. */
  file: string;
  /** What the page shows first inside <main>, as static markup, from the configured client name. */
  main: (clientName: string) => string;
  /** Multi-column pages (Page `wide`). */
  wide?: boolean;
}

/** The entry routes a family reaches from a link (issue 14): the pages whose first visit counts. */
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  // 'licence.welcome': the team licence page's heading, whatever the licence (src/i18n/catalogues/en/licence.json).
  {
    route: '/licenses/:license',
    page: 'src/routes/licence.page.tsx',
    file: 'pages/licence.html',
    main: (client) => cardWithHeading(`Welcome to ${client}`),
  },
  // The welcome step (src/views/login/welcome-step.tsx).
  {
    route: '/login',
    page: 'src/routes/login.page.tsx',
    file: 'pages/login.html',
    main: (client) => cardWithHeading(`Already have a ${client} App account?`),
  },
  // The guardian account step (src/views/register/guardian-account-step.tsx) a new family starts on.
  {
    route: '/register',
    page: 'src/routes/register.page.tsx',
    file: 'pages/register.html',
    main: () => cardWithHeading('Create your Primary Guardian account'),
  },
  // REQUEST_HEADING and REQUEST_INTRO (src/views/password-reset/password-reset-texts.ts): the intro is the page's
  // largest text, so it paints with the HTML instead of after the scripts.
  {
    route: '/resetpwd/forgot',
    page: 'src/routes/password-reset.page.tsx',
    file: 'pages/password-reset.html',
    main: () =>
      cardWithHeading(
        'Forgot your password?',
        '<p id="request-intro">Enter the email address of your account and we will send you a link to reset your password.</p>',
      ),
  },
  // The payment flow while it loads (src/views/payment/payment-flow.tsx), and on /draft with the preview banner.
  {
    route: '/payment',
    page: 'src/routes/payment.page.tsx',
    file: 'pages/payment.html',
    wide: true,
    main: () => PAYMENT_LOADING,
  },
  {
    route: '/draft',
    page: 'src/routes/draft.page.tsx',
    file: 'pages/draft.html',
    wide: true,
    main: () =>
      '<div class="preview-banner" role="note"><strong>Registration Preview</strong>' +
      '<span>This is what the customer is going to see.</span></div>' +
      PAYMENT_LOADING,
  },
];

/** The club console's page (vite.config.ts builds it as a second input) and the paths it serves. */
const CONSOLE_PAGE = 'admin.html';
const CONSOLE_ROUTES = ['/admin', '/admin/*'];

/** Where the route -> file table goes (server/http/static-site.ts PRERENDERED_ROUTES_FILE). */
export const ROUTES_FILE = 'pages/routes.json';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** StepHeading, as React renders it. */
const stepHeading = (heading: string) => `<h1 tabindex="-1" class="step-heading">${escapeHtml(heading)}</h1>`;
/** A step in a card with its heading (and what follows it, as markup): how the account and licence steps open. */
export const cardWithHeading = (heading: string, after = '') =>
  `<section class="card">${stepHeading(heading)}${after}</section>`;
const PAYMENT_LOADING = `${stepHeading('Payment Options')}<p role="status" class="payment-status">Loading your payment options…</p>`;

/** The header's language switch (src/views/common/language-switch.tsx) in English, as React renders it. */
const LANGUAGE_SWITCH_ID = 'language-switch';
function languageSwitchHtml(): string {
  const options = LOCALES.map(
    (locale) =>
      `<option value="${locale}" lang="${locale}"${locale === 'en' ? ' selected=""' : ''}>${escapeHtml(LANGUAGE_NAMES[locale])}</option>`,
  ).join('');
  return (
    '<span class="page-header__end"><span class="language-switch">' +
    `<label class="visually-hidden" for="${LANGUAGE_SWITCH_ID}">Language</label>` +
    `<select id="${LANGUAGE_SWITCH_ID}" class="language-switch__select">${options}</select></span></span>`
  );
}

/** What React renders for RootLayout > Page > (main's content), as static markup. */
export function frameHtml(clientName: string, main: string, wide = false, year = new Date().getFullYear()): string {
  const client = escapeHtml(clientName);
  return (
    '<a class="skip-link" href="#main">Skip to content</a>' +
    '<div class="page">' +
    `<header class="page-header"><span class="brand">${client}</span>${languageSwitchHtml()}</header>` +
    `<main id="main" tabindex="-1" class="${wide ? 'page-main page-main--wide' : 'page-main'}">${main}</main>` +
    `<footer class="page-footer"><p>© ${year} ${client}. All rights reserved.</p></footer>` +
    '</div>'
  );
}

const ROOT_ELEMENT = '<div id="root"></div>';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The module src/main.tsx imports after the first paint: the site's code. */
const APP_MODULE = 'src/app-start.tsx';

/** A chunk's file and those of everything it imports statically. */
function scriptClosure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) scriptClosure(manifest, imported, into);
  return into;
}

/**
 * Preloads of the site's code and the route's page chunk, requested just after the first paint: the HTML paints
 * alone (its stylesheets are inline, and the entry module imports only Vite's small preload helper), then the
 * scripts download in parallel instead of one after the other as the router asks for them. Started during the
 * parse, ~150 KB of script competed with the page for the phone's bandwidth, and Lighthouse counted their download
 * into the largest paint whenever they finished before it. A page opened in a background tab gets no animation
 * frames: it asks at once (src/main.tsx starts the app the same way). The links are added three per task, in the
 * order the site needs them (its code, then the page's): appending each starts its request, and the two dozen of
 * /payment appended at once were one of the page's longest tasks (issue 30 point 6).
 */
function modulePreloads(html: string, manifest: Record<string, ManifestChunk>, page: string | null): string {
  const files = scriptClosure(manifest, APP_MODULE);
  if (page !== null) scriptClosure(manifest, page, files);
  const hrefs = [...files].filter((file) => !html.includes(`href="/${file}"`)).map((file) => `/${file}`);
  const preload =
    '<script>(function(){' +
    `var files=${JSON.stringify(hrefs)};` +
    // Three links a task: each append starts a request, and two dozen at once were one long task of /payment.
    "function preload(){files.splice(0,3).forEach(function(href){var link=document.createElement('link');" +
    "link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});" +
    'if(files.length)setTimeout(preload,0)}' +
    "if(document.visibilityState==='visible')requestAnimationFrame(function(){setTimeout(preload,0)});else preload()" +
    '})()</script>';
  return html
    .replace('</body>', `${preload}</body>`)
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
    );
}

/** The stylesheets a page module loads with its static imports, in the order Vite's preload helper adds them. */
function pageStylesheets(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [
    ...(chunk.imports ?? []).flatMap((imported) => pageStylesheets(manifest, imported, seen)),
    ...(chunk.css ?? []),
  ];
}

/**
 * Puts the stylesheets in the page: the head's render-blocking links and the page module's stylesheets become
 * <style> elements, so the first paint needs the HTML alone (one round trip less on a phone). Each inlined file keeps
 * a disabled <link> (never fetched, never applied): Vite's preload helper finds it and does not load the file again.
 */
function inlineStylesheets(html: string, outDir: string, pageCss: string[]): string {
  const linked: string[] = [];
  const withoutLinks = html.replace(/\s*<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, href) => {
    linked.push(href);
    return '';
  });
  const files = [...new Set([...linked, ...pageCss])];
  const styles = files
    .map((file) => `<style>${readFileSync(path.join(outDir, file), 'utf8').replaceAll('</style', '<\\/style')}</style>`)
    .join('');
  const markers = files.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`).join('');
  return withoutLinks.replace('</head>', `${styles}${markers}</head>`);
}

/**
 * Writes one HTML file per entry route from the built index.html (stylesheets inlined, frame prerendered), the table
 * the server reads, and index.html itself with its stylesheets inlined.
 */
export function prerenderPages(outDir: string, clientName: string): string[] {
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const table: Record<string, string> = {};
  const written: string[] = [];
  for (const page of PRERENDERED_PAGES) {
    const styled = inlineStylesheets(template, outDir, pageStylesheets(manifest, page.page));
    const html = modulePreloads(styled, manifest, page.page).replace(
      ROOT_ELEMENT,
      `<div id="root">${frameHtml(clientName, page.main(clientName), page.wide)}</div>`,
    );
    const file = path.join(outDir, page.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    table[page.route] = page.file;
    written.push(page.file);
  }
  // The club's console is its own page (admin.html, its own router): every /admin path is served it, as it is.
  for (const route of CONSOLE_ROUTES) table[route] = CONSOLE_PAGE;
  writeFileSync(path.join(outDir, ROUTES_FILE), `${JSON.stringify(table, null, 2)}\n`);
  writeFileSync(
    path.join(outDir, 'index.html'),
    modulePreloads(inlineStylesheets(template, outDir, []), manifest, null),
  );
  return written;
}

/**
 * The Content-Security-Policy manifest (server/http/csp.ts): the SHA-256 of every inline script and stylesheet of
 * every HTML file the build wrote (the preload script and the inlined styles above), and the origins the site's
 * configuration talks to. Run after prerenderPages; the server sends these hashes with every page.
 */
export function writeCspManifest(outDir: string, config: SiteCspConfig): CspManifest {
  const pages = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html') && !entry.parentPath.includes('.vite'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  const manifest = buildCspManifest(pages, config);
  const file = path.join(outDir, CSP_MANIFEST_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

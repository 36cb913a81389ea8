/**
 * Build step (vite.config.ts runs it after the bundle is written): one HTML file per entry route and language with the
 * site frame (brand header with the language switch, main, footer) and the page's heading already in #root, so a
 * phone paints the page from the HTML itself while the JavaScript is still on its way. src/main.tsx replaces it with
 * the real page in one commit once the route's code and texts have loaded. The server (server/http/static-site.ts)
 * answers each route with its file in the language the site will open in (the `lang=` link, the remembered choice's
 * cookie, Accept-Language: src/i18n/detect.ts), listed in pages/routes.json, so the first frame is already in it.
 *
 * The markup mirrors src/views/common/page.tsx (Page), src/routes/root.route.tsx (the skip link) and the headings the
 * flows show first, with their catalogue texts; scripts/prerender.test.ts renders those components in every language
 * and fails when they drift apart.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCspManifest, CSP_MANIFEST_FILE, type CspManifest, type SiteCspConfig } from '../server/http/csp.ts';
import { DEFAULT_LOCALE } from '../src/i18n/detect.ts';
import { GROUPS, LANGUAGE_NAMES, LOCALES, type Locale, type MessageGroup } from '../src/i18n/messages.gen.ts';
import { addCatalogue, catalogueOf, currentLocale, initLocale, PAGE_TEXTS_ID, t } from '../src/i18n/runtime.ts';

export interface PrerenderedPage {
  /** Route pattern as the server matches it (`:name` is one path segment). */
  route: string;
  /** The route's lazily loaded page module (its stylesheets are inlined with the entry's). */
  page: string;
  /** The English page's file under the build's output directory (other languages: pageFile). */
  file: string;
  /**
   * What the page shows first inside <main>, as static markup, in the language in use (`t`, with the page's texts
   * loaded: pageTextGroups), from the configured client name.
   */
  main: (clientName: string) => string;
  /** Multi-column pages (Page `wide`). */
  wide?: boolean;
}

/** The entry routes a family reaches from a link (issue 14): the pages whose first visit counts. */
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  // The team licence page's heading, whatever the licence (src/views/licence/team-welcome-view.tsx).
  {
    route: '/licenses/:license',
    page: 'src/routes/licence.page.tsx',
    file: 'pages/licence.html',
    main: (client) => cardWithHeading(t('licence.welcome', { client_name: client })),
  },
  // The welcome step (src/views/login/welcome-step.tsx).
  {
    route: '/login',
    page: 'src/routes/login.page.tsx',
    file: 'pages/login.html',
    main: (client) => cardWithHeading(t('login.haveAccount', { client_name: client })),
  },
  // The guardian account step (src/views/register/guardian-account-step.tsx) a new family starts on.
  {
    route: '/register',
    page: 'src/routes/register.page.tsx',
    file: 'pages/register.html',
    main: () => cardWithHeading(t('register.createHeading')),
  },
  // The request form's heading and intro (src/views/password-reset/request-form.tsx): the intro is the page's
  // largest text, so it paints with the HTML instead of after the scripts.
  {
    route: '/resetpwd/forgot',
    page: 'src/routes/password-reset.page.tsx',
    file: 'pages/password-reset.html',
    main: () =>
      cardWithHeading(t('reset.requestHeading'), `<p id="request-intro">${escapeHtml(t('reset.requestIntro'))}</p>`),
  },
  // The payment flow while it loads (src/views/payment/payment-flow.tsx), and on /draft with the preview banner.
  {
    route: '/payment',
    page: 'src/routes/payment.page.tsx',
    file: 'pages/payment.html',
    wide: true,
    main: () => paymentLoading(),
  },
  {
    route: '/draft',
    page: 'src/routes/draft.page.tsx',
    file: 'pages/draft.html',
    wide: true,
    main: () =>
      `<div class="preview-banner" role="note"><strong>${escapeHtml(t('payment.previewTitle'))}</strong>` +
      `<span>${escapeHtml(t('payment.previewText'))}</span></div>${paymentLoading()}`,
  },
];

/**
 * The page's HTML in `locale`: English, the fallback, at the page's own file, every other language in a folder of its
 * own (`pages/es/login.html`); the server's renderer of /draft is registered for each (draft-preview-page.ts).
 */
export function pageFile(page: PrerenderedPage, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? page.file : page.file.replace(/^pages\//, `pages/${locale}/`);
}

/** A file of the project, by its path from the project's folder (this file's parent). */
const projectFile = (file: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', file);

/**
 * The catalogue groups a page's texts come from: `common` (the frame) and the ones its route names in its lazy
 * import, `withTexts([...])` (src/routes/page-texts.ts), which load before the page first renders.
 */
export function pageTextGroups(page: string): MessageGroup[] {
  const routeFile = projectFile(page.replace(/\.page\.tsx$/, '.route.ts'));
  const source = existsSync(routeFile) ? readFileSync(routeFile, 'utf8') : '';
  const named = /withTexts\(\[([^\]]*)\]/.exec(source)?.[1] ?? '';
  const groups = [...named.matchAll(/'([\w-]+)'/g)].map((match) => match[1]);
  return ['common', ...GROUPS.filter((group) => groups.includes(group))];
}

/** The compiled catalogues (scripts/i18n-compile.ts), the same files the build serves. */
const CATALOGUES_DIR = 'src/i18n/compiled';

/** Adds the compiled texts of `groups` in every language to the runtime (`t`), as the site loads them. */
export function loadTexts(groups: readonly MessageGroup[]): void {
  for (const locale of LOCALES) {
    for (const group of groups) {
      const file = projectFile(`${CATALOGUES_DIR}/${locale}/${group}.json`);
      if (existsSync(file)) addCatalogue(locale, group, catalogueOf(JSON.parse(readFileSync(file, 'utf8'))));
    }
  }
}

/** `render` with `t` in `locale`; the language in use before is restored. */
export function inLocale<T>(locale: Locale, render: () => T): T {
  const previous = currentLocale();
  initLocale(locale);
  try {
    return render();
  } finally {
    initLocale(previous);
  }
}

/** The club's console is its own page (vite.config.ts builds it as a second input) and the paths it serves. */
const CONSOLE_PAGE = 'admin.html';
const CONSOLE_ROUTES = ['/admin', '/admin/*'];

/**
 * Where the route table goes (server/http/static-site.ts PRERENDERED_ROUTES_FILE): route -> file, or -> the file of
 * each language (`{ "en": "pages/login.html", "es": "pages/es/login.html" }`).
 */
export const ROUTES_FILE = 'pages/routes.json';

/** Text and attribute values as React writes them. */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

/** StepHeading, as React renders it. */
const stepHeading = (heading: string) => `<h1 tabindex="-1" class="step-heading">${escapeHtml(heading)}</h1>`;
/** A step in a card with its heading (and what follows it, as markup): how the account and licence steps open. */
export const cardWithHeading = (heading: string, after = '') =>
  `<section class="card">${stepHeading(heading)}${after}</section>`;
/** src/views/payment/loading-options.tsx. */
const paymentLoading = () =>
  `${stepHeading(t('payment.paymentOptions'))}<p role="status" class="payment-status">${escapeHtml(t('payment.loadingOptions'))}</p>`;

/** The header's language switch (src/views/common/language-switch.tsx) in the language in use, as React renders it. */
const LANGUAGE_SWITCH_ID = 'language-switch';
function languageSwitchHtml(): string {
  const options = LOCALES.map(
    (locale) =>
      `<option value="${locale}" lang="${locale}"${locale === currentLocale() ? ' selected=""' : ''}>${escapeHtml(LANGUAGE_NAMES[locale])}</option>`,
  ).join('');
  return (
    '<span class="page-header__end"><span class="language-switch">' +
    `<label class="visually-hidden" for="${LANGUAGE_SWITCH_ID}">${escapeHtml(t('common.languageLabel'))}</label>` +
    `<select id="${LANGUAGE_SWITCH_ID}" class="language-switch__select">${options}</select></span></span>`
  );
}

/** What React renders for RootLayout > Page > (main's content) in the language in use, as static markup. */
export function frameHtml(clientName: string, main: string, wide = false, year = new Date().getFullYear()): string {
  const client = escapeHtml(clientName);
  return (
    `<a class="skip-link" href="#main">${escapeHtml(t('common.skipToContent'))}</a>` +
    '<div class="page">' +
    `<header class="page-header"><span class="brand">${client}</span>${languageSwitchHtml()}</header>` +
    `<main id="main" tabindex="-1" class="${wide ? 'page-main page-main--wide' : 'page-main'}">${main}</main>` +
    `<footer class="page-footer"><p>${escapeHtml(t('common.rightsReserved', { year, client_name: clientName }))}</p></footer>` +
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
 * alone (its stylesheets are inline, and the entry module imports only the small preload helper), then the
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
  const names = [...files].filter((file) => !html.includes(`href="/${file}"`));
  // The chunks' folder once, not in every name.
  const folder = names.every((file) => file.startsWith(ASSETS)) ? ASSETS : '';
  const preload =
    '<script>(f=>{const p=()=>{' +
    // Three links a task: each append starts a request, and two dozen at once were one long task of /payment.
    "for(const h of f.splice(0,3)){const l=document.createElement('link');" +
    `l.rel='modulepreload';l.crossOrigin='';l.href='/${folder}'+h;document.head.append(l)}` +
    'f.length&&setTimeout(p)};' +
    "document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(p)):p()" +
    `})(${JSON.stringify(names.map((file) => file.slice(folder.length)))})</script>`;
  return html
    .replace('</body>', `${preload}</body>`)
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
    );
}

/** Where the build writes its chunks. */
const ASSETS = 'assets/';

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
  const markers = files.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');
  return withoutLinks.replace('</head>', `${styles}${markers}</head>`);
}

/**
 * Writes one HTML file per entry route from the built index.html (stylesheets inlined, frame prerendered), the table
 * the server reads, and index.html itself with its stylesheets inlined.
 */
export function prerenderPages(outDir: string, clientName: string): string[] {
  // The whitespace between tags (index.html's indentation) is nothing a page shows: out of every first visit.
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8').replace(/>\s+</g, '><');
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const table: Record<string, string | Record<string, string>> = {};
  const written: string[] = [];
  loadTexts([DOCUMENT_GROUP]);
  const catalogueFolder = builtCatalogueFolder(outDir);
  for (const page of PRERENDERED_PAGES) {
    loadTexts(pageTextGroups(page.page));
    const styled = inlineStylesheets(template, outDir, pageStylesheets(manifest, page.page));
    const preloaded = modulePreloads(styled, manifest, page.page);
    const files: Record<string, string> = {};
    for (const locale of LOCALES) {
      const html = inLocale(locale, () => {
        const frame = frameHtml(clientName, page.main(clientName), page.wide);
        const document = withDocumentTexts(
          withPageTexts(withLanguage(preloaded, locale), catalogueFolder, locale, pageTextGroups(page.page)),
        );
        return document.replace(ROOT_ELEMENT, () => `<div id="root">${frame}</div>`);
      });
      const file = pageFile(page, locale);
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      writeFileSync(path.join(outDir, file), html);
      files[locale] = file;
      written.push(file);
    }
    table[page.route] = files;
  }
  // The club's console is its own page (admin.html, its own router): every /admin path is served it, as it is.
  for (const route of CONSOLE_ROUTES) table[route] = CONSOLE_PAGE;
  writeFileSync(path.join(outDir, ROUTES_FILE), `${JSON.stringify(table, null, 2)}\n`);
  writeFileSync(
    path.join(outDir, 'index.html'),
    inLocale(DEFAULT_LOCALE, () =>
      withDocumentTexts(modulePreloads(inlineStylesheets(template, outDir, []), manifest, null)),
    ),
  );
  return written;
}

/** The document's own texts (index.html's description and <noscript>): the `document` group, loaded at build time only. */
const DOCUMENT_GROUP: MessageGroup = 'document';
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/;

/**
 * The page with the document's texts in the language in use, from the catalogue: the search engines' description and
 * what a browser without JavaScript shows. index.html holds them in English for `npm run dev`; a template without
 * them fails the build rather than ship a page that says nothing, or English, in another language.
 */
export function withDocumentTexts(html: string): string {
  if (!DESCRIPTION.test(html) || !NOSCRIPT.test(html)) {
    throw new Error('index.html lacks <meta name="description"> or <noscript>, which each language fills in');
  }
  return html
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(t('document.description'))}">`)
    .replace(NOSCRIPT, () => `<noscript>${escapeHtml(t('document.noscript'))}</noscript>`);
}

/**
 * The folder the build wrote the catalogues to (vite.config.ts `__I18N_BASE__`: <outDir>/assets/i18n-<hash>), or null
 * when the build wrote none (a test's output folder).
 */
function builtCatalogueFolder(outDir: string): string | null {
  const assets = path.join(outDir, 'assets');
  const folder = existsSync(assets) ? readdirSync(assets).find((name) => /^i18n-[0-9a-f]+$/.test(name)) : undefined;
  return folder ? path.join(assets, folder) : null;
}

/**
 * The page with its texts' catalogues (its groups, in its language: the files the build serves) in a data block the
 * runtime reads before it fetches any (src/i18n/runtime.ts `PAGE_TEXTS_ID`). Fetched by the route's code, they were one
 * more round trip before the first API call; asked for as six preloads, they took the phone's connections from the
 * page's scripts (HTTP/1.1 gives an origin six; Lighthouse's simulation too): issue 30 point 6, /payment's largest
 * paint. A data block is no script: the Content-Security-Policy needs no hash of it. `<` is escaped, so no text can
 * close the element.
 */
function withPageTexts(html: string, folder: string | null, locale: Locale, groups: readonly MessageGroup[]): string {
  if (folder === null) return html;
  const texts: Record<string, unknown> = {};
  for (const group of groups) {
    const file = path.join(folder, locale, `${group}.json`);
    if (existsSync(file)) texts[group] = JSON.parse(readFileSync(file, 'utf8'));
  }
  const json = JSON.stringify({ locale, groups: texts }).replaceAll('<', '\\u003c');
  return html.replace('</head>', () => `<script type="application/json" id="${PAGE_TEXTS_ID}">${json}</script></head>`);
}

/** The page with `<html lang>` saying its language (screen readers pronounce the first frame by it). */
function withLanguage(html: string, locale: Locale): string {
  return html.replace(/<html\b[^>]*>/, (tag) =>
    / lang="[^"]*"/.test(tag)
      ? tag.replace(/ lang="[^"]*"/, ` lang="${locale}"`)
      : tag.replace('<html', `<html lang="${locale}"`),
  );
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

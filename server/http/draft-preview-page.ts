import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LOCALE } from '../../src/i18n/detect.ts';
import { LOCALES as SITE_LOCALES, type Locale as SiteLocale } from '../../src/i18n/messages.gen.ts';
import type { AppDeps } from '../deps.ts';
import { isLocale } from '../i18n/index.ts';
import { draftPreviewData } from '../services/drafts.ts';
import { fileVersion } from './file-version.ts';

/**
 * /draft?draft_id={id} rendered on the server (issue 14, docs/architecture.md §10): the prerendered page with the
 * draft's first screen (fee summary and plans, from src/routes/draft.server.tsx) in its <main>, and the same payment
 * data in a JSON script inside #root that the browser starts the flow with (src/api/server-rendered.ts). The largest
 * paint then comes with the HTML instead of after the scripts and the plans request.
 *
 * In every language the site is prerendered in (issue 31): the page of each language (`pages/draft.html`,
 * `pages/es/draft.html`) has its renderer (draftPreviewRenderers), and the server sends the one the site will open in
 * (static-site.ts pageLocale: `lang=`, the `diamond-language` cookie, Accept-Language), so that page's renderer
 * renders its first screen in its language, plans named in it (services/checkout/plan-texts.ts), and the data the
 * browser starts with is that language's too.
 *
 * Anything that keeps it from rendering (no such draft, an id that is not one, the site's configuration or the
 * renderer unavailable, a render that fails) answers null: the static prerendered page is sent, as before.
 */

/** The server's renderer of /draft, built by `vite build` beside the site (vite.config.ts); never served (a dotfile). */
export const SERVER_RENDERER_FILE = '.vite/server/draft.server.js';

/** The element the browser reads the data from (src/api/server-rendered.ts DRAFT_PREVIEW_DATA_ID). */
const DATA_ELEMENT_ID = 'draft-preview-data';

const DRAFT_ID = /^[1-9]\d{0,8}$/;

export type PageRenderer = (url: URL, template: string) => Promise<string | null>;

/** The prerendered /draft page of a language, as scripts/prerender.ts `pageFile` names it (its tests compare them). */
export function draftPageFile(locale: SiteLocale): string {
  return locale === DEFAULT_LOCALE ? 'pages/draft.html' : `pages/${locale}/draft.html`;
}

/** What src/routes/draft.server.tsx exports. */
export type DraftRenderer = Pick<typeof import('../../src/routes/draft.server.tsx'), 'renderDraftPreview'>;

/**
 * Loads the renderer the build made with the site it serves (the same sources and compiled-in configuration), once per
 * build: a site rebuilt under a running server is rendered by its own new renderer. Null while there is none (a site
 * being built); a failed load is not kept, so the next request tries again.
 */
export function builtRenderer(siteDir: string): () => Promise<DraftRenderer | null> {
  const file = path.join(siteDir, SERVER_RENDERER_FILE);
  let loaded: { version: string; module: Promise<DraftRenderer> } | undefined;
  return async () => {
    const version = await fileVersion(file);
    if (version === null) return null;
    if (loaded?.version !== version) {
      // The version in the URL makes a rebuilt file a new module (Node keeps every module it imported by URL).
      loaded = { version, module: import(`${pathToFileURL(file).href}?v=${encodeURIComponent(version)}`) };
    }
    const current = loaded;
    try {
      return await current.module;
    } catch (error) {
      if (loaded === current) loaded = undefined;
      throw error;
    }
  };
}

/** JSON inside a <script>: nothing in it may end the element or start a comment, whatever the draft's names hold. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const MAIN = /<main\b[^>]*>[\s\S]*<\/main>/;

/** The renderer of /draft for the page of each language the site is prerendered in (server/app.ts). */
export function draftPreviewRenderers(
  deps: AppDeps,
  siteDir: string,
  loadRenderer: () => Promise<DraftRenderer | null> = builtRenderer(siteDir),
): Record<string, PageRenderer> {
  const render = draftPreviewPage(deps, siteDir, loadRenderer);
  return Object.fromEntries(
    SITE_LOCALES.map((locale): [string, PageRenderer] => [
      draftPageFile(locale),
      (url, template) => render(url, template, locale),
    ]),
  );
}

/** /draft rendered into `template`, the prerendered page of `locale` (English when not given). */
export function draftPreviewPage(
  deps: AppDeps,
  siteDir: string,
  loadRenderer: () => Promise<DraftRenderer | null> = builtRenderer(siteDir),
): (url: URL, template: string, locale?: SiteLocale) => Promise<string | null> {
  const load = async (): Promise<DraftRenderer | null> => {
    try {
      return await loadRenderer();
    } catch (error) {
      deps.log.error({ err: error }, 'draft preview: the server renderer did not load; /draft is sent prerendered');
      return null;
    }
  };
  // Loaded while the server starts, not by the first /draft request, whose first byte (and largest paint) would wait.
  void load();
  return async (url, template, locale = DEFAULT_LOCALE) => {
    // One id, as the site's router reads it (a repeated parameter is no draft there).
    const ids = url.searchParams.getAll('draft_id');
    const id = ids.length === 1 ? ids[0] : undefined;
    if (id === undefined || !DRAFT_ID.test(id)) return null;
    const draftId = Number(id);
    // The plans named in the page's language (a language the server has no texts in: English).
    const data = await draftPreviewData(deps.db, draftId, deps.now(), isLocale(locale) ? locale : DEFAULT_LOCALE);
    if (data === null) return null;
    const module = await load();
    if (module === null) return null;
    let page: string | null;
    try {
      page = module.renderDraftPreview(draftId, data, locale);
    } catch (error) {
      deps.log.error({ err: error, draftId }, 'draft preview: rendering failed; /draft is sent prerendered');
      return null;
    }
    const main = page?.match(MAIN)?.[0];
    if (main === undefined || !MAIN.test(template) || !template.includes('<div id="root">')) return null;
    // The data's language with it: the browser starts with it only in that language (src/api/server-rendered.ts).
    const json = `<script type="application/json" id="${DATA_ELEMENT_ID}">${scriptJson({ draft_id: draftId, locale, data })}</script>`;
    // Inert until the site's scripts replace it (a second or two): a plan picked or a code typed into this copy would
    // be lost then, so it takes no input instead of seeming to.
    const inertMain = main.replace(/^<main\b/, '<main inert=""');
    return template.replace(MAIN, () => inertMain).replace('<div id="root">', () => `<div id="root">${json}`);
  };
}

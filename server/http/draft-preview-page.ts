import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import type { AppDeps } from '../deps.ts';
import { draftPreviewData } from '../services/drafts.ts';

/**
 * /draft?draft_id={id} rendered on the server (issue 14, docs/architecture.md §10): the prerendered page with the
 * draft's first screen (fee summary and plans, from src/routes/draft.server.tsx) in its <main>, and the same payment
 * data in a JSON script inside #root that the browser starts the flow with (src/api/server-rendered.ts). The largest
 * paint then comes with the HTML instead of after the scripts and the plans request.
 *
 * Anything that keeps it from rendering (no such draft, an id that is not one, the site's configuration or the
 * renderer unavailable, a render that fails) answers null: the static prerendered page is sent, as before.
 */

/** Where the build leaves the configuration it compiled into the site (vite.config.ts); never served (a dotfile). */
export const SITE_CONFIG_FILE = '.vite/site-config.json';

/** The element the browser reads the data from (src/api/server-rendered.ts DRAFT_PREVIEW_DATA_ID). */
const DATA_ELEMENT_ID = 'draft-preview-data';

const DRAFT_ID = /^[1-9]\d{0,8}$/;

export type PageRenderer = (url: URL, template: string) => Promise<string | null>;

type Renderer = typeof import('../../src/routes/draft.server.tsx');

/**
 * Loads the renderer. The site's modules read the build's configuration as the global `__SITE_CONFIG__` (Vite compiles
 * it in; vitest defines it), so nothing is imported before it is known: a module that failed to evaluate would stay
 * failed for the whole process. They also import their stylesheets, which Node cannot load: a loader hook answers the
 * site's own .css imports (under src/) with an empty module (the page's CSS is already inlined in the prerendered
 * HTML). A failed load is not kept: the next request tries again.
 */
let renderer: Promise<Renderer> | undefined;
let cssHookRegistered = false;
async function loadRenderer(siteDir: string, deps: AppDeps): Promise<Renderer | null> {
  const globals = globalThis as { __SITE_CONFIG__?: unknown };
  if (globals.__SITE_CONFIG__ === undefined) {
    const configFile = path.join(siteDir, SITE_CONFIG_FILE);
    // A site being built has its pages before its configuration: until then, the prerendered page.
    if (!existsSync(configFile)) return null;
    globals.__SITE_CONFIG__ = JSON.parse(readFileSync(configFile, 'utf8'));
  }
  if (!cssHookRegistered) {
    register(
      `data:text/javascript,${encodeURIComponent(
        "export async function load(url, context, next) { return /\\/src\\/.*\\.css([?#].*)?$/.test(url) ? { format: 'module', source: '', shortCircuit: true } : next(url, context); }",
      )}`,
    );
    cssHookRegistered = true;
  }
  renderer ??= import('../../src/routes/draft.server.tsx');
  try {
    return await renderer;
  } catch (error) {
    renderer = undefined;
    deps.log.error({ err: error }, 'draft preview: the server renderer did not load; /draft is sent prerendered');
    return null;
  }
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

export function draftPreviewPage(deps: AppDeps, siteDir: string): PageRenderer {
  // Loaded while the server starts, not by the first /draft request: importing the views takes a few hundred
  // milliseconds, which that page's first byte would wait for (and its largest paint with it).
  void loadRenderer(siteDir, deps);
  return async (url, template) => {
    // One id, as the site's router reads it (a repeated parameter is no draft there).
    const ids = url.searchParams.getAll('draft_id');
    const id = ids.length === 1 ? ids[0] : undefined;
    if (id === undefined || !DRAFT_ID.test(id)) return null;
    const draftId = Number(id);
    const data = await draftPreviewData(deps.db, draftId, deps.now());
    if (data === null) return null;
    const module = await loadRenderer(siteDir, deps);
    if (module === null) return null;
    let page: string | null;
    try {
      page = module.renderDraftPreview(draftId, data);
    } catch (error) {
      deps.log.error({ err: error, draftId }, 'draft preview: rendering failed; /draft is sent prerendered');
      return null;
    }
    const main = page?.match(MAIN)?.[0];
    if (main === undefined || !MAIN.test(template) || !template.includes('<div id="root">')) return null;
    const json = `<script type="application/json" id="${DATA_ELEMENT_ID}">${scriptJson({ draft_id: draftId, data })}</script>`;
    // Inert until the site's scripts replace it (a second or two): a plan picked or a code typed into this copy would
    // be lost then, so it takes no input instead of seeming to.
    const inertMain = main.replace(/^<main\b/, '<main inert=""');
    return template.replace(MAIN, () => inertMain).replace('<div id="root">', () => `<div id="root">${json}`);
  };
}

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameHtml, PRERENDERED_PAGES, pageFile } from '../../scripts/prerender.ts';
import { NO_SEASON } from '../../src/domain/payment-rules.ts';
import { LOCALES } from '../../src/i18n/messages.gen.ts';
import { drafts } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import {
  builtRenderer,
  type DraftRenderer,
  draftPageFile,
  draftPreviewPage,
  draftPreviewRenderers,
  SERVER_RENDERER_FILE,
} from './draft-preview-page.ts';
import { PRERENDERED_ROUTES_FILE, staticSite } from './static-site.ts';

/**
 * Issue 14: /draft?draft_id= arrives rendered with the draft's fee summary and plans (its largest paint), and the
 * browser starts the flow with the same data. Drafts 1 (12U Tigers) and 2 (no season) are the demo data's.
 */

const LOADING =
  '<h1 tabindex="-1" class="step-heading">Payment Options</h1><p role="status" class="payment-status">Loading your payment options…</p>';
/** The prerendered /draft page as scripts/prerender.ts writes it (frame, banner, loading step). */
const template = `<!doctype html><html><head><title>Diamond Academy</title></head><body><div id="root">${frameHtml(
  'Diamond Academy',
  `<div class="preview-banner" role="note"><strong>Registration Preview</strong><span>This is what the customer is going to see.</span></div>${LOADING}`,
  true,
)}</div></body></html>`;

/** The Spanish page (pages/es/draft.html), its frame cut short: what matters here is its language and its <main>. */
const spanishTemplate =
  '<!doctype html><html lang="es"><head><title>Diamond Academy</title></head><body><div id="root"><div class="page">' +
  '<main id="main" tabindex="-1"><h1>Opciones de pago</h1></main></div></div></body></html>';

let site: string;
/** The site with /draft in English and Spanish, as the build writes it, and its renderers as server/app.ts has them. */
let bilingualSite: string;
beforeAll(() => {
  bilingualSite = mkdtempSync(path.join(os.tmpdir(), 'draft-page-es-'));
  const bilingual: Record<string, string> = {
    'index.html': '<!doctype html><div id="root"></div>',
    'pages/draft.html': template,
    'pages/es/draft.html': spanishTemplate,
    [PRERENDERED_ROUTES_FILE]: JSON.stringify({ '/draft': { en: 'pages/draft.html', es: 'pages/es/draft.html' } }),
  };
  for (const [name, content] of Object.entries(bilingual)) {
    mkdirSync(path.dirname(path.join(bilingualSite, name)), { recursive: true });
    writeFileSync(path.join(bilingualSite, name), content);
  }
  site = mkdtempSync(path.join(os.tmpdir(), 'draft-page-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><div id="root"></div>',
    'pages/draft.html': template,
    [PRERENDERED_ROUTES_FILE]: JSON.stringify({ '/draft': 'pages/draft.html' }),
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
    writeFileSync(path.join(site, name), content);
  }
});

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The renderer from its source (vitest compiles it as the build does); builtRenderer's own loading is tested below. */
const fromSource = (): Promise<DraftRenderer> => import('../../src/routes/draft.server.tsx');

const render = (query: string) =>
  draftPreviewPage(t.deps, site, fromSource)(new URL(`http://localhost/draft${query}`), template);

/** The JSON the page carries for the browser. */
function dataOf(page: string): unknown {
  const json = /<script type="application\/json" id="draft-preview-data">([^<]*)<\/script>/.exec(page)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe('/draft rendered on the server', () => {
  it("shows the draft's fee summary and plans in the page's main, with the API's own answer for the browser", async () => {
    const page = await render('?draft_id=1');
    expect(page).not.toBeNull();
    expect(page).not.toContain('Loading your payment options…');
    expect(page).toContain('<legend>Choose a payment plan</legend>');
    expect(page).toContain('Pay in full');
    expect(page).toContain('3 monthly payments');
    expect(page).toContain('<dt>Total dues</dt><dd>$450.00</dd>');
    // The frame around <main> is the prerendered one; only <main> and the data changed.
    expect(page?.match(/<main\b/g)).toHaveLength(1);
    expect(page).toContain('<div class="preview-banner" role="note">');
    // Until the scripts replace it, the copy takes no input that would be lost then.
    expect(page).toContain('<main inert="" id="main"');
    const answer = await t.call('POST', '/nova-field/team-draft-payment-plans', { body: { draft_id: 1 } });
    expect(dataOf(page ?? '')).toEqual({ draft_id: 1, locale: 'en', data: answer.body });
  });

  it("shows 'no season' for a draft without one", async () => {
    const page = await render('?draft_id=2');
    expect(page).toContain(NO_SEASON);
    expect(dataOf(page ?? '')).toMatchObject({ draft_id: 2, data: { is_season_set: false } });
  });

  it.each([
    ['no such draft', '?draft_id=999'],
    ['no id', ''],
    ['an id that is not a number', '?draft_id=abc'],
    ['zero', '?draft_id=0'],
    ['a negative id', '?draft_id=-1'],
    ['an id past PostgreSQL integers', '?draft_id=9999999999'],
    ['a fraction', '?draft_id=1.5'],
    // The site's router reads a repeated parameter as no draft at all.
    ['two ids', '?draft_id=1&draft_id=2'],
  ])('leaves the prerendered page for %s', async (_case, query) => {
    expect(await render(query)).toBeNull();
  });

  it('keeps whatever a draft is named inside the text and inside the JSON, never in the markup', async () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028';
    await t.db.update(drafts).set({ name }).where(eq(drafts.id, 1));
    const page = (await render('?draft_id=1')) ?? '';
    expect(page).not.toContain('<script>alert(1)');
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(dataOf(page)).toMatchObject({ data: { team: { name } } });
  });
});

describe('/draft in Spanish (issue 31)', () => {
  const siteApp = () => {
    const app = new Hono();
    app.get('*', staticSite(bilingualSite, { renderers: draftPreviewRenderers(t.deps, bilingualSite, fromSource) }));
    return app;
  };
  const spanishPlans = async () =>
    (
      await t.call('POST', '/nova-field/team-draft-payment-plans', {
        body: { draft_id: 1 },
        headers: { 'Accept-Language': 'es' },
      })
    ).body;

  it('renders the Spanish page in Spanish, plans named in it, with the Spanish answer for the browser', async () => {
    const page = (await draftPreviewRenderers(t.deps, bilingualSite, fromSource)['pages/es/draft.html']?.(
      new URL('http://localhost/draft?draft_id=1'),
      spanishTemplate,
    )) as string;
    expect(page).toMatch(/^<!doctype html><html lang="es">/);
    expect(page).toContain('<legend>Elige un plan de pagos</legend>');
    expect(page).toContain('Pagar el total');
    expect(page).toContain('3 pagos mensuales');
    expect(page).toContain('<dt>Cuota total del equipo</dt><dd>$450.00</dd>');
    expect(page).not.toMatch(/Choose a payment plan|Pay in full|monthly payments|Total dues/);
    expect(page).toContain('<main inert="" id="main"');
    expect(dataOf(page)).toEqual({ draft_id: 1, locale: 'es', data: await spanishPlans() });
  });

  it('sends a Spanish visitor the Spanish first frame: lang=es, the remembered cookie or Accept-Language', async () => {
    const app = siteApp();
    const english = await (await app.request('/draft?draft_id=1')).text();
    expect(english).toContain('<legend>Choose a payment plan</legend>');
    expect(english).toContain('3 monthly payments');
    expect(dataOf(english)).toMatchObject({ locale: 'en' });
    for (const [query, headers] of [
      ['&lang=es', { 'Accept-Language': 'en-US' }],
      ['', { Cookie: 'diamond-language=es', 'Accept-Language': 'en-US' }],
      ['', { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' }],
    ] as const) {
      const response = await app.request(`/draft?draft_id=1${query}`, { headers });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('vary')).toContain('Accept-Language');
      const page = await response.text();
      expect(page, `${query} ${JSON.stringify(headers)}`).toMatch(/^<!doctype html><html lang="es">/);
      expect(page).toContain('<legend>Elige un plan de pagos</legend>');
      expect(page).toContain('3 pagos mensuales');
      expect(dataOf(page)).toMatchObject({ draft_id: 1, locale: 'es' });
    }
    // A Spanish browser that chose English on the site (its cookie) or a `lang=en` link gets the English page.
    for (const headers of [{ Cookie: 'diamond-language=en', 'Accept-Language': 'es' }]) {
      expect(await (await app.request('/draft?draft_id=1', { headers })).text()).toBe(english);
    }
    expect(
      await (await app.request('/draft?draft_id=1&lang=en', { headers: { 'Accept-Language': 'es' } })).text(),
    ).toContain('<legend>Choose a payment plan</legend>');
  });

  it("registers a renderer for each language's page, named as the build names it", () => {
    const draft = PRERENDERED_PAGES.find((page) => page.route === '/draft');
    expect(draft).toBeDefined();
    for (const locale of LOCALES) expect(draftPageFile(locale)).toBe(pageFile(draft!, locale));
    expect(Object.keys(draftPreviewRenderers(t.deps, site, fromSource)).sort()).toEqual(
      LOCALES.map((locale) => pageFile(draft!, locale)).sort(),
    );
  });
});

describe('the renderer the build made', () => {
  /** A stand-in for dist/.vite/server/draft.server.js that says which build it is. */
  const fakeRenderer = (build: string) =>
    `export function renderDraftPreview(draftId) { return '<div class="page"><main id="main">${build} ' + draftId + '</main></div>'; }`;

  it('is none while the site has no renderer, and each build is loaded as its own module', async () => {
    const building = mkdtempSync(path.join(os.tmpdir(), 'draft-page-building-'));
    const url = new URL('http://localhost/draft?draft_id=1');
    const page = draftPreviewPage(t.deps, building);
    expect(await page(url, template)).toBeNull();
    mkdirSync(path.dirname(path.join(building, SERVER_RENDERER_FILE)), { recursive: true });
    writeFileSync(path.join(building, SERVER_RENDERER_FILE), fakeRenderer('first build'));
    expect(await page(url, template)).toContain('<main inert="" id="main">first build 1</main>');
    // A rebuild under the running server: its own renderer, not the one loaded before.
    writeFileSync(path.join(building, SERVER_RENDERER_FILE), fakeRenderer('second build!'));
    expect(await page(url, template)).toContain('<main inert="" id="main">second build! 1</main>');
  });

  it('tries again after a renderer that fails to load', async () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), 'draft-page-broken-'));
    mkdirSync(path.dirname(path.join(broken, SERVER_RENDERER_FILE)), { recursive: true });
    writeFileSync(path.join(broken, SERVER_RENDERER_FILE), 'export const = ;');
    const load = builtRenderer(broken);
    await expect(load()).rejects.toThrow();
    writeFileSync(path.join(broken, SERVER_RENDERER_FILE), fakeRenderer('fixed'));
    expect(await load()).toMatchObject({ renderDraftPreview: expect.any(Function) });
  });
});

describe('the static site with the /draft renderer', () => {
  function siteWith(renderer: Parameters<typeof staticSite>[1]) {
    const app = new Hono();
    app.get('*', staticSite(site, renderer));
    return app;
  }

  it('sends the rendered page compressed, never cached, and the prerendered file when there is nothing to render', async () => {
    const app = siteWith({ renderers: { 'pages/draft.html': draftPreviewPage(t.deps, site, fromSource) } });
    const rendered = await app.request('/draft?draft_id=1', { headers: { 'Accept-Encoding': 'br' } });
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('content-encoding')).toBe('br');
    expect(rendered.headers.get('cache-control')).toBe('no-store');
    expect(rendered.headers.get('vary')).toBe('Accept-Encoding');
    expect(rendered.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = brotliDecompressSync(Buffer.from(await rendered.arrayBuffer())).toString();
    expect(body).toContain('<legend>Choose a payment plan</legend>');

    const plain = await app.request('/draft?draft_id=1');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(body);

    const missing = await app.request('/draft?draft_id=999');
    expect(missing.status).toBe(200);
    expect(missing.headers.get('etag')).not.toBeNull();
    expect(await missing.text()).toBe(readFileSync(path.join(site, 'pages/draft.html'), 'utf8'));
  });

  it('sends the prerendered file when rendering fails, and reports the failure', async () => {
    const onRenderError = vi.fn();
    const app = siteWith({
      renderers: { 'pages/draft.html': () => Promise.reject(new Error('the database went away')) },
      onRenderError,
    });
    const response = await app.request('/draft?draft_id=1');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(template);
    expect(onRenderError).toHaveBeenCalledWith(new Error('the database went away'));
  });
});

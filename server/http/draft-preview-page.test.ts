import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameHtml } from '../../scripts/prerender.ts';
import { NO_SEASON } from '../../src/domain/payment-rules.ts';
import { siteConfigDefine } from '../../vite.config.ts';
import { drafts } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { draftPreviewPage, SITE_CONFIG_FILE } from './draft-preview-page.ts';
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

let site: string;
beforeAll(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'draft-page-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><div id="root"></div>',
    'pages/draft.html': template,
    [PRERENDERED_ROUTES_FILE]: JSON.stringify({ '/draft': 'pages/draft.html' }),
    // What the build leaves for the server's renderer: the configuration it compiled into the site.
    [SITE_CONFIG_FILE]: siteConfigDefine('test').__SITE_CONFIG__,
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

const render = (query: string) => draftPreviewPage(t.deps, site)(new URL(`http://localhost/draft${query}`), template);

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
    expect(dataOf(page ?? '')).toEqual({ draft_id: 1, data: answer.body });
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

describe('the renderer before the site is built', () => {
  it('leaves the prerendered page while the build has not written its configuration, and renders once it has', async () => {
    const globals = globalThis as { __SITE_CONFIG__?: unknown };
    const known = globals.__SITE_CONFIG__;
    const building = mkdtempSync(path.join(os.tmpdir(), 'draft-page-building-'));
    try {
      delete globals.__SITE_CONFIG__;
      const url = new URL('http://localhost/draft?draft_id=1');
      expect(await draftPreviewPage(t.deps, building)(url, template)).toBeNull();
      mkdirSync(path.join(building, '.vite'));
      writeFileSync(path.join(building, SITE_CONFIG_FILE), siteConfigDefine('test').__SITE_CONFIG__);
      expect(await draftPreviewPage(t.deps, building)(url, template)).toContain('Choose a payment plan');
    } finally {
      globals.__SITE_CONFIG__ = known;
    }
  });
});

describe('the static site with the /draft renderer', () => {
  function siteWith(renderer: Parameters<typeof staticSite>[1]) {
    const app = new Hono();
    app.get('*', staticSite(site, renderer));
    return app;
  }

  it('sends the rendered page compressed, never cached, and the prerendered file when there is nothing to render', async () => {
    const app = siteWith({ renderers: { 'pages/draft.html': draftPreviewPage(t.deps, site) } });
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

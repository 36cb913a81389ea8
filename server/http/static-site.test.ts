import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPRESS_THRESHOLD_BYTES,
  compressJson,
  lightweightText,
  negotiateEncoding,
  SYNC_COMPRESS_MAX_BYTES,
} from './compression.ts';
import { PRERENDERED_ROUTES_FILE, staticSite } from './static-site.ts';

const script = `console.log(${JSON.stringify('a fingerprinted script '.repeat(200))});`;
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>site</title><div id="root"></div>',
  'pages/login.html': '<!doctype html><title>site</title><div id="root"><h1>Log in</h1></div>',
  'pages/licence.html': '<!doctype html><title>site</title><div id="root"><h1>Welcome</h1></div>',
  // One route in two languages, as scripts/prerender.ts writes every entry page.
  'pages/register.html': '<!doctype html><html lang="en"><div id="root"><h1>Create your account</h1></div>',
  'pages/es/register.html': '<!doctype html><html lang="es"><div id="root"><h1>Crea tu cuenta</h1></div>',
  'admin.html': '<!doctype html><title>Club console</title><div id="root"></div>',
  [PRERENDERED_ROUTES_FILE]: JSON.stringify({
    '/login': 'pages/login.html',
    '/licenses/:license': 'pages/licence.html',
    '/register': { en: 'pages/register.html', es: 'pages/es/register.html' },
    '/admin': 'admin.html',
    '/admin/*': 'admin.html',
  }),
  'assets/app-abc123.js': script,
  'assets/logo-abc123.png': 'not really a png',
  '.vite/manifest.json': '{}',
};

let site: string;
let app: Hono;

beforeAll(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'static-site-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
    writeFileSync(path.join(site, name), content);
    // What the build's precompression step leaves beside every text file.
    if (/\.(html|js)$/.test(name)) {
      writeFileSync(path.join(site, `${name}.br`), brotliCompressSync(content));
      writeFileSync(path.join(site, `${name}.gz`), gzipSync(content));
    }
  }
  app = new Hono();
  app.get('*', staticSite(site));
  app.notFound((c) => c.json({ message: 'Not found.', messages: {} }, 404));
});

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('static site: precompressed files by Accept-Encoding', () => {
  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const brBody = await bytes(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gzip = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(script);

    for (const accept of [undefined, 'identity', 'deflate']) {
      const plain = await get('/assets/app-abc123.js', accept ? { 'Accept-Encoding': accept } : {});
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect((await bytes(plain)).toString()).toBe(script);
    }
  });

  it('honours q-values: q=0 refuses an encoding, * stands for the others', async () => {
    const encodingFor = async (accept: string) =>
      (await get('/assets/app-abc123.js', { 'Accept-Encoding': accept })).headers.get('content-encoding');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(await encodingFor('*')).toBe('br');
    expect(await encodingFor('br;q=0, *')).toBe('gzip');
    expect(await encodingFor('*;q=0')).toBeNull();
    expect(await encodingFor('gzip;q=0, br;q=0')).toBeNull();
  });

  it('keeps fingerprinted assets immutable and tags each encoding apart', async () => {
    const br = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    const plain = await get('/assets/app-abc123.js');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // A file the build does not compress (an image) has no variants to choose between.
    const image = await get('/assets/logo-abc123.png', { 'Accept-Encoding': 'br' });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
  });
});

describe('static site: pages', () => {
  it('serves the HTML prerendered for the route, index.html for any other page, revalidated by ETag', async () => {
    const login = await get('/login?license=TIGERS-2027', { 'Accept-Encoding': 'br' });
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(login.headers.get('content-encoding')).toBe('br');
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytes(login)).toString()).toBe(files['pages/login.html']);

    const licence = await get('/licenses/TIGERS-2027', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(await bytes(licence)).toString()).toBe(files['pages/licence.html']);
    expect(await (await get('/licenses/TIGERS-2027/')).text()).toBe(files['pages/licence.html']);
    expect(await (await get('/licenses/TIGERS-2027/extra')).text()).toBe(files['index.html']);
    expect(await (await get('/dashboard')).text()).toBe(files['index.html']);
    expect(await (await get('/')).text()).toBe(files['index.html']);
    // The club console's own page for every /admin path (a last `*` segment matches the rest of the path).
    for (const consolePath of [
      '/admin',
      '/admin/',
      '/admin/login?returnUrl=%2Fadmin',
      '/admin/teams/3',
      '/admin/a/b/c',
    ]) {
      expect(await (await get(consolePath)).text(), consolePath).toBe(files['admin.html']);
    }
    expect(await (await get('/administrator')).text()).toBe(files['index.html']);

    const etag = login.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await get('/login', { 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    expect((await get('/login', { 'If-None-Match': etag ?? '' })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await app.request('/login', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(await head.text()).toBe('');
  });

  it('answers 404 for server paths, missing files, dotfiles and paths that leave the site', async () => {
    for (const url of [
      '/api/unknown',
      '/assets/missing.js',
      '/.vite/manifest.json',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/os-release.txt',
      '/assets/..%2f..%2fetc%2fpasswd',
      '/assets/%00.js',
      '/assets/%E0%A4%A.js',
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });
});

describe('static site: a page in several languages', () => {
  const english = files['pages/register.html'];
  const spanish = files['pages/es/register.html'];
  const page = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).text();

  it('answers in the language the site will open in: lang=, the remembered choice, the browser, else English', async () => {
    expect(await page('/register')).toBe(english);
    expect(await page('/register', { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.8' })).toBe(spanish);
    expect(await page('/register', { 'Accept-Language': 'en-US,en;q=0.9,es;q=0.8' })).toBe(english);
    // The first of the browser's languages the site has, by q-value, as navigator.languages lists them.
    expect(await page('/register', { 'Accept-Language': 'fr-FR, es;q=0.5, en;q=0.4' })).toBe(spanish);
    expect(await page('/register', { 'Accept-Language': 'en;q=0.2, es;q=0.7' })).toBe(spanish);
    expect(await page('/register', { 'Accept-Language': 'es;q=0, fr' })).toBe(english);
    expect(await page('/register', { 'Accept-Language': '*' })).toBe(english);
    // The remembered choice (src/routes/language.ts rememberLanguage) comes before the browser's languages.
    const chosenEnglish = { Cookie: 'theme=dark; diamond-language=en', 'Accept-Language': 'es' };
    expect(await page('/register', chosenEnglish)).toBe(english);
    expect(await page('/register', { Cookie: 'diamond-language=es', 'Accept-Language': 'en-US' })).toBe(spanish);
    expect(await page('/register', { Cookie: 'diamond-language=fr', 'Accept-Language': 'es' })).toBe(spanish);
    // A club's link comes first; a language the site does not have is no choice.
    expect(await page('/register?lang=es&license=TIGERS-2027', chosenEnglish)).toBe(spanish);
    expect(await page('/register?lang=en', { Cookie: 'diamond-language=es' })).toBe(english);
    expect(await page('/register?lang=fr', { Cookie: 'diamond-language=es' })).toBe(spanish);
    expect(await page('/register/', { 'Accept-Language': 'es' })).toBe(spanish);
  });

  it('varies by Cookie and Accept-Language, stays out of shared caches, and tags each language and encoding apart', async () => {
    const es = await get('/register', { 'Accept-Encoding': 'br', 'Accept-Language': 'es' });
    expect(es.headers.get('content-encoding')).toBe('br');
    expect(es.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(es.headers.get('cache-control')).toBe('private, no-cache');
    const esBody = await bytes(es);
    expect(Number(es.headers.get('content-length'))).toBe(esBody.length);
    expect(brotliDecompressSync(esBody).toString()).toBe(spanish);

    const en = await get('/register', { 'Accept-Encoding': 'br', 'Accept-Language': 'en' });
    expect(brotliDecompressSync(await bytes(en)).toString()).toBe(english);
    const esPlain = await get('/register', { 'Accept-Language': 'es' });
    expect(esPlain.headers.get('content-encoding')).toBeNull();
    expect(await esPlain.text()).toBe(spanish);
    const tags = [es, en, esPlain].map((response) => response.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);

    // Revalidation: the language's own tag is still good; the other language's is not (the choice changed).
    const same = await get('/register', {
      'Accept-Encoding': 'br',
      Cookie: 'diamond-language=es',
      'If-None-Match': tags[0] ?? '',
    });
    expect(same.status).toBe(304);
    expect(same.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(same.headers.get('etag')).toBe(tags[0]);
    const switched = await get('/register', {
      'Accept-Encoding': 'br',
      Cookie: 'diamond-language=es',
      'If-None-Match': tags[1] ?? '',
    });
    expect(switched.status).toBe(200);
    expect(brotliDecompressSync(await bytes(switched)).toString()).toBe(spanish);

    // A page in one language varies by the encoding alone and stays revalidated.
    const login = await get('/login', { 'Accept-Encoding': 'br', 'Accept-Language': 'es' });
    expect(login.headers.get('vary')).toBe('Accept-Encoding');
    expect(login.headers.get('cache-control')).toBe('no-cache');
  });

  it('renders a page by its language file only: another language gets its own prerendered file', async () => {
    const rendered = new Hono();
    rendered.get(
      '*',
      staticSite(site, {
        renderers: { 'pages/register.html': async (_url, html) => html.replace('<h1>', '<h1 data-rendered>') },
      }),
    );
    const en = await rendered.request('/register', { headers: { 'Accept-Language': 'en' } });
    expect(await en.text()).toContain('<h1 data-rendered>Create your account');
    expect(en.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(en.headers.get('cache-control')).toBe('no-store');
    expect(await (await rendered.request('/register', { headers: { 'Accept-Language': 'es' } })).text()).toBe(spanish);
  });
});

describe('API compression', () => {
  const large = { items: Array.from({ length: 100 }, (_, id) => ({ id, name: `Athlete ${id}` })) };
  const api = new Hono();
  api.use('*', compressJson());
  api.get('/large', (c) => c.json(large));
  api.get('/small', (c) => c.json({ ok: true }));
  const huge = { items: Array.from({ length: 4000 }, (_, id) => ({ id, name: `Athlete ${id}` })) };
  api.get('/huge', (c) => c.json(huge));
  api.get('/text', (c) => c.text('x'.repeat(5000)));

  it('compresses JSON of 1 KB or more with the encoding the client prefers', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await api.request('/large', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = await bytes(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(JSON.parse(brotliDecompressSync(brBody).toString())).toEqual(large);

    const gzip = await api.request('/large', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytes(gzip)).toString())).toEqual(large);

    const plain = await api.request('/large');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual(large);
  });

  it('compresses a body too large to compress in place through the thread pool, with the same result', async () => {
    expect(JSON.stringify(huge).length).toBeGreaterThan(SYNC_COMPRESS_MAX_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const answer = await api.request('/huge', { headers: { 'Accept-Encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      const body = await bytes(answer);
      expect(Number(answer.headers.get('content-length'))).toBe(body.length);
      const text = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(JSON.parse(text.toString())).toEqual(huge);
    }
  });

  it('leaves small JSON and other content types as they are', async () => {
    const small = await api.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const text = await api.request('/text', { headers: { 'Accept-Encoding': 'br' } });
    expect(text.headers.get('content-encoding')).toBeNull();
  });

  describe('behind @hono/node-server, as the server runs it', () => {
    let server: Server;
    let port = 0;
    let lightweight: boolean[] = [];
    const served = new Hono();
    served.use('*', async (c, next) => {
      await next();
      lightweight.push(lightweightText(c.res) !== null);
    });
    served.use('*', compressJson());
    served.get('/large', (c) => c.json(large));
    served.get('/small', (c) => c.json({ ok: true }));
    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        server = serve({ fetch: served.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as Server;
      });
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** The raw answer (fetch would decompress it). */
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });

    it('compresses large JSON from the answer as made, and sends small JSON as it is, still lightweight', async () => {
      lightweight = [];
      const br = await raw('/large', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(large);
      const small = await raw('/small', 'gzip, deflate, br');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
      // The small answer went out as the string it was made from (no fetch Response, no stream); the large one as
      // its compressed bytes.
      expect(lightweight).toEqual([false, true]);
    });
  });

  it('negotiates like the static files', () => {
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('BR;Q=0.1, gzip;q=0.05')).toBe('br');
    expect(negotiateEncoding('gzip;q=0')).toBeNull();
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

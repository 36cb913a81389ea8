import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { acceptedLanguages, browserLocale, cookieLocale, DEFAULT_LOCALE, linkedLocale } from '../../src/i18n/detect.ts';
import { type ContentEncoding, compressBody, negotiateEncoding, varyOnAcceptEncoding } from './compression.ts';
import type { PageRenderer } from './draft-preview-page.ts';

/** Paths that belong to the server, never to the single-page app's fallback. */
export const SERVER_PATHS = /^\/(api|nova-field|sandbox|dev|app|static|csp-reports)(\/|$)/;

/**
 * Where the build's prerendered pages are listed (scripts/prerender.ts writes it): route pattern -> HTML file, or ->
 * the file of each language, e.g. `{ "/login": { "en": "pages/login.html", "es": "pages/es/login.html" } }`; a last
 * segment `*` matches the rest of the path (`/admin/*`: the console's page). A route not listed gets index.html.
 */
export const PRERENDERED_ROUTES_FILE = 'pages/routes.json';

/** A route's page: one file, or one per language. */
type RouteFiles = string | Record<string, string>;

/**
 * The language a page request is answered in, in the order the site opens in one (src/i18n/detect.ts): a `lang=`
 * search parameter, the remembered choice (the cookie the site keeps equal to it: src/routes/language.ts
 * rememberLanguage), the browser's Accept-Language; English otherwise. The site reads a logged-in person's saved
 * preference too, which the server does not know here: the site writes it into that cookie, so it agrees from the
 * next page on.
 */
export function pageLocale(url: URL, cookie: string | undefined, acceptLanguage: string | undefined): string {
  return (
    linkedLocale(url.search) ??
    cookieLocale(cookie) ??
    browserLocale(acceptedLanguages(acceptLanguage)) ??
    DEFAULT_LOCALE
  );
}

/** What a page in several languages varies by (pageLocale), besides the encoding. */
const LANGUAGE_VARY = 'Cookie, Accept-Language';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** The files the build precompresses (vite.config.ts): only these can have .br and .gz siblings. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml']);

const SUFFIX: Record<Exclude<ContentEncoding, 'zstd'>, string> = { br: '.br', gzip: '.gz' };

/** Vite fingerprints everything under assets/, so those files never change; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** A page in several languages: revalidated, and kept by the browser alone (see staticSite). */
const PRIVATE = 'private, no-cache';

interface FileVersion {
  file: string;
  size: number;
  mtimeMs: number;
}

async function fileVersion(file: string): Promise<FileVersion | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { file, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The request path as a file path under the site, or null when it cannot name one (dotfiles, `..`, NUL). */
function siteRelativePath(requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  // Dot segments and dotfiles (.vite/manifest.json, .build-hash) are not part of the site.
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  return segments.join('/');
}

interface PrerenderedRoute {
  pattern: RegExp;
  files: RouteFiles;
}

function compileRoutes(table: Record<string, RouteFiles>): PrerenderedRoute[] {
  return Object.entries(table).map(([route, files]) => ({
    pattern: new RegExp(
      `^${route
        .split('/')
        .map((segment) =>
          segment === '*' ? '.+' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    ),
    files,
  }));
}

/**
 * Serves the built site (dist/): each file as the build precompressed it (brotli, else gzip, else as it is, by the
 * client's Accept-Encoding) with `Vary: Accept-Encoding`; fingerprinted assets immutable, everything else
 * revalidated by ETag. Any other GET that wants a page gets the HTML prerendered for its route (the site frame and
 * the page's heading, painted before the JavaScript) in the language the site will open in (pageLocale), else
 * index.html, so client-side routes load. A page in several languages also varies by Cookie and Accept-Language,
 * is private (a shared cache that ignored that Vary would hand one visitor's language to the next), and tags each
 * language apart.
 */
export interface StaticSiteOptions {
  /**
   * Pages rendered per request, by prerendered file (e.g. `pages/draft.html`): the renderer gets the request URL and
   * that file's HTML and answers the page to send, or null to send the file itself.
   */
  renderers?: Record<string, PageRenderer>;
  /** Where a renderer's failure is reported (the static page is sent instead). */
  onRenderError?: (error: unknown) => void;
}

export function staticSite(siteDir: string, options: StaticSiteOptions = {}): MiddlewareHandler {
  const root = path.resolve(siteDir);
  // The route table, re-read when a rebuild changes it under a running server.
  let routes: { mtimeMs: number; list: PrerenderedRoute[] } | undefined;

  async function prerenderedFiles(requestPath: string): Promise<RouteFiles> {
    const table = await fileVersion(path.join(root, PRERENDERED_ROUTES_FILE));
    if (table === null) return 'index.html';
    if (routes?.mtimeMs !== table.mtimeMs) {
      const parsed: unknown = JSON.parse(await readFile(table.file, 'utf8').catch(() => '{}'));
      routes = { mtimeMs: table.mtimeMs, list: compileRoutes(parsed as Record<string, RouteFiles>) };
    }
    return routes.list.find((route) => route.pattern.test(requestPath))?.files ?? 'index.html';
  }

  async function renderPage(render: PageRenderer, url: URL, file: string): Promise<string | null> {
    try {
      return await render(url, await readFile(file, 'utf8'));
    } catch (error) {
      options.onRenderError?.(error);
      return null;
    }
  }

  return async (c, next) => {
    const requestPath = c.req.path;
    const relative = siteRelativePath(requestPath);
    if (relative === null) return next();
    const isPage = !/\.[a-z0-9]+$/i.test(requestPath);
    // Server paths and missing files (a path with an extension) are 404s, not pages.
    if (isPage && SERVER_PATHS.test(requestPath)) return next();
    const pageFiles = isPage ? await prerenderedFiles(requestPath) : null;
    // A page in several languages: the one the site will open in, else English, else any.
    const locale =
      pageFiles === null || typeof pageFiles === 'string'
        ? null
        : pageLocale(new URL(c.req.url), c.req.header('Cookie'), c.req.header('Accept-Language'));
    const pageFile =
      pageFiles === null || typeof pageFiles === 'string'
        ? pageFiles
        : (pageFiles[locale ?? DEFAULT_LOCALE] ??
          pageFiles[DEFAULT_LOCALE] ??
          Object.values(pageFiles)[0] ??
          'index.html');
    const file = path.join(root, pageFile ?? relative);
    const identity = await fileVersion(file);
    // A site being rebuilt under a running server (no index.html yet) is a 404, not a fault.
    if (identity === null) return next();

    const render = pageFile === null ? undefined : options.renderers?.[pageFile];
    if (render) {
      const page = await renderPage(render, new URL(c.req.url), file);
      if (page !== null) {
        // Rendered for this request: compressed on the fly, never cached (the draft may change at any time).
        const headers = new Headers({
          'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html',
          'Cache-Control': 'no-store',
        });
        if (locale !== null) headers.set('Vary', LANGUAGE_VARY);
        varyOnAcceptEncoding(headers);
        const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
        const body = await compressBody(Buffer.from(page), encoding);
        if (encoding) headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(body.length));
        return new Response(body, { status: 200, headers });
      }
    }

    const extension = path.extname(file).toLowerCase();
    const headers = new Headers({
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': !isPage && relative.startsWith('assets/') ? IMMUTABLE : locale !== null ? PRIVATE : REVALIDATE,
    });
    if (locale !== null) headers.set('Vary', LANGUAGE_VARY);
    let sent = identity;
    let encoding: ContentEncoding | null = null;
    if (PRECOMPRESSED_EXTENSIONS.has(extension)) {
      const variants = new Map<ContentEncoding, FileVersion>();
      for (const candidate of ['br', 'gzip'] as const) {
        const version = await fileVersion(file + SUFFIX[candidate]);
        if (version !== null) variants.set(candidate, version);
      }
      if (variants.size > 0) {
        varyOnAcceptEncoding(headers);
        encoding = negotiateEncoding(c.req.header('Accept-Encoding'), [...variants.keys()]);
        if (encoding !== null) {
          sent = variants.get(encoding) ?? identity;
          headers.set('Content-Encoding', encoding);
        }
      }
    }
    // One tag per file version, language and encoding: a cache never mixes up the brotli and the plain bytes, nor
    // two languages' pages (written in the same millisecond, of the same size).
    const etag = `"${identity.size.toString(36)}-${Math.floor(identity.mtimeMs).toString(36)}${locale === null ? '' : `-${locale}`}${encoding ? `-${encoding}` : ''}"`;
    headers.set('ETag', etag);
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }
    const body = await readFile(sent.file).catch(() => null);
    if (body === null) return next();
    headers.set('Content-Length', String(body.length));
    return new Response(body, { status: 200, headers });
  };
}

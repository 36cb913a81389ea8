import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { type ContentEncoding, compressBody, negotiateEncoding, varyOnAcceptEncoding } from './compression.ts';
import type { PageRenderer } from './draft-preview-page.ts';

/** Paths that belong to the server, never to the single-page app's fallback. */
export const SERVER_PATHS = /^\/(api|nova-field|sandbox|dev|app|static|csp-reports)(\/|$)/;

/**
 * Where the build's prerendered pages are listed (scripts/prerender.ts writes it): route pattern -> HTML file, e.g.
 * `{ "/licenses/:license": "pages/licence.html" }`; a last segment `*` matches the rest of the path (`/admin/*`: the
 * console's page). A route not listed gets index.html.
 */
export const PRERENDERED_ROUTES_FILE = 'pages/routes.json';

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
  file: string;
}

function compileRoutes(table: Record<string, string>): PrerenderedRoute[] {
  return Object.entries(table).map(([route, file]) => ({
    pattern: new RegExp(
      `^${route
        .split('/')
        .map((segment) =>
          segment === '*' ? '.+' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`,
    ),
    file,
  }));
}

/**
 * Serves the built site (dist/): each file as the build precompressed it (brotli, else gzip, else as it is, by the
 * client's Accept-Encoding) with `Vary: Accept-Encoding`; fingerprinted assets immutable, everything else
 * revalidated by ETag. Any other GET that wants a page gets the HTML prerendered for its route (the site frame and
 * the page's heading, painted before the JavaScript), else index.html, so client-side routes load.
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

  async function prerenderedFile(requestPath: string): Promise<string> {
    const table = await fileVersion(path.join(root, PRERENDERED_ROUTES_FILE));
    if (table === null) return 'index.html';
    if (routes?.mtimeMs !== table.mtimeMs) {
      const parsed: unknown = JSON.parse(await readFile(table.file, 'utf8').catch(() => '{}'));
      routes = { mtimeMs: table.mtimeMs, list: compileRoutes(parsed as Record<string, string>) };
    }
    return routes.list.find((route) => route.pattern.test(requestPath))?.file ?? 'index.html';
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
    const pageFile = isPage ? await prerenderedFile(requestPath) : null;
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
      'Cache-Control': !isPage && relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
    });
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
    // One tag per file version and encoding: a cache never mixes up the brotli and the plain bytes.
    const etag = `"${identity.size.toString(36)}-${Math.floor(identity.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
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

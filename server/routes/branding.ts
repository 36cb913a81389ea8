import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.ts';
import { notFound, text } from '../http/errors.ts';
import { createRouter, errors, idParam, json } from '../http/openapi.ts';
import { clientCss, organizationCss, whiteLabelOf } from '../services/branding.ts';

const STATIC_DIR = path.join(import.meta.dirname, '..', 'static', 'white-label');
const IMAGE_FILE = /^[a-z0-9-]+\.(svg|png)$/;
const IMAGE_TYPES = { svg: 'image/svg+xml', png: 'image/png' } as const;

const WhiteLabelSchema = z
  .object({
    images: z.object({
      app_icon: z.object({ '120': z.string(), '180': z.string() }),
      fullLogo: z.object({ '1x': z.string() }),
      fullLogoWithoutSubtitle: z.object({ '1x': z.string() }),
    }),
    strings: z.object({ app_name: z.string() }),
  })
  .openapi('WhiteLabel');

const whiteLabelRoute = createRoute({
  method: 'get',
  path: '/api/white-label-settings/{build}',
  tags: ['branding'],
  summary: "White-label settings of the organization named by the host's subdomain, else of the client",
  description: 'northside.localhost:5173 (or northside.<PUBLIC_URL host>) answers Northside Youth Baseball.',
  request: {
    params: z.object({
      build: z
        .string()
        .max(64)
        .openapi({ param: { name: 'build', in: 'path' }, example: 'BUILD' }),
    }),
  },
  responses: { 200: json(WhiteLabelSchema), ...errors(404, 422) },
});

const cssResponses = {
  200: { description: 'The stylesheet', content: { 'text/css': { schema: z.string() } } },
  ...errors(404, 422),
};

const organizationCssRoute = createRoute({
  method: 'get',
  path: '/api/organizations/{id}/website-css',
  tags: ['branding'],
  summary: "The organization's website stylesheet",
  request: { params: z.object({ id: idParam('id') }) },
  responses: cssResponses,
});

const clientCssRoute = createRoute({
  method: 'get',
  path: '/api/clients/{clientId}/website-css',
  tags: ['branding'],
  summary: "The client's website stylesheet",
  request: { params: z.object({ clientId: idParam('clientId') }) },
  responses: cssResponses,
});

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The organization subdomain of a Host header: `northside` for `northside.localhost:5173` or, with PUBLIC_URL
 * https://example.com, for `northside.example.com`. Bare hosts, IP addresses and `www` have none.
 */
export function subdomainOf(hostHeader: string | undefined, publicUrl: string | undefined): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, '');
  if (host.startsWith('[') || IPV4.test(host)) return null;
  const bases = ['localhost'];
  if (publicUrl) bases.push(new URL(publicUrl).hostname.toLowerCase());
  for (const base of bases) {
    if (host.endsWith(`.${base}`)) {
      const label = host.slice(0, -(base.length + 1));
      if (/^[a-z0-9-]+$/.test(label) && label !== 'www') return label;
    }
  }
  return null;
}

function cssResponse(css: string) {
  return new Response(css, {
    status: 200,
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function brandingRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = createRouter();
  const imageCache = new Map<string, Buffer>();

  app.openapi(whiteLabelRoute, async (c) => {
    // The URL's host is the request's Host header on the real server.
    const label = await whiteLabelOf(db, subdomainOf(new URL(c.req.url).host, env.PUBLIC_URL));
    if (!label) throw notFound(text('licence.noWhiteLabel'));
    const { imageSet, appName } = label;
    const origin = new URL(c.req.url).origin;
    const image = (name: string) => `${origin}/static/white-label/${imageSet}-${name}.svg`;
    return c.json(
      {
        images: {
          app_icon: { '120': image('app-icon-120'), '180': image('app-icon-180') },
          fullLogo: { '1x': image('full-logo') },
          fullLogoWithoutSubtitle: { '1x': image('full-logo-without-subtitle') },
        },
        strings: { app_name: appName },
      },
      200,
    );
  });

  app.openapi(organizationCssRoute, async (c) => {
    const css = await organizationCss(db, c.req.valid('param').id);
    if (css === undefined) throw notFound(text('licence.organizationNotFound'));
    return cssResponse(css);
  });

  app.openapi(clientCssRoute, async (c) => {
    const css = await clientCss(db, c.req.valid('param').clientId);
    if (css === undefined) throw notFound(text('licence.clientNotFound'));
    return cssResponse(css);
  });

  app.get('/static/white-label/:file', async (c) => {
    const file = c.req.param('file');
    if (!IMAGE_FILE.test(file)) throw notFound();
    let data = imageCache.get(file);
    if (!data) {
      data = await readFile(path.join(STATIC_DIR, file)).catch(() => undefined);
      if (!data) throw notFound();
      imageCache.set(file, data);
    }
    const type = IMAGE_TYPES[file.endsWith('.png') ? 'png' : 'svg'];
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
      // The site loads these from the organization's subdomain, another origin.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // An SVG opened on its own is a document: no script, no base, never framed by another site.
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'self'",
    });
  });

  return app;
}

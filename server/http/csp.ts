import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { fileVersion } from './file-version.ts';
import { setAnswerHeader } from './response-headers.ts';

/**
 * Content-Security-Policy for every page the server sends (issue 19 point 8, docs/architecture.md §7 "Content
 * Security Policy"). The session token lives in localStorage (spec §3), so a script injected into any page could read
 * it: the policy lets scripts run only from the site itself, the configured card and billing providers' script
 * origins, and the inline scripts the build wrote (by their SHA-256, computed when the site is built).
 *
 * Two halves:
 * - the build (vite.config.ts → scripts/prerender.ts `writeCspManifest`) hashes every inline <script> and <style> of
 *   the pages it wrote and lists the origins the site's configuration talks to (API servers, providers, Pusher) in
 *   `dist/.vite/csp.json`;
 * - the server (`securityHeaders`, server/app.ts) reads that file (again whenever a rebuild changes it) and sends the
 *   policy with every HTML or SVG response that has none of its own, adding the origin the request came to and
 *   PUBLIC_URL for the realtime socket (ws:/wss:, which 'self' does not cover in every browser).
 * Pages the server writes itself (the sandbox's 3-D Secure page, /dev/mailbox) send a stricter policy of their own
 * built by `serverPagePolicy` from their inline texts.
 */

/** Where browsers send violation reports (server/http/csp-report.ts logs them). */
export const CSP_REPORT_PATH = '/csp-reports';

/**
 * Every policy ends with where its violations are reported. `report-uri` only: Chromium ignores it once `report-to`
 * is present and sends Reporting API reports in delayed batches (none arrived within 75 s in our checks), while
 * `report-uri` reports are posted at once by Chromium, Firefox and Safari.
 */
const REPORTING = [`report-uri ${CSP_REPORT_PATH}`];

/** Where the build writes the manifest, under the site's directory (a dotfile folder: never served). */
export const CSP_MANIFEST_FILE = '.vite/csp.json';

/** Origins the built site's configuration adds to each directive. */
export interface CspSources {
  script: string[];
  style: string[];
  connect: string[];
  frame: string[];
  img: string[];
}

/** What the build writes to CSP_MANIFEST_FILE. */
export interface CspManifest {
  /** `'sha256-…'` of every inline script of the built pages. */
  scriptHashes: string[];
  /** `'sha256-…'` of every inline <style> of the built pages. */
  styleHashes: string[];
  sources: CspSources;
}

/** The slice of the site's configuration (src/config-schema.ts AppConfig) that decides what a page talks to. */
export interface SiteCspConfig {
  apiServers: readonly { url: string }[];
  serverCssUrl: string;
  payments: { provider: string };
  billing: { provider: string };
  realtime: { provider: string; cluster: string; forceTLS: boolean };
}

/** The CSP hash source of an inline element's text, exactly as it stands between its tags. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `type` values under which a <script> runs (anything else, e.g. application/json, is a data block). */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The hashes of the inline scripts (no `src`, a script type) and inline styles of one HTML page. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (SCRIPT_TYPES.has(type)) scripts.push(inlineHash(match[2] ?? ''));
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((match) =>
    inlineHash(match[1] ?? ''),
  );
  return { scripts, styles };
}

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
const RECURLY = {
  script: ['https://js.recurly.com'],
  // Recurly's card element is an iframe served from its API host.
  frame: ['https://api.recurly.com'],
  connect: ['https://api.recurly.com'],
};

/** An absolute http(s) origin of a configured URL, or null for '' (the site's own origin) and anything else. */
function originOf(url: string): URL | null {
  if (url.trim() === '') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * An API server's origin and its subdomains: the licence page asks the white-label settings of
 * `{api_subdomain}.{API host}` (src/api/branding.ts whiteLabelBaseUrl).
 */
function apiOrigins(url: URL): string[] {
  return [url.origin, `${url.protocol}//*.${url.host}`];
}

/** The origins the site's configuration adds per directive (only the providers configured, §6). */
export function configSources(config: SiteCspConfig): CspSources {
  const sources: CspSources = { script: [], style: [], connect: [], frame: [], img: [] };
  for (const server of config.apiServers) {
    const url = originOf(server.url);
    if (url === null) continue;
    sources.connect.push(...apiOrigins(url));
    // The organization's stylesheet and the white-label images come from the selected API server.
    sources.style.push(url.origin);
    sources.img.push(...apiOrigins(url));
  }
  const css = originOf(config.serverCssUrl);
  if (css !== null) sources.style.push(css.origin);
  if (config.payments.provider === 'stripe') {
    sources.script.push(...STRIPE.script);
    sources.frame.push(...STRIPE.frame);
    sources.connect.push(...STRIPE.connect);
  }
  if (config.billing.provider === 'recurly') {
    sources.script.push(...RECURLY.script);
    sources.frame.push(...RECURLY.frame);
    sources.connect.push(...RECURLY.connect);
  }
  if (config.realtime.provider === 'pusher') {
    const cluster = config.realtime.cluster;
    // pusher-js: the WebSocket first, then its HTTP fallbacks (xhr streaming and polling) on sockjs-{cluster}.
    sources.connect.push(`wss://ws-${cluster}.pusher.com`, `https://sockjs-${cluster}.pusher.com`);
    if (!config.realtime.forceTLS) {
      sources.connect.push(`ws://ws-${cluster}.pusher.com`, `http://sockjs-${cluster}.pusher.com`);
    }
  }
  return {
    script: unique(sources.script),
    style: unique(sources.style),
    connect: unique(sources.connect),
    frame: unique(sources.frame),
    img: unique(sources.img),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The manifest for the pages a build wrote (their HTML) and the configuration it was built with. */
export function buildCspManifest(pages: readonly string[], config: SiteCspConfig): CspManifest {
  const hashes = pages.map(inlineHashes);
  return {
    scriptHashes: unique(hashes.flatMap((page) => page.scripts)).sort(),
    styleHashes: unique(hashes.flatMap((page) => page.styles)).sort(),
    sources: configSources(config),
  };
}

/** Where the page was asked for, and the site's public origin: the realtime socket is on either. */
export interface PolicyOrigins {
  /** The request's origin (`http://localhost:5173`). */
  request?: string | undefined;
  /** PUBLIC_URL, when configured. */
  publicUrl?: string | undefined;
}

/** ws: and wss: on a host (the page's own realtime socket), and its subdomains over the origin's scheme. */
function socketAndSubdomains(origin: string): { sockets: string[]; subdomains: string } | null {
  const url = originOf(origin);
  if (url === null) return null;
  return { sockets: [`ws://${url.host}`, `wss://${url.host}`], subdomains: `${url.protocol}//*.${url.host}` };
}

function directive(name: string, sources: readonly string[]): string {
  return `${name} ${unique(sources).join(' ')}`;
}

/**
 * The site's policy: scripts from 'self', the providers' script origins and the built inline scripts' hashes; styles
 * from 'self', the built inline styles' hashes and the stylesheet hosts; connections to the site, its realtime
 * socket, the API servers and the providers; frames only for the site's own pages and the providers' card entry; no plugins; base and
 * framing limited to the site. A site without a manifest (being built) gets the policy without hashes.
 */
export function sitePolicy(manifest: CspManifest | null, origins: PolicyOrigins): string {
  const sources = manifest?.sources ?? { script: [], style: [], connect: [], frame: [], img: [] };
  const own = [origins.request, origins.publicUrl]
    .filter((origin): origin is string => origin !== undefined)
    .map(socketAndSubdomains)
    .filter((entry) => entry !== null);
  const subdomains = own.map((entry) => entry.subdomains);
  return [
    "default-src 'self'",
    // 'report-sample': a violation report carries the start of the blocked inline script.
    directive('script-src', ["'self'", "'report-sample'", ...sources.script, ...(manifest?.scriptHashes ?? [])]),
    directive('style-src', ["'self'", ...sources.style, ...(manifest?.styleHashes ?? [])]),
    directive('img-src', ["'self'", 'data:', 'https:', ...subdomains, ...sources.img]),
    directive('font-src', ["'self'", 'data:', ...sources.style]),
    directive('connect-src', ["'self'", ...own.flatMap((entry) => entry.sockets), ...subdomains, ...sources.connect]),
    // 'self': the draft editor (/admin/drafts/$draftId, issue 22 point 6) shows the family's /draft preview in a frame.
    directive('frame-src', ["'self'", ...sources.frame]),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...REPORTING,
  ].join('; ');
}

/**
 * The policy of a page the server writes itself: nothing but its own inline styles and scripts (by hash) and images
 * from the site. `frameAncestors: "'none'"` for a page that must never be framed; `formAction: null` for a page
 * whose form ends in a redirect to another origin (Chromium checks form-action on the redirect too).
 */
export function serverPagePolicy({
  styles = [],
  scripts = [],
  frameAncestors = "'self'",
  formAction = "'self'",
}: {
  styles?: readonly string[];
  scripts?: readonly string[];
  frameAncestors?: "'self'" | "'none'";
  formAction?: "'self'" | null;
}): string {
  return [
    "default-src 'none'",
    directive('script-src', scripts.length > 0 ? scripts.map(inlineHash) : ["'none'"]),
    directive('style-src', styles.length > 0 ? styles.map(inlineHash) : ["'none'"]),
    "img-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ...(formAction === null ? [] : [`form-action ${formAction}`]),
    `frame-ancestors ${frameAncestors}`,
    ...REPORTING,
  ].join('; ');
}

/** The manifest the build left in `siteDir`, re-read when a rebuild changes it; null while there is none. */
export function siteCspManifest(siteDir: string): () => Promise<CspManifest | null> {
  const file = path.join(siteDir, CSP_MANIFEST_FILE);
  let cached: { version: string; manifest: CspManifest | null } | undefined;
  return async () => {
    const version = await fileVersion(file);
    if (version === null) return null;
    if (cached?.version !== version) {
      const text = await readFile(file, 'utf8').catch(() => null);
      cached = { version, manifest: text === null ? null : parseManifest(text) };
    }
    return cached.manifest;
  };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The manifest's text, read defensively: anything unreadable gives no hashes and no origins. */
export function parseManifest(text: string): CspManifest | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const record: Record<string, unknown> = { ...raw };
  const sources: Record<string, unknown> =
    typeof record.sources === 'object' && record.sources !== null ? { ...record.sources } : {};
  return {
    scriptHashes: strings(record.scriptHashes),
    styleHashes: strings(record.styleHashes),
    sources: {
      script: strings(sources.script),
      style: strings(sources.style),
      connect: strings(sources.connect),
      frame: strings(sources.frame),
      img: strings(sources.img),
    },
  };
}

function requestOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Documents a browser renders (and could run a script in): the responses that carry the policy. */
const DOCUMENT_TYPES = /^(text\/html|image\/svg\+xml|application\/xhtml\+xml|application\/xml|text\/xml)\b/i;

/** One year, this origin only (subdomains may be other services). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export interface SecurityHeadersOptions {
  env: { NODE_ENV: string; PUBLIC_URL?: string | undefined };
  /** The built site (dist/), whose manifest gives the hashes and origins; null when the server serves no site. */
  siteDir: string | null;
}

/**
 * Sends the site's Content-Security-Policy with every document that has no policy of its own, and
 * Strict-Transport-Security with every response when NODE_ENV=production.
 */
export function securityHeaders({ env, siteDir }: SecurityHeadersOptions): MiddlewareHandler {
  const manifest = siteDir === null ? async () => null : siteCspManifest(siteDir);
  const production = env.NODE_ENV === 'production';
  return async (c, next) => {
    await next();
    if (production) setAnswerHeader(c, 'Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!DOCUMENT_TYPES.test(type) || c.res.headers.has('Content-Security-Policy')) return;
    const policy = sitePolicy(await manifest(), { request: requestOrigin(c.req.url), publicUrl: env.PUBLIC_URL });
    setAnswerHeader(c, 'Content-Security-Policy', policy);
  };
}

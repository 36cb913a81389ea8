import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAILBOX_POLICY, MAILBOX_STYLE } from '../routes/dev-mailbox.page.ts';
import { AUTHENTICATION_PAGE_POLICY, renderAuthenticationPage } from '../routes/three-d-secure.page.ts';
import {
  buildCspManifest,
  CSP_MANIFEST_FILE,
  type CspManifest,
  configSources,
  inlineHash,
  inlineHashes,
  parseManifest,
  type SiteCspConfig,
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
  sitePolicy,
} from './csp.ts';
import { cspReportRoutes, readCspReports } from './csp-report.ts';
import { staticSite } from './static-site.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const sandboxConfig: SiteCspConfig = {
  apiServers: [{ url: '' }],
  serverCssUrl: '',
  payments: { provider: 'sandbox' },
  billing: { provider: 'sandbox' },
  realtime: { provider: 'sandbox', cluster: 'us3', forceTLS: true },
};

describe('inline hashes (computed when the site is built)', () => {
  it('hashes each inline script and <style> exactly as it stands, and skips external scripts and data blocks', () => {
    const html =
      '<head><style>body{margin:0}</style><script type="module" crossorigin src="/assets/index.js"></script></head>' +
      '<body><script type="application/json" id="data">{"a":1}</script>' +
      '<script>(function(){preload()})()</script><script type="module">import(\'/x.js\')</script></body>';
    expect(inlineHashes(html)).toEqual({
      scripts: [sha256('(function(){preload()})()'), sha256("import('/x.js')")],
      styles: [sha256('body{margin:0}')],
    });
    // The value CSP expects for `alert(1)` (a well-known example).
    expect(inlineHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('keeps every page in one manifest, each hash once', () => {
    const manifest = buildCspManifest(
      ['<script>a()</script><style>p{}</style>', '<script>a()</script><script>b()</script>'],
      sandboxConfig,
    );
    expect(manifest.scriptHashes).toEqual([sha256('a()'), sha256('b()')].sort());
    expect(manifest.styleHashes).toEqual([sha256('p{}')]);
    expect(manifest.sources).toEqual({ script: [], style: [], connect: [], frame: [], img: [] });
  });
});

describe('origins from the configuration: only what is configured', () => {
  it('adds nothing for the sandbox providers on the same origin', () => {
    expect(configSources(sandboxConfig)).toEqual({ script: [], style: [], connect: [], frame: [], img: [] });
  });

  it('adds Stripe, Recurly and Pusher when configured, and the API servers with their subdomains', () => {
    const sources = configSources({
      apiServers: [{ url: 'https://api.example.com/v1' }, { url: 'https://alt.example.org' }],
      serverCssUrl: 'https://css.example.net/base',
      payments: { provider: 'stripe' },
      billing: { provider: 'recurly' },
      realtime: { provider: 'pusher', cluster: 'us3', forceTLS: true },
    });
    expect(sources.script).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://js.recurly.com']);
    expect(sources.frame).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://api.recurly.com',
    ]);
    expect(sources.connect).toEqual([
      'https://api.example.com',
      'https://*.api.example.com',
      'https://alt.example.org',
      'https://*.alt.example.org',
      'https://api.stripe.com',
      'https://api.recurly.com',
      'wss://ws-us3.pusher.com',
      'https://sockjs-us3.pusher.com',
    ]);
    expect(sources.style).toEqual(['https://api.example.com', 'https://alt.example.org', 'https://css.example.net']);
  });

  it('lets Pusher without forced TLS use ws: and http: too', () => {
    const sources = configSources({
      ...sandboxConfig,
      realtime: { provider: 'pusher', cluster: 'eu', forceTLS: false },
    });
    expect(sources.connect).toEqual([
      'wss://ws-eu.pusher.com',
      'https://sockjs-eu.pusher.com',
      'ws://ws-eu.pusher.com',
      'http://sockjs-eu.pusher.com',
    ]);
  });
});

describe('the site policy', () => {
  const manifest: CspManifest = buildCspManifest(['<script>go()</script><style>p{}</style>'], {
    ...sandboxConfig,
    payments: { provider: 'stripe' },
  });

  it('allows scripts from the site, the providers and the hashes only, and limits the rest', () => {
    const policy = directives(
      sitePolicy(manifest, { request: 'http://localhost:5173', publicUrl: 'https://academy.example.com' }),
    );
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'report-sample'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      sha256('go()'),
    ]);
    expect(policy.get('style-src')).toEqual(["'self'", sha256('p{}')]);
    // The realtime socket: 'self' does not cover ws: and wss: in every browser.
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://localhost:5173',
      'wss://localhost:5173',
      'ws://academy.example.com',
      'wss://academy.example.com',
      'http://*.localhost:5173',
      'https://*.academy.example.com',
      'https://api.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('frames only its own pages without a card provider, and has no hashes without a manifest (a site being built)', () => {
    const policy = directives(sitePolicy(null, { request: 'http://localhost:5173' }));
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'report-sample'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
  });

  it('reads an unreadable manifest as none, and keeps only strings from a damaged one', () => {
    expect(parseManifest('not json')).toBeNull();
    expect(parseManifest('{"scriptHashes":["a",3],"sources":{"script":"x"}}')).toEqual({
      scriptHashes: ['a'],
      styleHashes: [],
      sources: { script: [], style: [], connect: [], frame: [], img: [] },
    });
  });
});

describe('pages the server writes itself', () => {
  it('the 3-D Secure page: no script, its stylesheet by hash, never framed', () => {
    const html = renderAuthenticationPage(
      {
        paymentIntent: 'pi_1',
        clientSecret: 'pi_1_secret',
        returnUrl: 'http://localhost/payment',
        amountCents: 1000,
      },
      'en',
    );
    const { scripts, styles } = inlineHashes(html);
    expect(scripts).toEqual([]);
    const policy = directives(AUTHENTICATION_PAGE_POLICY);
    expect(policy.get('style-src')).toEqual(styles);
    expect(policy.get('script-src')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // Its form's answer redirects to the site's return_url, which may be on another origin.
    expect(policy.has('form-action')).toBe(false);
  });

  it('/dev/mailbox: its stylesheet by hash', () => {
    const policy = directives(MAILBOX_POLICY);
    expect(policy.get('style-src')).toEqual([sha256(MAILBOX_STYLE)]);
    expect(policy.get('script-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });
});

describe('securityHeaders', () => {
  let site: string;

  const writeManifest = (scripts: string[]) => {
    const manifest = buildCspManifest(
      scripts.map((script) => `<script>${script}</script>`),
      sandboxConfig,
    );
    writeFileSync(path.join(site, CSP_MANIFEST_FILE), JSON.stringify(manifest));
  };

  const appFor = (env: { NODE_ENV: string; PUBLIC_URL?: string }) => {
    const app = new Hono();
    app.use('*', securityHeaders({ env, siteDir: site }));
    app.get('/api/health', (c) => c.json({ ok: true }));
    app.get('/own', (c) => c.html('<p>mine</p>', 200, { 'Content-Security-Policy': "default-src 'none'" }));
    app.get('*', staticSite(site));
    return app;
  };

  beforeEach(() => {
    site = mkdtempSync(path.join(os.tmpdir(), 'csp-'));
    mkdirSync(path.join(site, '.vite'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><div id="root"></div><script>first()</script>');
  });

  it('sends the policy with every page, with the hashes of the build it serves, read again after a rebuild', async () => {
    writeManifest(['first()']);
    const app = appFor({ NODE_ENV: 'development' });
    const first = await app.request('http://localhost:5173/login');
    expect(first.status).toBe(200);
    expect(directives(first.headers.get('content-security-policy')).get('script-src')).toContain(sha256('first()'));
    expect(first.headers.get('strict-transport-security')).toBeNull();

    // A rebuild under the running server writes a new manifest: the next page carries the new hashes.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeManifest(['second()', 'third()']);
    const second = await app.request('http://localhost:5173/login');
    const scripts = directives(second.headers.get('content-security-policy')).get('script-src');
    expect(scripts).toContain(sha256('second()'));
    expect(scripts).not.toContain(sha256('first()'));
  });

  it('leaves JSON alone and keeps a page its own policy', async () => {
    writeManifest(['first()']);
    const app = appFor({ NODE_ENV: 'development' });
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toBeNull();
    expect((await app.request('/own')).headers.get('content-security-policy')).toBe("default-src 'none'");
  });

  it('adds Strict-Transport-Security in production, and the public origin for the realtime socket', async () => {
    writeManifest(['first()']);
    const app = appFor({ NODE_ENV: 'production', PUBLIC_URL: 'https://academy.example.com' });
    const page = await app.request('http://10.0.0.5:8080/');
    expect(page.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(directives(page.headers.get('content-security-policy')).get('connect-src')).toEqual(
      expect.arrayContaining(['wss://academy.example.com', 'ws://10.0.0.5:8080']),
    );
    expect((await app.request('/api/health')).headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
  });
});

describe('violation reports', () => {
  it('every policy says where to report', () => {
    for (const policy of [sitePolicy(null, {}), MAILBOX_POLICY, AUTHENTICATION_PAGE_POLICY]) {
      expect(directives(policy).get('report-uri')).toEqual(['/csp-reports']);
    }
  });

  it('reads both report formats, and keeps no query, fragment or long text', () => {
    const legacy = {
      'csp-report': {
        'document-uri': 'https://academy.example.com/resetpwd?token=secret#x',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        disposition: 'enforce',
        'script-sample': 'x'.repeat(500),
        'source-file': 'https://academy.example.com/assets/a.js?v=1',
        'line-number': 3,
      },
    };
    expect(readCspReports(legacy)).toEqual([
      {
        document: 'https://academy.example.com/resetpwd',
        blocked: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
        sample: 'x'.repeat(200),
        source: 'https://academy.example.com/assets/a.js',
        line: 3,
      },
    ]);
    const reportingApi = [
      { type: 'deprecation', body: {} },
      {
        type: 'csp-violation',
        body: {
          documentURL: 'http://localhost:5173/login?returnUrl=/x',
          blockedURL: 'https://evil.example/steal?t=1',
          effectiveDirective: 'connect-src',
          disposition: 'enforce',
        },
      },
    ];
    expect(readCspReports(reportingApi)).toEqual([
      {
        document: 'http://localhost:5173/login',
        blocked: 'https://evil.example/steal',
        directive: 'connect-src',
        disposition: 'enforce',
        sample: '',
        source: '',
        line: null,
      },
    ]);
    for (const garbage of [null, 'text', 3, {}, [1, 'a'], { 'csp-report': 'no' }])
      expect(readCspReports(garbage)).toEqual([]);
  });

  it('logs each report as a warning and answers 204, whatever was sent', async () => {
    const logged: unknown[] = [];
    const app = new Hono();
    app.route('/', cspReportRoutes({ warn: (entry: unknown) => logged.push(entry) }));
    const report = { 'csp-report': { 'document-uri': 'http://localhost/x?y=1', 'blocked-uri': 'eval' } };
    const sent = await app.request('/csp-reports', {
      method: 'POST',
      headers: { 'Content-Type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(sent.status).toBe(204);
    expect(logged).toEqual([{ csp: expect.objectContaining({ document: 'http://localhost/x', blocked: 'eval' }) }]);
    const garbage = await app.request('/csp-reports', { method: 'POST', body: 'not json' });
    expect(garbage.status).toBe(204);
    expect(logged).toHaveLength(1);
  });
});

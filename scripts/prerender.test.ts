import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ComponentProps, Fragment, createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CSP_MANIFEST_FILE, inlineHash } from '../server/http/csp';
import { config } from '../src/config';
import { PREVIEW_TEXT, PREVIEW_TITLE } from '../src/domain/payment-rules';
import { t } from '../src/i18n/runtime';
import { Page } from '../src/views/common/page';
import { StepHeading } from '../src/views/common/step-heading';
import { REQUEST_HEADING, REQUEST_INTRO } from '../src/views/password-reset/password-reset-texts';
import { frameHtml, PRERENDERED_PAGES, prerenderPages, ROUTES_FILE, writeCspManifest } from './prerender';

const pageOf = (route: string) => {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.route === route);
  if (!page) throw new Error(`no prerendered page for ${route}`);
  return page;
};
const headingOf = (route: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(pageOf(route).main(config.clientName))?.[1];

/** RootLayout's skip link and Page around the given content, as React renders them. */
const renderFrame = (content: ReactNode, wide = false) =>
  renderToStaticMarkup(
    h(
      Fragment,
      null,
      h('a', { className: 'skip-link', href: '#main' }, 'Skip to content'),
      // Page's children come as createElement's third argument, which its props type cannot see.
      h(Page, { wide } as ComponentProps<typeof Page>, content),
    ),
  );

describe('prerendered entry pages', () => {
  it('carry exactly the markup React renders for the frame and the first step, so the swap moves nothing', () => {
    for (const route of ['/licenses/:license', '/login', '/register', '/resetpwd/forgot']) {
      const page = pageOf(route);
      const heading = headingOf(route) ?? '';
      // The reset request's intro paints with its heading (request-form.tsx renders both first).
      const intro = route === '/resetpwd/forgot' ? h('p', { id: 'request-intro' }, REQUEST_INTRO) : null;
      expect(frameHtml(config.clientName, page.main(config.clientName), page.wide), route).toBe(
        renderFrame(h('section', { className: 'card' }, h(StepHeading, null, heading.replaceAll('&amp;', '&')), intro)),
      );
    }
    // The payment flow while its data loads (src/views/payment/payment-flow.tsx).
    const loading = h(
      Fragment,
      null,
      h(StepHeading, null, 'Payment Options'),
      h('p', { role: 'status', className: 'payment-status' }, 'Loading your payment options…'),
    );
    const payment = pageOf('/payment');
    expect(frameHtml(config.clientName, payment.main(config.clientName), payment.wide)).toBe(
      renderFrame(loading, true),
    );
    const draft = pageOf('/draft');
    expect(frameHtml(config.clientName, draft.main(config.clientName), draft.wide)).toBe(
      renderFrame(
        h(
          Fragment,
          null,
          h(
            'div',
            { className: 'preview-banner', role: 'note' },
            h('strong', null, PREVIEW_TITLE),
            h('span', null, PREVIEW_TEXT),
          ),
          loading,
        ),
        true,
      ),
    );
  });

  it('show the headings the flows open with', () => {
    expect(headingOf('/licenses/:license')).toBe(t('licence.welcome', { client_name: config.clientName }));
    expect(headingOf('/resetpwd/forgot')).toBe(REQUEST_HEADING);
    // The reset page's largest text paints with the HTML: the request form's intro, word for word.
    expect(pageOf('/resetpwd/forgot').main(config.clientName)).toContain(`<p id="request-intro">${REQUEST_INTRO}</p>`);
    expect(headingOf('/login')).toBe(`Already have a ${config.clientName} App account?`);
  });

  it('are written beside index.html with the table the server reads', () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
    mkdirSync(path.join(outDir, 'assets'));
    writeFileSync(path.join(outDir, 'assets', 'index-abc.css'), 'body{margin:0}');
    writeFileSync(
      path.join(outDir, 'index.html'),
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
        '<body><div id="root"></div><script src="/a.js"></script>',
    );
    const written = prerenderPages(outDir, 'Tigers <Club>');
    expect(written).toHaveLength(PRERENDERED_PAGES.length);
    const table = JSON.parse(readFileSync(path.join(outDir, ROUTES_FILE), 'utf8'));
    expect(table['/login']).toBe('pages/login.html');
    const login = readFileSync(path.join(outDir, table['/login']), 'utf8');
    expect(login).toContain('<span class="brand">Tigers &lt;Club&gt;</span>');
    expect(login).toContain('Already have a Tigers &lt;Club&gt; App account?');
    expect(login).toContain('<script src="/a.js"></script>');
    // The stylesheet travels in the page; the disabled link only tells Vite's preload helper it is there.
    expect(login).toContain('<style>body{margin:0}</style>');
    expect(login).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>');
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('<style>body{margin:0}</style>');
  });

  it("list every inline script's and stylesheet's hash in the manifest the server's policy reads", () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-csp-'));
    mkdirSync(path.join(outDir, 'assets'));
    writeFileSync(path.join(outDir, 'assets', 'index-abc.css'), 'body{margin:0}');
    writeFileSync(
      path.join(outDir, 'index.html'),
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
        '<body><div id="root"></div><script type="module" src="/a.js"></script></body></html>',
    );
    prerenderPages(outDir, 'Tigers');
    const manifest = writeCspManifest(outDir, config);
    expect(JSON.parse(readFileSync(path.join(outDir, CSP_MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    const pages = ['index.html', ...PRERENDERED_PAGES.map((page) => page.file)].map((file) =>
      readFileSync(path.join(outDir, file), 'utf8'),
    );
    // Each page's own preload script (its list of files differs by page) and the inlined stylesheet.
    for (const page of pages) {
      const preload = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(preload).toContain('modulepreload');
      expect(manifest.scriptHashes).toContain(inlineHash(preload ?? ''));
    }
    expect(manifest.styleHashes).toEqual([inlineHash('body{margin:0}')]);
  });
});

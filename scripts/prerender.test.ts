import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ComponentProps, Fragment, createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CSP_MANIFEST_FILE, inlineHash } from '../server/http/csp';
import { config } from '../src/config';
import { PREVIEW_TEXT, PREVIEW_TITLE } from '../src/domain/payment-rules';
import { LOCALES, t } from '../src/i18n/runtime';
import { Page } from '../src/views/common/page';
import { StepHeading } from '../src/views/common/step-heading';
import { REQUEST_HEADING, REQUEST_INTRO } from '../src/views/password-reset/password-reset-texts';
import { LoadingOptions } from '../src/views/payment/loading-options';
import {
  frameHtml,
  inLocale,
  PRERENDERED_PAGES,
  pageFile,
  pageTextGroups,
  prerenderPages,
  ROUTES_FILE,
  withDocumentTexts,
  writeCspManifest,
} from './prerender';

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** index.html's description and <noscript> as the repository has them (English), which each language fills in. */
const INDEX_HTML = readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');
const DOCUMENT_TEXTS =
  (/<meta name="description"[^>]*>/.exec(INDEX_HTML)?.[0] ?? '') +
  (/<noscript>[^<]*<\/noscript>/.exec(INDEX_HTML)?.[0] ?? '');

const pageOf = (route: string) => {
  const page = PRERENDERED_PAGES.find((candidate) => candidate.route === route);
  if (!page) throw new Error(`no prerendered page for ${route}`);
  return page;
};
const headingOf = (route: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(pageOf(route).main(config.clientName))?.[1];

/** RootLayout's skip link and Page around the given content, as React renders them in the language in use. */
const renderFrame = (content: ReactNode, wide = false) =>
  renderToStaticMarkup(
    h(
      Fragment,
      null,
      h('a', { className: 'skip-link', href: '#main' }, t('common.skipToContent')),
      // Page's children come as createElement's third argument, which its props type cannot see.
      h(Page, { wide } as ComponentProps<typeof Page>, content),
    ),
  );

describe('prerendered entry pages', () => {
  it('carry exactly the markup React renders for the frame and the first step, in every language', () => {
    for (const locale of LOCALES) {
      inLocale(locale, () => {
        for (const route of ['/licenses/:license', '/login', '/register', '/resetpwd/forgot']) {
          const page = pageOf(route);
          const heading = headingOf(route) ?? '';
          // The reset request's intro paints with its heading (request-form.tsx renders both first).
          const intro = route === '/resetpwd/forgot' ? h('p', { id: 'request-intro' }, t('reset.requestIntro')) : null;
          expect(frameHtml(config.clientName, page.main(config.clientName), page.wide), `${route} ${locale}`).toBe(
            renderFrame(
              h('section', { className: 'card' }, h(StepHeading, null, heading.replaceAll('&amp;', '&')), intro),
            ),
          );
        }
        // The payment flow while its data loads (src/views/payment/payment-flow.tsx).
        const payment = pageOf('/payment');
        expect(frameHtml(config.clientName, payment.main(config.clientName), payment.wide), locale).toBe(
          renderFrame(h(LoadingOptions), true),
        );
        const draft = pageOf('/draft');
        expect(frameHtml(config.clientName, draft.main(config.clientName), draft.wide), locale).toBe(
          renderFrame(
            h(
              Fragment,
              null,
              h(
                'div',
                { className: 'preview-banner', role: 'note' },
                h('strong', null, t('payment.previewTitle')),
                h('span', null, t('payment.previewText')),
              ),
              h(LoadingOptions),
            ),
            true,
          ),
        );
      });
    }
  });

  it('show the headings the flows open with, in every language', () => {
    expect(headingOf('/licenses/:license')).toBe(t('licence.welcome', { client_name: config.clientName }));
    expect(headingOf('/resetpwd/forgot')).toBe(REQUEST_HEADING);
    // The reset page's largest text paints with the HTML: the request form's intro, word for word.
    expect(pageOf('/resetpwd/forgot').main(config.clientName)).toContain(`<p id="request-intro">${REQUEST_INTRO}</p>`);
    expect(headingOf('/login')).toBe(`Already have a ${config.clientName} App account?`);
    expect(headingOf('/register')).toBe('Create your Primary Guardian account');
    expect(pageOf('/draft').main(config.clientName)).toContain(
      `<strong>${PREVIEW_TITLE}</strong><span>${PREVIEW_TEXT}</span>`,
    );
    inLocale('es', () => {
      expect(headingOf('/licenses/:license')).toBe(`Te damos la bienvenida a ${config.clientName}`);
      expect(headingOf('/register')).toBe(t('register.createHeading'));
      expect(headingOf('/resetpwd/forgot')).toBe(t('reset.requestHeading'));
      expect(headingOf('/login')).toBe(t('login.haveAccount', { client_name: config.clientName }));
      expect(headingOf('/login')).not.toBe(`Already have a ${config.clientName} App account?`);
    });
    // What the page's route loads before it first renders, and the frame's own group.
    expect(pageTextGroups('src/routes/login.page.tsx')).toEqual(['common', 'login']);
    expect(pageTextGroups('src/routes/payment.page.tsx')).toContain('payment');
  });

  it('are written beside index.html in every language, with the table the server reads', () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
    mkdirSync(path.join(outDir, 'assets'));
    writeFileSync(path.join(outDir, 'assets', 'index-abc.css'), 'body{margin:0}');
    writeFileSync(
      path.join(outDir, 'index.html'),
      '<!doctype html><html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
        `${DOCUMENT_TEXTS}</head><body><div id="root"></div><script src="/a.js"></script>`,
    );
    const written = prerenderPages(outDir, 'Tigers <Club>');
    expect(written).toHaveLength(PRERENDERED_PAGES.length * LOCALES.length);
    const table = JSON.parse(readFileSync(path.join(outDir, ROUTES_FILE), 'utf8'));
    expect(table['/login']).toEqual({ en: 'pages/login.html', es: 'pages/es/login.html' });
    expect(table['/admin/*']).toBe('admin.html');
    const login = readFileSync(path.join(outDir, table['/login'].en), 'utf8');
    expect(login).toContain('<html lang="en">');
    expect(login).toContain('<span class="brand">Tigers &lt;Club&gt;</span>');
    expect(login).toContain('Already have a Tigers &lt;Club&gt; App account?');
    expect(login).toContain('<option value="en" lang="en" selected="">English</option>');
    expect(login).toContain('<script src="/a.js"></script>');
    // The stylesheet travels in the page; the disabled link only tells the preload helper it is there.
    expect(login).toContain('<style>body{margin:0}</style>');
    expect(login).toContain('<link rel="stylesheet" href="/assets/index-abc.css" disabled>');
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toContain('<style>body{margin:0}</style>');

    // The same page in Spanish: its language, its texts, the same scripts and styles.
    const spanish = readFileSync(path.join(outDir, table['/login'].es), 'utf8');
    expect(pageFile(pageOf('/login'), 'es')).toBe('pages/es/login.html');
    expect(spanish).toContain('<html lang="es">');
    const heading = inLocale('es', () => t('login.haveAccount', { client_name: 'Tigers &lt;Club&gt;' }));
    expect(spanish).toContain(`<h1 tabindex="-1" class="step-heading">${heading}</h1>`);
    expect(spanish).toContain('<option value="es" lang="es" selected="">Español</option>');
    expect(spanish).toContain(`>${inLocale('es', () => t('common.skipToContent'))}</a>`);
    expect(spanish).not.toContain('Already have a');
    expect(spanish).not.toContain('Skip to content');
    // The document's own texts in its language too: the description search engines show, the <noscript> text.
    expect(login).toContain(
      '<meta name="description" content="Register your athlete, claim your licence and pay team dues.">',
    );
    expect(login).toContain('<noscript>This site needs JavaScript to register and pay.</noscript>');
    expect(spanish).toContain(
      '<meta name="description" content="Inscribe a tu atleta, reclama tu licencia y paga la cuota del equipo.">',
    );
    expect(spanish).toContain('<noscript>Este sitio necesita JavaScript para inscribirse y pagar.</noscript>');
    expect(spanish).not.toContain('Register your athlete');
    expect(spanish).not.toContain('needs JavaScript');
    const outside = (html: string) =>
      html
        .replace(/<div id="root">[\s\S]*<\/div>\s*<script/, '')
        .replace(/ lang="\w+"/, '')
        .replace(/<meta name="description"[^>]*>/, '')
        .replace(/<noscript>[^<]*<\/noscript>/, '');
    expect(outside(spanish)).toBe(outside(login));
    const licence = readFileSync(path.join(outDir, 'pages/es/licence.html'), 'utf8');
    expect(licence).toContain('Te damos la bienvenida a Tigers &lt;Club&gt;');
  });

  it("carry their texts' catalogues in their language as a data block the site reads instead of fetching them", () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
    const catalogues = path.join(outDir, 'assets', 'i18n-0123abcd');
    const built = (locale: string, group: string) => ({ [`${group}.sample`]: `${locale} ${group} </script><b>` });
    for (const locale of LOCALES) {
      mkdirSync(path.join(catalogues, locale), { recursive: true });
      for (const group of pageTextGroups('src/routes/login.page.tsx')) {
        writeFileSync(path.join(catalogues, locale, `${group}.json`), JSON.stringify(built(locale, group)));
      }
    }
    writeFileSync(
      path.join(outDir, 'index.html'),
      `<!doctype html><html lang="en"><head>${DOCUMENT_TEXTS}</head><body><div id="root"></div></body></html>`,
    );
    prerenderPages(outDir, 'Tigers');
    const block = (file: string) => {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const found = /<script type="application\/json" id="page-texts">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      // No text closes the element early: every `<` is escaped.
      expect(found).not.toContain('<');
      return JSON.parse(found);
    };
    const groups = pageTextGroups('src/routes/login.page.tsx');
    expect(groups).toContain('login');
    for (const locale of LOCALES) {
      expect(block(pageFile(pageOf('/login'), locale))).toEqual({
        locale,
        groups: Object.fromEntries(groups.map((group) => [group, built(locale, group)])),
      });
    }
    // No page asks for them separately any more.
    expect(readFileSync(path.join(outDir, pageFile(pageOf('/login'), 'en')), 'utf8')).not.toContain('as="fetch"');
  });

  it("fill in index.html's description and <noscript> from the catalogue, whose English is index.html's", () => {
    for (const key of ['document.description', 'document.noscript'] as const) {
      expect(INDEX_HTML, key).toContain(escapeText(inLocale('en', () => t(key))));
    }
    expect(() => withDocumentTexts('<html><head></head><body><div id="root"></div></body></html>')).toThrow(
      /description/,
    );
  });

  it("list every inline script's and stylesheet's hash in the manifest the server's policy reads", () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-csp-'));
    mkdirSync(path.join(outDir, 'assets'));
    writeFileSync(path.join(outDir, 'assets', 'index-abc.css'), 'body{margin:0}');
    writeFileSync(
      path.join(outDir, 'index.html'),
      `<html><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css">${DOCUMENT_TEXTS}</head>` +
        '<body><div id="root"></div><script type="module" src="/a.js"></script></body></html>',
    );
    prerenderPages(outDir, 'Tigers');
    const manifest = writeCspManifest(outDir, config);
    expect(JSON.parse(readFileSync(path.join(outDir, CSP_MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    const pages = [
      'index.html',
      ...PRERENDERED_PAGES.flatMap((page) => LOCALES.map((locale) => pageFile(page, locale))),
    ].map((file) => readFileSync(path.join(outDir, file), 'utf8'));
    // Each page's own preload script (its list of files differs by page) and the inlined stylesheet.
    for (const page of pages) {
      const preload = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(preload).toContain('modulepreload');
      expect(manifest.scriptHashes).toContain(inlineHash(preload ?? ''));
    }
    expect(manifest.styleHashes).toEqual([inlineHash('body{margin:0}')]);
  });
});

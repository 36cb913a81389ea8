import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The texts a prerendered page carries (scripts/prerender.ts): the runtime takes them before it fetches any group, so
 * the page's first render fetches none of them; a block it cannot read changes nothing. Each test loads the runtime
 * afresh (it reads the block once), without the catalogues src/test-setup.ts adds to the shared one.
 */

function carry(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'page-texts';
  block.textContent = text;
  document.head.append(block);
}

/** fetch as the runtime uses it: every group answers one text of its own. */
function serveGroups() {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify({ 'common.no': `fetched ${url}` }));
    }),
  );
  return fetched;
}

async function freshRuntime() {
  vi.resetModules();
  return import('./runtime');
}

afterEach(() => {
  document.getElementById('page-texts')?.remove();
  vi.unstubAllGlobals();
});

describe("a prerendered page's texts", () => {
  it('are taken from the page, and only the groups it does not carry are fetched', async () => {
    carry(JSON.stringify({ locale: 'en', groups: { common: { 'common.yes': 'Yes, from the page' } } }));
    const fetched = serveGroups();
    const runtime = await freshRuntime();
    await runtime.loadGroups(['common', 'licence']);
    expect(fetched).toEqual(['/i18n-test/en/licence.json']);
    expect(runtime.t('common.yes')).toBe('Yes, from the page');
  });

  it('are fetched as on any other page when the block is not what the build writes', async () => {
    for (const text of [
      'not json',
      '[]',
      JSON.stringify({ locale: 'fr', groups: {} }),
      JSON.stringify({ locale: 'en' }),
    ]) {
      carry(text);
      const fetched = serveGroups();
      const runtime = await freshRuntime();
      await runtime.loadGroups(['common']);
      expect(fetched, text).toEqual(['/i18n-test/en/common.json']);
      document.getElementById('page-texts')?.remove();
    }
  });

  it('are read once: the block leaves the page, and a group it did not carry is fetched later', async () => {
    carry(JSON.stringify({ locale: 'es', groups: { common: { 'common.yes': 'Sí, de la página' } } }));
    const fetched = serveGroups();
    const runtime = await freshRuntime();
    await runtime.setLocale('es');
    expect(document.getElementById('page-texts')).toBeNull();
    expect(runtime.t('common.yes')).toBe('Sí, de la página');
    expect(fetched).toEqual([]);
    await runtime.loadGroups(['licence']);
    expect(fetched).toEqual(['/i18n-test/es/licence.json']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { __vitePreload } from './preload-helper';

const links = (rel?: string) =>
  [...document.head.querySelectorAll('link')]
    .filter((link) => rel === undefined || link.rel === rel)
    .map((link) => new URL(link.href).pathname);

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe("the site's helper for lazy imports (src/preload-helper.ts, in place of Vite's)", () => {
  it('asks for the chunk at once, preloads the chunks it imports, and answers once its stylesheets have loaded', async () => {
    const order: string[] = [];
    const imported = __vitePreload(async () => {
      order.push('import');
      return { page: 'login' };
    }, ['assets/login-form-a1.js', 'assets/login-b2.css']);
    // The import started with the preloads, before the stylesheet loaded.
    expect(order).toEqual(['import']);
    expect(links('modulepreload')).toEqual(['/assets/login-form-a1.js']);
    expect(links('stylesheet')).toEqual(['/assets/login-b2.css']);
    let settled = false;
    void imported.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    document.head.querySelector<HTMLLinkElement>('link[rel=stylesheet]')?.dispatchEvent(new Event('load'));
    expect(await imported).toEqual({ page: 'login' });
  });

  it('asks for each file once, and not at all for one the page has (a stylesheet the HTML carries inline)', async () => {
    const marker = document.createElement('link');
    marker.rel = 'stylesheet';
    marker.href = '/assets/app-shell-c3.css';
    marker.disabled = true;
    document.head.append(marker);
    const preloaded = document.createElement('link');
    preloaded.rel = 'modulepreload';
    preloaded.href = '/assets/framework-d4.js';
    document.head.append(preloaded);
    const deps = ['assets/app-shell-c3.css', 'assets/framework-d4.js', 'assets/dates-e5.js'];
    await __vitePreload(async () => 1, deps);
    await __vitePreload(async () => 2, deps);
    expect(links()).toEqual(['/assets/app-shell-c3.css', '/assets/framework-d4.js', '/assets/dates-e5.js']);
    expect(await __vitePreload(async () => 3)).toBe(3);
  });

  it('fails the import with a stylesheet that did not load, and tries it again on the next import', async () => {
    const failed = __vitePreload(async () => 'page', ['assets/payments-f6.css']);
    document.head.querySelector('link[rel=stylesheet]')?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Unable to preload CSS for http://localhost:3000/assets/payments-f6.css');
    expect(links()).toEqual([]);
    const retried = __vitePreload(async () => 'page', ['assets/payments-f6.css']);
    expect(links('stylesheet')).toEqual(['/assets/payments-f6.css']);
    document.head.querySelector('link[rel=stylesheet]')?.dispatchEvent(new Event('load'));
    expect(await retried).toBe('page');
  });
});

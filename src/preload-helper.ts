/**
 * The helper every lazy import of the site goes through (Vite's `__vitePreload`, replaced by this module in a build:
 * vite.config.ts `sitePreloadHelper`). It gets the chunk's import and the files the chunk needs (`deps`, paths under
 * the site's root: the chunks it imports, the stylesheets of them all) and:
 *
 * - asks for the chunk at once, and for every chunk it imports as a modulepreload, so they download in parallel
 *   instead of one after the other as the browser discovers the imports;
 * - adds each stylesheet not on the page yet and answers once they have all loaded, so a page never renders
 *   unstyled (a stylesheet the prerendered HTML carries inline has a disabled <link> there: scripts/prerender.ts);
 * - asks for each file once, and again after a stylesheet failed to load (the import fails with it, and a retry
 *   tries again).
 *
 * Vite's own helper (0.75 KB brotli on every first visit) also detects browsers without modulepreload, resolves
 * paths for a relative base, adds a CSP nonce and announces failures as `vite:preloadError`; this site needs none of
 * that (every browser it supports has modulepreload, its base is `/`, its policy hashes its inline scripts and
 * styles, and nothing listens for the event), and waited for the stylesheets before asking for the chunk.
 */

/** Each file asked for (absolute URL): a stylesheet's load, or undefined for a script or a file already there. */
const requested = new Map<string, Promise<unknown> | undefined>();

function preload(dep: string): Promise<unknown> | undefined {
  const href = new URL(`/${dep}`, location.href).href;
  if (requested.has(href)) return requested.get(href);
  const stylesheet = dep.endsWith('.css');
  let loaded: Promise<unknown> | undefined;
  const present = [...document.getElementsByTagName('link')].some(
    (link) => link.href === href && (!stylesheet || link.rel === 'stylesheet'),
  );
  if (!present) {
    const link = document.createElement('link');
    link.rel = stylesheet ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    if (stylesheet) {
      loaded = new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = () => {
          requested.delete(href);
          link.remove();
          reject(new Error(`Unable to preload CSS for ${href}`));
        };
      });
    }
    document.head.append(link);
  }
  requested.set(href, loaded);
  return loaded;
}

export function __vitePreload<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  const stylesheets = (deps ?? []).map(preload);
  return Promise.all([load(), ...stylesheets]).then(([module]) => module);
}

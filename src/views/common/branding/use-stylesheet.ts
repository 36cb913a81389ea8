/**
 * A brand stylesheet (spec §1, §7) loaded with a <link> after the site's own styles so it can override them. A
 * script-inserted stylesheet never blocks rendering, and one that fails to load (404, offline, another host down) is
 * removed and logged: the page keeps the site's styles. Which stylesheet a page loads is the route layer's choice
 * (src/routes/branding.ts); this hook only puts it into <head>.
 */
import { useEffect } from 'react';

/** Adds the stylesheet to <head>; returns the function that removes it. */
export function attachStylesheet(href: string, doc: Document = document): () => void {
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.brandStylesheet = '';
  link.addEventListener('error', () => {
    console.warn(`Brand stylesheet not loaded, keeping the site's styles: ${href}`);
    link.remove();
  });
  doc.head.append(link);
  return () => link.remove();
}

/** Keeps the stylesheet at `href` in <head> while mounted; nothing while `href` is undefined (not known yet). */
export function useStylesheet(href: string | undefined): void {
  useEffect(() => {
    if (href === undefined) return;
    return attachStylesheet(href);
  }, [href]);
}

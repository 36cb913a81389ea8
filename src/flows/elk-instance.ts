import type { ELK } from 'elkjs/lib/elk-api';

/**
 * elkjs is ~1.6 MB: it is imported on demand, so it lands in its own chunk that only the /flows page loads. The
 * bundled build runs the layout in the page's thread (no worker file to serve), which is fast enough for
 * statecharts of a few dozen states.
 */
let instance: Promise<ELK> | null = null;

export function loadElk(): Promise<ELK> {
  instance ??= import('elkjs/lib/elk.bundled.js').then(({ default: ElkConstructor }) => new ElkConstructor());
  return instance;
}

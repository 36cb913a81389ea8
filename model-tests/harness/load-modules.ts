import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { siteConfigDefine } from '../../vite.config.ts';
import { REPO_ROOT } from './report.ts';

/**
 * Command-line tools (flows:export, paths:to) import the site's machines, which read the configuration vite.config.ts
 * compiles in (src/config.ts): plain Node (tsx) has no such constant. Loading them through Vite's SSR module loader,
 * with the same `define`, gives them the environment they have in the browser and in vitest. node_modules stay native
 * imports, so xstate is the same instance the tool itself uses.
 */
export type LoadModule = (repoRelativePath: string) => Promise<Record<string, unknown>>;

export async function withViteModules<T>(use: (load: LoadModule) => Promise<T>): Promise<T> {
  const server = await createServer({
    root: REPO_ROOT,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    define: siteConfigDefine('development'),
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await use((path) => server.ssrLoadModule(`/${path.replace(/^\/+/, '')}`));
  } finally {
    await server.close();
  }
}

/** `src/machines/<flow>.machine.ts` files, repository-relative and sorted. */
export function productMachineFiles(root: string = REPO_ROOT): string[] {
  const dir = join(root, 'src', 'machines');
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.machine.ts'))
      .sort()
      .map((name) => `src/machines/${name}`);
  } catch {
    return [];
  }
}

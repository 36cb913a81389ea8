import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from './log.ts';

/**
 * What a build depends on besides node_modules: sources, the page, the config with its build steps (the prerendered
 * pages, the machines' descriptions kept for /flows only), and the VITE_* variables.
 */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'scripts/prerender.ts',
  'scripts/machine-descriptions.ts',
  'server/http/csp.ts',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
/** In dist/: the hash of the inputs the site was built from (written by `vite build`, vite.config.ts). */
export const SITE_BUILD_STAMP = '.build-hash';

function collectFiles(entry: string, files: string[]): void {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) collectFiles(path.join(entry, name), files);
  } else {
    files.push(entry);
  }
}

/** A hash of every build input; the site is rebuilt when it differs from the one stamped into dist/. */
export function siteInputsHash(rootDir: string, environment: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of INPUTS) collectFiles(path.join(rootDir, input), files);
  for (const file of files) {
    // Tests beside the code do not change the bundle.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(rootDir, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const key of Object.keys(environment)
    .filter((name) => name.startsWith('VITE_'))
    .sort()) {
    hash.update(`${key}=${environment[key]}\0`);
  }
  return hash.digest('hex');
}

/**
 * Builds the site with `vite build` when dist/ is missing or was built from other inputs. Returns the dist
 * directory, or null when there is no site to build (no index.html).
 */
export function ensureSiteBuilt(rootDir: string, log: Logger): string | null {
  const distDir = path.join(rootDir, 'dist');
  if (!existsSync(path.join(rootDir, 'index.html'))) {
    log.warn('no index.html: serving the API only');
    return null;
  }
  const wanted = siteInputsHash(rootDir);
  const stampFile = path.join(distDir, SITE_BUILD_STAMP);
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (current === wanted && existsSync(path.join(distDir, 'index.html'))) return distDir;

  log.info('building the site (vite build): sources changed since the last build');
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  // Always a production build, whatever NODE_ENV the server runs with (a test NODE_ENV would ship React's dev build).
  const result = spawnSync(process.execPath, [viteBin, 'build'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(stampFile, `${wanted}\n`);
  return distDir;
}

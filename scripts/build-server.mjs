/**
 * Builds the server (server/main.ts with the src/ modules it imports) into one JavaScript file, dist-server/main.js,
 * which `npm start` runs with plain node; `npm run dev` and the tests run the TypeScript through tsx.
 *
 *   node scripts/build-server.mjs             builds (the second half of `npm run build`)
 *   node scripts/build-server.mjs --if-stale  builds only when dist-server/ is missing or was built from other inputs
 *                                             (`npm start` runs it first, so a fresh clone starts with no build step)
 *
 * Plain JavaScript on purpose: it must run before anything is compiled, with plain node.
 *
 * Dependencies stay in node_modules (imported as they are; native and WebAssembly packages load their own files).
 * Each module's `import.meta.dirname` keeps naming the module's source folder (server/db/ finds its migrations,
 * server/routes/ the static files), so the bundle reads the same files as the sources do.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');
export const OUT_DIR = 'dist-server';
export const ENTRY = 'server/main.ts';
/** Beside the bundle: the inputs it was built from and their hash. */
const STAMP = '.build-inputs.json';
/** Inputs of every build besides the bundled sources: this script, the dependencies' versions, the compiler options. */
const BUILD_INPUTS = ['scripts/build-server.mjs', 'package-lock.json', 'tsconfig.json'];

/** The path from the bundle's folder to `dir`, for `new URL(…, import.meta.url)` in the bundle. */
function urlFromOutDir(rootDir, dir) {
  const relative = path.relative(path.join(rootDir, OUT_DIR), dir).split(path.sep).join('/');
  return `${relative === '' ? '.' : relative}/`;
}

/** esbuild plugin: `import.meta.dirname` in a project module becomes that module's source folder, found at run time. */
function sourceDirname(rootDir) {
  return {
    name: 'source-dirname',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return undefined;
        const folder = JSON.stringify(urlFromOutDir(rootDir, path.dirname(args.path)));
        return {
          contents: source.replaceAll('import.meta.dirname', `__sourceDirname(${folder})`),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

const BANNER = [
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const __sourceDirname = (folder) => __fileURLToPath(new URL(folder, import.meta.url)).replace(/[\\\\/]$/, "");',
].join('\n');

/** The hash of the files a build read. */
function hashInputs(rootDir, inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs].sort()) {
    const file = path.join(rootDir, input);
    hash.update(input);
    hash.update('\0');
    hash.update(existsSync(file) ? readFileSync(file) : 'missing');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the bundle must be (re)built, or null when it is up to date with its inputs. */
export function staleReason(rootDir = ROOT_DIR) {
  const stampFile = path.join(rootDir, OUT_DIR, STAMP);
  if (!existsSync(path.join(rootDir, OUT_DIR, 'main.js')) || !existsSync(stampFile)) return 'not built yet';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return 'unreadable build stamp';
  }
  if (!Array.isArray(stamp.inputs) || typeof stamp.hash !== 'string') return 'unreadable build stamp';
  return hashInputs(rootDir, stamp.inputs) === stamp.hash ? null : 'sources changed since the last build';
}

/** Bundles the server into dist-server/main.js (with its source map) and stamps the inputs it read. */
export async function buildServer(rootDir = ROOT_DIR) {
  const result = await build({
    absWorkingDir: rootDir,
    entryPoints: [ENTRY],
    outfile: path.join(OUT_DIR, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    banner: { js: BANNER },
    plugins: [sourceDirname(rootDir)],
  });
  const inputs = [...Object.keys(result.metafile.inputs), ...BUILD_INPUTS];
  writeFileSync(
    path.join(rootDir, OUT_DIR, STAMP),
    `${JSON.stringify({ hash: hashInputs(rootDir, inputs), inputs }, null, 2)}\n`,
  );
  return { inputs: inputs.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  const reason = ifStale ? staleReason() : 'asked';
  if (reason) {
    const started = performance.now();
    const { inputs } = await buildServer();
    const ms = Math.round(performance.now() - started);
    // stderr: stdout is the server's JSON log under `npm start`.
    console.error(`server built into ${OUT_DIR}/main.js (${reason}): ${inputs} inputs, ${ms} ms`);
  }
}

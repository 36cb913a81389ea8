/**
 * `npm run bench`: builds the site and prints, per entry route, the gzip size of all JavaScript a first visit
 * downloads (the entry chunk, the route's page chunk and everything they import statically), then the size of every
 * chunk. Reports against the budget of the foundation issue: ≤ 125 KB gzip for a first visit to /licenses/{license}
 * or /login; card-payment code only on /payment and /subscribe; pusher-js only on /draft. It prints figures and
 * verdicts; it asserts nothing (DEVELOPERS.md: timings and sizes live in bench/, not in tests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

interface ChunkInfo {
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
  moduleSizes: Record<string, number>;
  facadeModuleId: string | null;
  isEntry: boolean;
}

const gz = (code: string) => gzipSync(code, { level: 9 }).length;
const chunks = new Map<string, ChunkInfo>();

const recordChunks: Plugin = {
  name: 'bench-record-chunks',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      chunks.set(output.fileName, {
        fileName: output.fileName,
        code: output.code,
        imports: output.imports,
        dynamicImports: output.dynamicImports,
        modules: Object.keys(output.modules),
        moduleSizes: Object.fromEntries(Object.entries(output.modules).map(([id, m]) => [id, m.code ? gz(m.code) : 0])),
        facadeModuleId: output.facadeModuleId,
        isEntry: output.isEntry,
      });
    }
  },
};

const routes: { url: string; page: string }[] = [
  { url: '/', page: 'src/routes/entry.page.tsx' },
  { url: '/login', page: 'src/routes/login.page.tsx' },
  { url: '/register', page: 'src/routes/register.page.tsx' },
  { url: '/licenses/{license}', page: 'src/routes/licence.page.tsx' },
  { url: '/coach/{license}', page: 'src/routes/coach-licence.page.tsx' },
  { url: '/dashboard', page: 'src/routes/dashboard.page.tsx' },
  { url: '/payment', page: 'src/routes/payment.page.tsx' },
  { url: '/draft', page: 'src/routes/draft.page.tsx' },
  { url: '/subscribe', page: 'src/routes/subscribe.page.tsx' },
  { url: '/player', page: 'src/routes/player.page.tsx' },
  { url: '/resetpwd/forgot', page: 'src/routes/password-reset.page.tsx' },
];
const BUDGET_KB = 125;
const budgeted = new Set(['/login', '/licenses/{license}']);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunk plus everything it imports statically, transitively. */
function staticClosure(start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const dep of chunks.get(start)?.imports ?? []) staticClosure(dep, into);
  return into;
}

// Build into a temporary folder: dist/ may be served by a running server (npm start, browser tests).
const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
await build({ logLevel: 'warn', plugins: [recordChunks], build: { outDir, emptyOutDir: true } });
rmSync(outDir, { recursive: true, force: true });

const entry = [...chunks.values()].find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');
const entryClosure = staticClosure(entry.fileName);
/** Every chunk a route can ever load: static imports and lazy (dynamic) imports, transitively. */
function fullClosure(start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  const chunk = chunks.get(start);
  // The router lazily imports every page: following those would make every route reach everything.
  const lazy = (chunk?.dynamicImports ?? []).filter((f) => !chunks.get(f)?.facadeModuleId?.endsWith('.page.tsx'));
  for (const dep of [...(chunk?.imports ?? []), ...lazy]) fullClosure(dep, into);
  return into;
}

const sizeOf = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(chunks.get(f)?.code ?? ''), 0);

const pageChunk = (page: string) =>
  [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(page))?.fileName ??
  [...chunks.values()].find((c) => c.modules.some((m) => m.endsWith(page)))?.fileName;

const hasModule = (files: Set<string>, needle: RegExp) =>
  [...files].some((f) => chunks.get(f)?.modules.some((m) => needle.test(m)));

console.log(`Entry (every first visit): ${kb(sizeOf(entryClosure))} gzip in ${entryClosure.size} chunk(s)`);
// The libraries every page runs on (vite.config.ts groups them): the floor under every route's figure.
const framework = [...chunks.values()].find((c) => c.fileName.includes('/framework-'));
if (framework) {
  const packages = new Set(
    framework.modules
      .map((id) => id.split('node_modules/').pop()?.split('/') ?? [])
      .map((parts) => (parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0])),
  );
  console.log(`  of which the framework chunk: ${kb(gz(framework.code))} (${[...packages].sort().join(', ')})`);
}
console.log('');
console.log('First visit per route (entry + page chunk + their static imports), gzip:');
let overBudget = false;
for (const route of routes) {
  const page = pageChunk(route.page);
  const files = new Set(entryClosure);
  if (page) staticClosure(page, files);
  const size = sizeOf(files);
  // What the page can load later (lazily), beyond the first visit: where card-payment code and pusher-js live.
  const reachable = page ? fullClosure(page) : new Set<string>();
  const stripe = hasModule(reachable, /@stripe|providers\/card-payments/);
  const pusher = hasModule(reachable, /pusher-js/);
  const budget = budgeted.has(route.url)
    ? size <= BUDGET_KB * 1024
      ? `within ${BUDGET_KB} KB`
      : `OVER ${BUDGET_KB} KB`
    : '';
  if (budget.startsWith('OVER')) overBudget = true;
  console.log(
    `  ${route.url.padEnd(22)} ${kb(size).padStart(10)}  ${budget.padEnd(16)} may load card-payment code: ${stripe ? 'yes' : 'no'}  pusher-js: ${pusher ? 'yes' : 'no'}`,
  );
}

// `npm run bench -- --modules /login` lists the largest modules (minified, before gzip) a route's first visit loads.
const modulesFlag = process.argv.indexOf('--modules');
if (modulesFlag > 0) {
  const url = process.argv[modulesFlag + 1] ?? '/login';
  const route = routes.find((r) => r.url === url);
  const files = new Set(entryClosure);
  const page = route && pageChunk(route.page);
  if (page) staticClosure(page, files);
  const byPackage = new Map<string, number>();
  for (const f of files) {
    for (const [id, size] of Object.entries(chunks.get(f)?.moduleSizes ?? {})) {
      const key = id.includes('node_modules/')
        ? id
            .split('node_modules/')
            .pop()!
            .split('/')
            .slice(0, id.includes('node_modules/@') ? 2 : 1)
            .join('/')
        : id.replace(process.cwd(), '.');
      byPackage.set(key, (byPackage.get(key) ?? 0) + size);
    }
  }
  console.log(`\nChunks of a first visit to ${url}, gzip, with their largest modules:`);
  for (const f of files) {
    const c = chunks.get(f);
    if (!c) continue;
    const top = Object.entries(c.moduleSizes)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([id]) => id.split('node_modules/').pop()?.replace(process.cwd(), '.'))
      .join(', ');
    console.log(`  ${kb(gz(c.code)).padStart(10)}  ${f}: ${top}`);
  }
  console.log(`\nLargest modules of a first visit to ${url} (each module gzipped alone: an upper bound):`);
  for (const [key, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`  ${kb(size).padStart(10)}  ${key}`);
  }
}

console.log('\nChunks, gzip:');
for (const chunk of [...chunks.values()].sort((a, b) => gz(b.code) - gz(a.code))) {
  console.log(`  ${kb(gz(chunk.code)).padStart(10)}  ${chunk.fileName}`);
}
console.log(
  overBudget ? `\nBudget: exceeded on a budgeted route.` : `\nBudget: every budgeted route is within ${BUDGET_KB} KB.`,
);
if (framework) {
  const frameworkSize = gz(framework.code);
  console.log(
    `The framework chunk takes ${kb(frameworkSize)} of it; the ${kb(BUDGET_KB * 1024 - frameworkSize)} left are for ` +
      'zod/mini, ky and the site’s own code of the route.',
  );
}

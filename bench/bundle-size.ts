/**
 * `npm run bench`: builds the site and prints, per entry route, the gzip size of all JavaScript a first visit
 * downloads (the entry chunk, the route's page chunk and everything they import statically), then the size of every
 * chunk. Reports against the budget of the foundation issue: ≤ 125 KB gzip for a first visit to /licenses/{license}
 * or /login; card-payment code only on /payment and /subscribe; pusher-js only on /draft. It prints figures and
 * verdicts; it asserts nothing (DEVELOPERS.md: timings and sizes live in bench/, not in tests).
 */
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

interface ChunkInfo {
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

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

const gz = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunk plus everything it imports statically, transitively. */
function staticClosure(start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const dep of chunks.get(start)?.imports ?? []) staticClosure(dep, into);
  return into;
}

await build({ logLevel: 'warn', plugins: [recordChunks], build: { outDir: 'dist' } });

const entry = [...chunks.values()].find((c) => c.isEntry);
if (!entry) throw new Error('no entry chunk');
const entryClosure = staticClosure(entry.fileName);
const sizeOf = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(chunks.get(f)?.code ?? ''), 0);

const pageChunk = (page: string) =>
  [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(page))?.fileName ??
  [...chunks.values()].find((c) => c.modules.some((m) => m.endsWith(page)))?.fileName;

const hasModule = (files: Set<string>, needle: RegExp) =>
  [...files].some((f) => chunks.get(f)?.modules.some((m) => needle.test(m)));

console.log(`Entry (every first visit): ${kb(sizeOf(entryClosure))} gzip in ${entryClosure.size} chunk(s)\n`);
console.log('First visit per route (entry + page chunk + their static imports), gzip:');
let overBudget = false;
for (const route of routes) {
  const page = pageChunk(route.page);
  const files = new Set(entryClosure);
  if (page) staticClosure(page, files);
  const size = sizeOf(files);
  const stripe = hasModule(files, /@stripe|card-payments/);
  const pusher = hasModule(files, /pusher-js/);
  const budget = budgeted.has(route.url)
    ? size <= BUDGET_KB * 1024
      ? `within ${BUDGET_KB} KB`
      : `OVER ${BUDGET_KB} KB`
    : '';
  if (budget.startsWith('OVER')) overBudget = true;
  console.log(
    `  ${route.url.padEnd(22)} ${kb(size).padStart(10)}  ${budget.padEnd(16)} card-payment code: ${stripe ? 'yes' : 'no'}  pusher-js: ${pusher ? 'yes' : 'no'}`,
  );
}

console.log('\nChunks, gzip:');
for (const chunk of [...chunks.values()].sort((a, b) => gz(b.code) - gz(a.code))) {
  console.log(`  ${kb(gz(chunk.code)).padStart(10)}  ${chunk.fileName}`);
}
console.log(
  overBudget ? `\nBudget: exceeded on a budgeted route.` : `\nBudget: every budgeted route is within ${BUDGET_KB} KB.`,
);

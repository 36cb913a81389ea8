import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { siteConfigDefine } from './vite.config.ts';

// Three projects, one run: unit tests beside the site's code (jsdom), API tests of the reference server (node),
// and model-based tests generated from the machines (happy-dom: their UI runs render every path of every flow, and
// happy-dom runs them in two thirds of jsdom's time, measured: login 26 s -> 17 s; the unit tests keep jsdom for
// the script, stylesheet and sanitizer behaviour they check).
/**
 * Unit-test files that mock modules or stub the environment, or read what such a mock leaves behind: each gets a
 * fresh module graph. Every other unit-test file shares its worker's graph and jsdom (`isolate: false`: the unit
 * tests ran in half the time, 33 s -> 17 s; checked with shuffled file orders on one worker).
 */
const UNIT_ISOLATED = [
  'src/api/client.test.ts',
  'src/api/endpoints.test.ts',
  'src/config.test.ts',
  'src/flows/flow-inspector.test.ts',
  'src/i18n/page-texts.test.ts',
  'src/machines/payment.machine.test.tsx',
  'src/providers/billing/load-billing.test.ts',
  'src/providers/card-payments/index.test.ts',
  'src/session/api-server.test.ts',
  'src/session/use-session.test.tsx',
  // The loading overlay follows the API's module-wide in-flight counter: no other file's request may be counted.
  'src/routes/root.route.test.tsx',
];

/**
 * Model-test files that mock modules (vi.mock) or write a whole new document (the coverage report's axe checks):
 * each gets a fresh module graph and happy-dom. Every other model-test file shares its worker's graph and happy-dom
 * (`isolate: false`), as the unit tests do: the project spent ~100 s of a run's CPU setting up an environment and
 * importing React and the site afresh for each of its 57 files.
 */
const MODEL_ISOLATED = [
  'model-tests/admin-season.model.test.tsx',
  'model-tests/dashboard.model.test.tsx',
  'model-tests/harness-selftest/coverage-diagrams.test.ts',
  'model-tests/harness-selftest/report.test.ts',
];

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server's test files that run against the database through server/test/app-harness.ts: the API tests, which
 * the server-pg project runs once more on PostgreSQL. (The other server tests, pure rules and providers on their own
 * in-memory tables, would only repeat themselves there.)
 */
function serverTestsOnTheDatabase(dir = 'server'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return serverTestsOnTheDatabase(file);
    return file.endsWith('.test.ts') && readFileSync(path.join(ROOT, file), 'utf8').includes('app-harness.ts')
      ? [file]
      : [];
  });
}

/** Start real server processes (`npm start`, two replicas on one PostgreSQL): see the server-process project below. */
const SERVER_PROCESS_TESTS = ['server/shutdown.test.ts', 'server/multi-process.test.ts'];

/**
 * The fuzz of every operation of the OpenAPI document (27,200 requests): it tests what the HTTP layer answers to any
 * input, not the database, so it runs on the production database (server-pg) alone: on the embedded one it sent the
 * same requests to the same PostgreSQL engine (PGlite is PostgreSQL compiled to WebAssembly) for 31-36 s more a pass.
 */
const FUZZ_TEST = 'server/test/openapi-fuzz.test.ts';

/** For the projects that never start PGlite (see `pool` below): worker threads, which start faster than processes. */
const THREADS = { pool: 'threads' } as const;

const MODEL_TEST = {
  ...THREADS,
  environment: 'happy-dom' as const,
  // The second file swaps Testing Library's 1 ms settle for setImmediate (a fifth of the UI runs' time) and starts
  // each file's coverage records afresh.
  setupFiles: ['./src/test-setup.ts', './model-tests/harness/setup.ts'],
};

const SERVER_TEST = {
  environment: 'node',
  // The API tests share nothing but the worker's database, which createTestApp puts back to the fixtures for every
  // test (server/test/app-harness.ts): the files can share one module graph (36 s -> 14 s).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  plugins: [react()],
  // The site's configuration as vite.config.ts compiles it in (src/config.ts), from the same VITE_* variables.
  // The tests add every catalogue up front (src/test-setup.ts); nothing is fetched from this base.
  define: { ...siteConfigDefine('test'), __I18N_BASE__: JSON.stringify('/i18n-test') },
  test: {
    // Every core runs test files: left to itself, vitest ran one file at a time on this 2-core machine (measured:
    // 6 min against 3 min for the same suite), and the model tests' UI runs are CPU-bound.
    maxWorkers: availableParallelism(),
    // The API tests' workers are processes of their own (the default here); the unit and model tests', which never
    // start PGlite, are worker threads (THREADS below). PGlite's WebAssembly created and freed in several worker
    // threads of one process races V8's process-wide registry of JIT pages and aborts the whole run ('Check failed:
    // jit_page_->allocations_.erase(addr) == 1'; nodejs/node#64500): seen on Node 24 once in two CI runs, then on
    // Node 20 (Dec 6 2026, 'Aborted' among the server project's files). Threads start faster: with every project in
    // processes, the Node 20 pass took 287 s instead of 230.
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          ...THREADS,
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: UNIT_ISOLATED,
          setupFiles: ['./src/test-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...THREADS,
          name: 'unit-isolated',
          environment: 'jsdom',
          include: UNIT_ISOLATED,
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...SERVER_TEST,
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: [...SERVER_PROCESS_TESTS, FUZZ_TEST],
        },
      },
      {
        extends: true,
        test: {
          ...SERVER_TEST,
          // The real server process, stopped with 50 logins (50 argon2 hashes) in flight and 8 s to answer them:
          // it runs after every other project, alone, so the machine's load is its own and not the suite's. Its files
          // run one after the other for the same reason.
          name: 'server-process',
          include: SERVER_PROCESS_TESTS,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...SERVER_TEST,
          // The same API tests on a real PostgreSQL, the production database: a throwaway cluster from Debian's
          // binaries (or the server TEST_DATABASE_URL names), see server/test/postgres-global-setup.ts.
          name: 'server-pg',
          include: serverTestsOnTheDatabase(),
          globalSetup: ['./server/test/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...MODEL_TEST,
          name: 'model',
          include: ['model-tests/**/*.test.{ts,tsx}'],
          exclude: MODEL_ISOLATED,
          isolate: false,
        },
      },
      { extends: true, test: { ...MODEL_TEST, name: 'model-isolated', include: MODEL_ISOLATED } },
    ],
  },
});

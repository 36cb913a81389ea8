import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildServer, staleReason } from '../scripts/build-server.mjs';

/** A project of two modules shaped like the server's: the entry, and a module that reads files beside itself. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'diamond-build-server-'));
  mkdirSync(path.join(root, 'server', 'db'), { recursive: true });
  writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
  writeFileSync(path.join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(
    path.join(root, 'server', 'db', 'client.ts'),
    "import path from 'node:path';\nexport const MIGRATIONS: string = path.join(import.meta.dirname, 'migrations');\n",
  );
  writeFileSync(
    path.join(root, 'server', 'main.ts'),
    "import path from 'node:path';\nimport { MIGRATIONS } from './db/client.ts';\n" +
      "const rootDir: string = path.resolve(import.meta.dirname, '..');\nconsole.log(JSON.stringify({ rootDir, MIGRATIONS }));\n",
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('bundles the server into JavaScript that plain node runs, each module still finding the files beside its source', async () => {
  expect(staleReason(root)).toBe('not built yet');
  await buildServer(root);
  const printed = JSON.parse(
    execFileSync(process.execPath, [path.join(root, 'dist-server', 'main.js')], { encoding: 'utf8' }),
  );
  expect(printed).toEqual({ rootDir: root, MIGRATIONS: path.join(root, 'server', 'db', 'migrations') });
});

it('is stale when a bundled source, the lockfile or the bundle itself changes, and fresh otherwise', async () => {
  await buildServer(root);
  expect(staleReason(root)).toBeNull();
  writeFileSync(path.join(root, 'server', 'db', 'client.ts'), 'export const MIGRATIONS = "elsewhere";\n');
  expect(staleReason(root)).toBe('sources changed since the last build');
  await buildServer(root);
  expect(staleReason(root)).toBeNull();
  writeFileSync(path.join(root, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
  expect(staleReason(root)).toBe('sources changed since the last build');
  await buildServer(root);
  rmSync(path.join(root, 'dist-server', 'main.js'));
  expect(staleReason(root)).toBe('not built yet');
});

it("links the server's modules as native ESM on this Node, as npm start loads them (vitest's runner would not notice a named import this Node lacks)", () => {
  // Everything server/main.ts imports, without starting it.
  const modules = [
    './server/app.ts',
    './server/billing/jobs.ts',
    './server/db/seed.ts',
    './server/providers/index.ts',
    './server/realtime/postgres-fanout.ts',
    './server/site-build.ts',
  ];
  const script = `for (const m of ${JSON.stringify(modules)}) await import(m); console.log('linked');`;
  const printed = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
  });
  expect(printed.trim()).toBe('linked');
});

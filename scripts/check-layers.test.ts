/**
 * The layer rules of biome.json (design.md §10: routes → views → connect → machines → domain / api / session /
 * providers) fail `npm run lint`. Probe files that break a rule, and some that keep it, are linted with the project's
 * own Biome and biome.json in a scratch copy of the folders, so the working tree is never touched.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

/** Probe path → its one import; every probe re-exports what it imports, so no other rule fires. */
const PROBES: Record<string, string> = {
  'src/machines/probe.machine.ts': '../views/payment/payment-flow',
  'src/machines/probe-route.machine.ts': '../routes/payment.route',
  'src/machines/probe-domain.machine.ts': '../domain/payment-rules',
  'src/views/payment/probe-machine.tsx': '../../machines/payment.machine',
  'src/views/payment/probe-connect.tsx': '../../machines/payment.connect',
  'src/views/payment/probe-domain.tsx': '../../domain/payment-rules',
  'src/views/payment/probe-render.test.tsx': '../../machines/payment.machine',
  'src/domain/probe-api.ts': '../api/errors',
  'src/domain/probe-session.ts': '../session/current-user',
  'src/domain/probe-money.ts': './money.ts',
  'src/api/probe-machine.ts': '../machines/payment.machine',
  'src/api/probe-views.ts': '../views/common/field',
  'src/providers/billing/probe-views.tsx': '../../views/common/field',
  'src/providers/realtime/probe-machine.ts': '../../machines/payment.machine',
  'src/providers/billing/probe-route.ts': '../../routes/subscribe.route',
  'src/providers/billing/probe-api.ts': '../../api/sandbox',
  'src/providers/billing/probe-render.test.tsx': '../../views/common/field',
};

let scratch: string;
let flagged: Set<string>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'check-layers-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  // The scratch folder is no git checkout: the project's VCS settings would only make Biome refuse it.
  config.vcs = { enabled: false };
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  for (const [file, from] of Object.entries(PROBES)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), `export * from '${from}';\n`);
  }
  const run = spawnSync(BIOME, ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=none', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  flagged = new Set([...output.matchAll(/^(\S+):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]!));
  // A clean run exits 0; anything flagged must make the lint fail, as `npm run lint` does.
  expect(run.status).toBe(flagged.size > 0 ? 1 : 0);
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('layer rules in npm run lint', () => {
  it.each([
    ['a machine importing a view', 'src/machines/probe.machine.ts'],
    ['a machine importing a route', 'src/machines/probe-route.machine.ts'],
    ['a view importing a *.machine file', 'src/views/payment/probe-machine.tsx'],
    ['the domain importing the API layer', 'src/domain/probe-api.ts'],
    ['the domain importing the session', 'src/domain/probe-session.ts'],
    ['the API layer importing a machine', 'src/api/probe-machine.ts'],
    ['the API layer importing a view', 'src/api/probe-views.ts'],
    ['a provider importing a view', 'src/providers/billing/probe-views.tsx'],
    ['a provider importing a machine', 'src/providers/realtime/probe-machine.ts'],
    ['a provider importing a route', 'src/providers/billing/probe-route.ts'],
  ])('fails on %s', (_, file) => {
    expect(flagged).toContain(file);
  });

  it.each([
    ['a machine importing the domain', 'src/machines/probe-domain.machine.ts'],
    ["a view importing its flow's connect module", 'src/views/payment/probe-connect.tsx'],
    ['a view importing the domain', 'src/views/payment/probe-domain.tsx'],
    // A test stands where the route does: it creates the actor it renders.
    ['a view test creating the machine', 'src/views/payment/probe-render.test.tsx'],
    ['the domain importing the domain', 'src/domain/probe-money.ts'],
    ['a provider importing the API layer', 'src/providers/billing/probe-api.ts'],
    ['a provider test importing a view', 'src/providers/billing/probe-render.test.tsx'],
  ])('allows %s', (_, file) => {
    expect(flagged).not.toContain(file);
  });
});

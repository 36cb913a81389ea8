import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The browser tests' seeded data directories. Migrating and seeding a new PGlite data directory costs ~7.5 s of CPU
 * (PGlite's initdb in WebAssembly, the migrations, the fixtures' password hashes), and a run starts the main web
 * server and a dozen isolated ones (isolated-server.ts): playwright.config.ts makes the templates once, in the runner,
 * and every server starts on a copy (~3.8 s of CPU instead of ~11). The copies are taken before any server writes, so
 * each starts from exactly the fixtures, as a first `npm start` does.
 */
export type SeededKind = 'fixtures' | 'roster';

const ENV_OF: Record<SeededKind, string> = { fixtures: 'E2E_SEEDED_DIR', roster: 'E2E_ROSTER_SEEDED_DIR' };

function runCli(script: string, dataDir: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Makes both templates, once per run (the runner's environment passes them to the workers): the demo fixtures
 * (server/db/seed-cli.ts), and a copy of them with the club console's roster fixtures (server/db/seed-roster-cli.ts).
 */
export function prepareSeededTemplates(): void {
  if (process.env.E2E_SEEDED_DIR && process.env.E2E_ROSTER_SEEDED_DIR) return;
  const fixtures = mkdtempSync(join(tmpdir(), 'diamond-e2e-seeded-'));
  runCli('server/db/seed-cli.ts', fixtures);
  const roster = mkdtempSync(join(tmpdir(), 'diamond-e2e-seeded-roster-'));
  cpSync(fixtures, roster, { recursive: true });
  runCli('server/db/seed-roster-cli.ts', roster);
  process.env.E2E_SEEDED_DIR = fixtures;
  process.env.E2E_ROSTER_SEEDED_DIR = roster;
  // The runner made them: they go when it exits (after its web server stopped), as the copies of isolated servers do.
  process.once('exit', () => {
    for (const dir of [fixtures, roster]) rmSync(dir, { recursive: true, force: true });
  });
}

/** A new data directory holding a copy of the `kind` template (prepareSeededTemplates ran in the runner). */
export function seededDataDir(kind: SeededKind, prefix = 'diamond-e2e-'): string {
  const template = process.env[ENV_OF[kind]];
  if (!template) throw new Error(`${ENV_OF[kind]} is not set: playwright.config.ts prepares the seeded templates`);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dir, { recursive: true });
  return dir;
}

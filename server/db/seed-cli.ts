/**
 * Migrates the configured database (DATABASE_URL, or the PGlite data directory) and seeds the demo fixtures when it is
 * empty, as the server's first start does, then exits. The browser tests make their seeded template data directory
 * with it once per run (e2e/support/seeded-data.ts): every server they start copies it instead of seeding anew.
 *
 *   npx tsx server/db/seed-cli.ts
 */
import { loadEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { migrateAndSeedIfEmpty } from './seed.ts';

const env = loadEnv();
const database = await openDatabase(env);
try {
  const seeded = await migrateAndSeedIfEmpty(database, new Date());
  process.stdout.write(seeded ? 'migrated and seeded with the demo fixtures\n' : 'already seeded: migrated\n');
} finally {
  await database.close();
}

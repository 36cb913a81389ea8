/**
 * Adds the club console's roster fixtures (docs/fixtures.md "Staff": the 14U Storm families) to the configured
 * database (DATABASE_URL, or the PGlite data directory), once. Outside production only.
 *
 *   npx tsx server/db/seed-roster-cli.ts
 */
import { loadEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { migrateAndSeedIfEmpty } from './seed.ts';
import { seedConsoleRoster } from './seed-roster.ts';

const env = loadEnv();
if (env.NODE_ENV === 'production') throw new Error('the roster fixtures are for development and tests only');
const database = await openDatabase(env);
try {
  // A new database gets the migrations and the demo fixtures first, as the server's start does.
  await migrateAndSeedIfEmpty(database, new Date());
  const added = await seedConsoleRoster(database.db, new Date());
  process.stdout.write(added ? 'roster fixtures added\n' : 'roster fixtures already there\n');
} finally {
  await database.close();
}

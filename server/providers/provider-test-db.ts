import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { drizzle } from 'drizzle-orm/pglite';
import * as providerSchema from '../db/schema/providers.ts';
import type { ProviderDb } from './provider-deps.ts';

/**
 * An in-memory PGlite holding only the providers' tables, created from the drizzle schema itself so the tests
 * exercise exactly what the migrations create. (The server's migrations belong to server/db.)
 */
export async function createProviderTestDb(): Promise<{ db: ProviderDb; close: () => Promise<void> }> {
  const client = new PGlite();
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ ...providerSchema }));
  for (const statement of statements) await client.exec(statement);
  const db = drizzle(client, { schema: providerSchema });
  return { db, close: () => client.close() };
}

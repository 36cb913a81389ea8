import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Env } from '../env.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** The drizzle database the routes use: PGlite (embedded) or node-postgres, the same query code on both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle, for helpers that must run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the migrations of server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create({ dataDir }));
}

/** Wraps an open PGlite instance (a data directory, or an in-memory copy in the tests). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle(client, { schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail at start, with the reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzle(pool, { schema });
  return {
    db,
    driver: 'postgres',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

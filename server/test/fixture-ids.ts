import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizations, teams } from '../db/schema/index.ts';

/** The id of a seeded organization, by its name in docs/fixtures.md ('Northside Youth Baseball'). */
export async function organizationIdNamed(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
  if (!row) throw new Error(`no organization named ${name}`);
  return row.id;
}

/** The id of a seeded team, by its name in docs/fixtures.md ('12U Tigers'). */
export async function teamIdNamed(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, name));
  if (!row) throw new Error(`no team named ${name}`);
  return row.id;
}

/**
 * Who belongs to a household (issue 20): the one home of "which guardians share which athletes". A guardian is in at
 * most one household (household_guardians.user_id is unique); one without a row is a household of one. A household's
 * athletes are the athletes any of its guardians registered (athlete_guardians), so an athlete Pat adds later is
 * Jamie's too, and a guardian who is removed keeps only the athletes they registered themselves. Everything that
 * decides who sees or pays what (claimHolderIds in licences.ts = householdMemberIds: the guardians and athletes whose
 * claims, memberships, seats and card updates the user shares) reads it.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { athleteGuardians, householdGuardians, households, type UserRow, users } from '../db/schema/index.ts';

/** The household a guardian belongs to, or null for a household of one (no row yet). */
export async function householdIdOf(db: Db | Tx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ householdId: householdGuardians.householdId })
    .from(householdGuardians)
    .where(eq(householdGuardians.userId, userId));
  return row?.householdId ?? null;
}

/** The guardians of the user's household, the user first; `[user.id]` for a household of one. */
export async function householdGuardianIds(db: Db | Tx, user: Pick<UserRow, 'id'>): Promise<number[]> {
  const householdId = await householdIdOf(db, user.id);
  if (householdId === null) return [user.id];
  const rows = await db
    .select({ userId: householdGuardians.userId })
    .from(householdGuardians)
    .where(eq(householdGuardians.householdId, householdId))
    .orderBy(asc(householdGuardians.joinedAt), asc(householdGuardians.userId));
  return [user.id, ...rows.map((row) => row.userId).filter((id) => id !== user.id)];
}

/** The athletes any guardian of the user's household registered, in account order (none for an athlete account). */
export async function householdAthleteIds(db: Db | Tx, user: Pick<UserRow, 'id'>): Promise<number[]> {
  return athletesOfGuardians(db, await householdGuardianIds(db, user));
}

/** The household's guardians, then its athletes: everyone whose claims and memberships the user shares. */
export async function householdMemberIds(db: Db | Tx, user: Pick<UserRow, 'id'>): Promise<number[]> {
  const guardians = await householdGuardianIds(db, user);
  return [...guardians, ...(await athletesOfGuardians(db, guardians))];
}

async function athletesOfGuardians(db: Db | Tx, guardians: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: athleteGuardians.athleteId })
    .from(athleteGuardians)
    .where(inArray(athleteGuardians.guardianId, guardians))
    .orderBy(asc(athleteGuardians.athleteId));
  return rows.map((row) => row.id);
}

/**
 * The household's athletes as the guardian sees them: name, username and the relationship of whoever registered
 * them (the guardian's own relationship when they registered the athlete themselves), oldest account first.
 */
export async function householdAthletes(db: Db | Tx, guardianId: number) {
  const guardians = await householdGuardianIds(db, { id: guardianId });
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      relationship: athleteGuardians.relationship,
      guardianId: athleteGuardians.guardianId,
    })
    .from(athleteGuardians)
    .innerJoin(users, eq(users.id, athleteGuardians.athleteId))
    .where(inArray(athleteGuardians.guardianId, guardians))
    .orderBy(asc(users.id));
  const seen = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const kept = seen.get(row.id);
    if (!kept || (row.guardianId === guardianId && kept.guardianId !== guardianId)) seen.set(row.id, row);
  }
  return [...seen.values()].map(({ guardianId: _registeredBy, ...athlete }) => athlete);
}

/**
 * The guardians of the household an athlete belongs to (through the guardians who registered them), for e-mails
 * every guardian receives (failure notices, reminders). Empty for an athlete nobody registered.
 */
export async function athleteHouseholdGuardianIds(db: Db | Tx, athleteId: number): Promise<number[]> {
  const registeredBy = await db
    .select({ guardianId: athleteGuardians.guardianId })
    .from(athleteGuardians)
    .where(eq(athleteGuardians.athleteId, athleteId))
    .orderBy(asc(athleteGuardians.createdAt));
  const ids = new Set<number>();
  for (const { guardianId } of registeredBy) {
    for (const id of await householdGuardianIds(db, { id: guardianId })) ids.add(id);
  }
  return [...ids];
}

/**
 * The user's household id, made now when they have none (a household of one becomes a row when it first needs an
 * id: an invite, a family checkout). Safe under concurrency: the unique user id makes a second insert a no-op, and
 * the row that won is read back.
 */
export async function ensureHousehold(db: Db, userId: number): Promise<number> {
  const existing = await householdIdOf(db, userId);
  if (existing !== null) return existing;
  return db.transaction(async (tx) => {
    // The user's row is locked so two first calls for one guardian make one household, not an orphan.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const again = await householdIdOf(tx, userId);
    if (again !== null) return again;
    const [household] = await tx.insert(households).values({}).returning({ id: households.id });
    if (!household) throw new Error('household insert returned nothing');
    await tx.insert(householdGuardians).values({ householdId: household.id, userId, relationship: null });
    return household.id;
  });
}

import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { experienceLevels, playerProfiles, positions, seasonPhases, sports, weightGoals } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';

/** The choices of the player form: sports by name, the other lists in their own order. */
export async function playerOptions(db: Db) {
  const [sportRows, levelRows, phaseRows, goalRows] = await Promise.all([
    db.select().from(sports).orderBy(asc(sports.name)),
    db.select().from(experienceLevels).orderBy(asc(experienceLevels.id)),
    db.select().from(seasonPhases).orderBy(asc(seasonPhases.id)),
    db.select().from(weightGoals).orderBy(asc(weightGoals.id)),
  ]);
  return { sports: sportRows, experienceLevels: levelRows, phases: phaseRows, weightGoals: goalRows };
}

export function playerPositions(db: Db) {
  return db.select().from(positions).orderBy(asc(positions.name));
}

export interface PlayerChoices {
  position: number;
  phase: number;
  lifting_experience: number;
  agility_experience: number;
  upper_plyometric_experience: number;
  lower_plyometric_experience: number;
  weight_goal: number;
}

/** The field errors of choices that name no row of their list (an empty object when all exist). */
export async function playerChoiceErrors(db: Db, body: PlayerChoices): Promise<Record<string, string[]>> {
  const messages: Record<string, string[]> = {};
  const exists = async (table: typeof experienceLevels | typeof seasonPhases | typeof weightGoals, value: number) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.id, value))).length > 0;
  const [position] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, body.position));
  if (!position) messages.position = ['The selected position is invalid.'];
  if (!(await exists(seasonPhases, body.phase))) messages.phase = ['The selected phase is invalid.'];
  for (const field of [
    'lifting_experience',
    'agility_experience',
    'upper_plyometric_experience',
    'lower_plyometric_experience',
  ] as const) {
    if (!(await exists(experienceLevels, body[field])))
      messages[field] = [`The selected ${field.replaceAll('_', ' ')} is invalid.`];
  }
  if (!(await exists(weightGoals, body.weight_goal))) messages.weight_goal = ['The selected weight goal is invalid.'];
  return messages;
}

/** Inserts the account's player profile; 409 when it has one already. */
export async function createPlayerProfile(
  db: Db,
  userId: number,
  profile: PlayerChoices & { birthday: string; sex: 'f' | 'm'; weight: number; height: number },
): Promise<number> {
  const inserted = await db
    .insert(playerProfiles)
    .values({
      userId,
      birthday: profile.birthday,
      sex: profile.sex,
      weightLbs: profile.weight,
      heightInches: profile.height,
      positionId: profile.position,
      phaseId: profile.phase,
      liftingExperienceId: profile.lifting_experience,
      agilityExperienceId: profile.agility_experience,
      upperPlyometricExperienceId: profile.upper_plyometric_experience,
      lowerPlyometricExperienceId: profile.lower_plyometric_experience,
      weightGoalId: profile.weight_goal,
    })
    .returning({ id: playerProfiles.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict('This account already has a player profile.');
      throw error;
    });
  return inserted[0]!.id;
}

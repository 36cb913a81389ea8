import { asc, eq } from 'drizzle-orm';
import { isRealDate, toIsoDate } from '../../src/domain/dates.ts';
import type { PlayerApiPayload } from '../../src/domain/player-profile.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { UserRow } from '../db/schema/index.ts';
import { experienceLevels, playerProfiles, positions, seasonPhases, sports, weightGoals } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { type ApiError, conflict, type ErrorText, fieldText, text, validationError } from '../http/errors.ts';
import { athleteDobLocked } from './documents/documents.ts';
import { athleteBirthDate, birthDateLocked, changeBirthDate } from './eligibility/index.ts';

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

/** The §7 payload's fields that each name a row of an option list. */
export type PlayerChoices = Pick<
  PlayerApiPayload,
  | 'position'
  | 'phase'
  | 'lifting_experience'
  | 'agility_experience'
  | 'upper_plyometric_experience'
  | 'lower_plyometric_experience'
  | 'weight_goal'
>;

/** The field errors of choices that name no row of their list (an empty object when all exist). */
export async function playerChoiceErrors(db: Db, body: PlayerChoices): Promise<Record<string, ErrorText[]>> {
  const messages: Record<string, ErrorText[]> = {};
  const exists = async (table: typeof experienceLevels | typeof seasonPhases | typeof weightGoals, value: number) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.id, value))).length > 0;
  const [position] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, body.position));
  if (!position) messages.position = [text('player.positionInvalid')];
  if (!(await exists(seasonPhases, body.phase))) messages.phase = [text('player.phaseInvalid')];
  for (const field of [
    'lifting_experience',
    'agility_experience',
    'upper_plyometric_experience',
    'lower_plyometric_experience',
  ] as const) {
    if (!(await exists(experienceLevels, body[field]))) messages[field] = [fieldText('validation.selected', field)];
  }
  if (!(await exists(weightGoals, body.weight_goal))) messages.weight_goal = [text('player.weightGoalInvalid')];
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
      if (isUniqueViolation(error)) throw conflict(text('player.alreadyHasProfile'));
      throw error;
    });
  return inserted[0]!.id;
}

/** The birthday the player form sends: M/D/YYYY. */
export const BIRTHDAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The player form's validation errors also carry `errors` (the list the form reads). */
export function withErrorsList(error: ApiError): ApiError {
  return error.withErrorsList();
}

/** GET /api/player/create: the option lists of the player profile form. */
export async function playerFormOptions(deps: AppDeps) {
  const options = await playerOptions(deps.db);
  return {
    sports: options.sports,
    experience_levels: options.experienceLevels,
    phase: options.phases,
    weight_goals: options.weightGoals,
  };
}

/** GET /api/position. */
export async function allPositions(deps: AppDeps) {
  const rows = await playerPositions(deps.db);
  return rows.map((row) => ({ id: row.id, name: row.name, sport_id: row.sportId }));
}

/**
 * POST /api/player: a real birthday (1900 to today) and choices that exist, else 422 with `errors`; 409 when the
 * account has a profile already.
 */
export async function createPlayer(
  deps: AppDeps,
  user: UserRow,
  body: PlayerChoices & { birthday: string; sex: 'f' | 'm'; weight: number; height: number },
): Promise<{ id: number }> {
  const { db } = deps;
  const now = deps.now();
  const messages: Record<string, ErrorText[]> = {};

  const [, month, day, year] = (BIRTHDAY.exec(body.birthday) ?? []).map(Number);
  const birthday =
    month && day && year && isRealDate(year, month, day)
      ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
      : null;
  if (birthday === null || (year ?? 0) < 1900 || birthday > toIsoDate(now)) {
    messages.birthday = [text('player.birthdayInvalid')];
  }
  Object.assign(messages, await playerChoiceErrors(db, body));
  if (Object.keys(messages).length > 0 || birthday === null) throw withErrorsList(validationError(messages));

  // Issue 32: the profile's birthday is the athlete's date of birth (services/eligibility `changeBirthDate` keeps the
  // two places equal): once a proof of age is approved, another date is refused; otherwise the profile's date is kept
  // on the athlete too.
  const kept = await athleteBirthDate(db, user.id);
  if (kept !== null && kept !== birthday && (await athleteDobLocked(db, user.id))) throw birthDateLocked('birthday');
  const id = await createPlayerProfile(db, user.id, { ...body, birthday });
  await changeBirthDate(db, user.id, birthday, 'birthday');
  return { id };
}

/**
 * Who may play (issue 32 point 1): a team's age rule, an athlete's date of birth and the exceptions staff grant. The
 * arithmetic is src/domain/eligibility.ts's (one copy for the athlete steps' guard and the server); this module reads
 * the rows and refuses with 422 and '{athlete} is not eligible for {team}: players must be born between {from} and
 * {to}.' (dates in the request's language) at claim (services/licences.ts claimLicence) and at checkout (both the
 * one-athlete checkout and the household checkout, services/checkout/*). A team without an age rule is never read
 * further than its (absent) rule row: nothing changes for it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { formatDisplayDate, toIsoDate } from '../../../src/domain/dates.ts';
import {
  type AgeRule,
  type BirthDateRange,
  birthDateRange,
  isEligible,
  isPossibleBirthDate,
} from '../../../src/domain/eligibility.ts';
import { displayName } from '../../../src/domain/names.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  eligibilityExceptions,
  playerProfiles,
  seasons,
  type TeamAgeRuleRow,
  teamAgeRules,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, conflict, type ErrorBody, fieldErrorOf, notFound, text } from '../../http/errors.ts';
import { DEFAULT_LOCALE, type Locale, translate } from '../../i18n/index.ts';
import { INTL_LOCALES } from '../../i18n/messages.gen.ts';
import { athleteDobLocked } from '../documents/documents.ts';
import { householdAthleteIds } from '../households.ts';
import { findLicence } from '../licences.ts';

/** A team's rule, as the wire and the console show it. */
export interface AgeRuleJson {
  preset: AgeRule['preset'];
  custom_date: string | null;
  min_age: number;
  max_age: number;
  /** The birth dates it allows in the team's season (`YYYY-MM-DD`, both included). */
  born_from: string;
  born_to: string;
}

export function ageRuleOf(row: Pick<TeamAgeRuleRow, 'preset' | 'customDate' | 'minAge' | 'maxAge'>): AgeRule {
  return { preset: row.preset, customDate: row.customDate, minAge: row.minAge, maxAge: row.maxAge };
}

export function ageRuleJson(row: TeamAgeRuleRow, seasonStartDate: string): AgeRuleJson {
  const range = birthDateRange(ageRuleOf(row), seasonStartDate);
  return {
    preset: row.preset,
    custom_date: row.customDate,
    min_age: row.minAge,
    max_age: row.maxAge,
    born_from: range.from,
    born_to: range.to,
  };
}

/** A team's rule and the birth dates it allows, or null when the team has no age rule. */
export async function teamAgeRule(
  db: Db | Tx,
  teamId: number,
): Promise<{ rule: AgeRuleJson; range: BirthDateRange; teamName: string } | null> {
  const [row] = await db
    .select({ rule: teamAgeRules, teamName: teams.name, seasonStart: seasons.startDate })
    .from(teamAgeRules)
    .innerJoin(teams, eq(teams.id, teamAgeRules.teamId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .where(eq(teamAgeRules.teamId, teamId));
  if (!row) return null;
  const rule = ageRuleJson(row.rule, row.seasonStart);
  return { rule, range: { from: rule.born_from, to: rule.born_to }, teamName: row.teamName };
}

/** The athlete's date of birth: the one kept on the athlete, else their player profile's birthday, else null. */
export async function athleteBirthDate(db: Db | Tx, athleteId: number): Promise<string | null> {
  const [row] = await db
    .select({ birthDate: users.birthDate, birthday: playerProfiles.birthday })
    .from(users)
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(users.id, athleteId));
  return row?.birthDate ?? row?.birthday ?? null;
}

export async function hasException(db: Db | Tx, athleteId: number, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: eligibilityExceptions.id })
    .from(eligibilityExceptions)
    .where(and(eq(eligibilityExceptions.athleteId, athleteId), eq(eligibilityExceptions.teamId, teamId)));
  return row !== undefined;
}

/** '{athlete} is not eligible for {team}: players must be born between {from} and {to}.' in `locale`. */
export function notEligibleText(
  locale: Locale,
  facts: { athlete: string; team: string; range: BirthDateRange },
): string {
  const intl = INTL_LOCALES[locale];
  return translate(locale, 'eligibility.notEligible', {
    athlete: facts.athlete,
    team: facts.team,
    from: formatDisplayDate(facts.range.from, 'long', intl),
    to: formatDisplayDate(facts.range.to, 'long', intl),
  });
}

/** 422 with the refusal; its dates are written in the language of the answer. */
export class NotEligibleError extends ApiError {
  constructor(readonly facts: { athlete: string; team: string; range: BirthDateRange }) {
    super(422, notEligibleText(DEFAULT_LOCALE, facts));
  }

  override body(locale: Locale = DEFAULT_LOCALE): ErrorBody {
    return { message: notEligibleText(locale, this.facts), messages: {} };
  }
}

/**
 * Refuses (422) an athlete the team's age rule does not allow: born outside its range, or with no date of birth
 * known, unless staff granted an exception. Nothing is read beyond the rule for a team without one.
 */
export async function requireEligible(
  db: Db | Tx,
  athlete: { id: number; name: string | null },
  teamId: number,
): Promise<void> {
  const team = await teamAgeRule(db, teamId);
  if (team === null) return;
  const birthDate = await athleteBirthDate(db, athlete.id);
  const excepted = await hasException(db, athlete.id, teamId);
  if (isEligible({ range: team.range, birthDate, hasException: excepted })) return;
  throw new NotEligibleError({ athlete: displayName(athlete.name ?? ''), team: team.teamName, range: team.range });
}

/**
 * The athlete as the family's eligibility calls (and the athlete steps' questions, services/team-questions.ts) see
 * them: one of the caller's household athletes (else 404).
 */
export async function householdAthlete(db: Db, caller: { id: number; kind: string }, athleteId: number) {
  const own = caller.kind === 'athlete' ? [caller.id] : await householdAthleteIds(db, caller);
  if (!own.includes(athleteId)) throw notFound(text('eligibility.athleteNotFound'));
  const [athlete] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, athleteId));
  if (!athlete) throw notFound(text('eligibility.athleteNotFound'));
  return athlete;
}

export interface EligibilityJson {
  team_name: string;
  /** null: the team has no age rule (any athlete may play). */
  age_rule: AgeRuleJson | null;
  birth_date: string | null;
  has_exception: boolean;
  eligible: boolean;
}

async function eligibilityJson(db: Db, athleteId: number, teamId: number): Promise<EligibilityJson> {
  const team = await teamAgeRule(db, teamId);
  const [teamRow] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const birthDate = await athleteBirthDate(db, athleteId);
  const excepted = team !== null && (await hasException(db, athleteId, teamId));
  return {
    team_name: teamRow?.name ?? '',
    age_rule: team?.rule ?? null,
    birth_date: birthDate,
    has_exception: excepted,
    eligible: isEligible({ range: team?.range ?? null, birthDate, hasException: excepted }),
  };
}

/** The team of a team licence by code (404 otherwise). */
export async function teamOfLicence(db: Db, code: string): Promise<number> {
  const licence = await findLicence(db, code);
  if (!licence || licence.teamId === null) throw notFound(text('eligibility.licenceNotFound'));
  return licence.teamId;
}

/** GET /api/eligibility/athletes/{athlete_id}?license_code=: what the athlete steps' guard decides on. */
export async function getEligibility(
  deps: AppDeps,
  caller: { id: number; kind: string },
  athleteId: number,
  licenceCode: string,
): Promise<EligibilityJson> {
  const athlete = await householdAthlete(deps.db, caller, athleteId);
  return eligibilityJson(deps.db, athlete.id, await teamOfLicence(deps.db, licenceCode));
}

/** 409 on `birth_date`: the athlete's date of birth is locked (a document of theirs was approved). */
export function birthDateLocked(field = 'birth_date'): ApiError {
  return conflict(text('birthDate.locked'), { [field]: [text('birthDate.locked')] });
}

/**
 * Writes the athlete's date of birth in its two places at once (`users.birth_date` and, when the athlete has one, the
 * player profile's `birthday`), so both always say the same; refused (409) once it is locked, unless it is the date
 * already kept. The athlete's row is locked for the change, so two changes do not interleave.
 */
export async function changeBirthDate(db: Db, athleteId: number, birthDate: string, field = 'birth_date') {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, athleteId)).for('update');
    if ((await athleteBirthDate(tx, athleteId)) === birthDate) {
      // The same date: the two places are aligned, nothing else changes (allowed even when locked).
      await alignBirthDate(tx, athleteId, birthDate);
      return;
    }
    if (await athleteDobLocked(tx, athleteId)) throw birthDateLocked(field);
    await alignBirthDate(tx, athleteId, birthDate);
  });
}

async function alignBirthDate(tx: Tx, athleteId: number, birthDate: string) {
  await tx.update(users).set({ birthDate }).where(eq(users.id, athleteId));
  await tx.update(playerProfiles).set({ birthday: birthDate }).where(eq(playerProfiles.userId, athleteId));
}

/**
 * PUT /api/eligibility/athletes/{athlete_id}/birth-date: the family gives or corrects the athlete's date of birth
 * until a proof of age is approved (then 409 'The date of birth can no longer be changed…'), and the eligibility is
 * answered from the new date. A membership already paid stays as it is: the rule is checked at claim and checkout.
 */
export async function setBirthDate(
  deps: AppDeps,
  caller: { id: number; kind: string },
  athleteId: number,
  body: { birth_date: string; license_code: string },
): Promise<EligibilityJson> {
  const athlete = await householdAthlete(deps.db, caller, athleteId);
  const teamId = await teamOfLicence(deps.db, body.license_code);
  if (!isPossibleBirthDate(body.birth_date, toIsoDate(deps.now()))) {
    throw fieldErrorOf('birth_date', 'eligibility.birthDateInvalid');
  }
  await changeBirthDate(deps.db, athlete.id, body.birth_date);
  return eligibilityJson(deps.db, athlete.id, teamId);
}

export interface AthleteBirthDateJson {
  id: number;
  name: string;
  birth_date: string | null;
  /** A document of the athlete was approved: the family can no longer change the date. */
  birth_date_locked: boolean;
}

async function athleteBirthDateJson(
  db: Db,
  athlete: { id: number; name: string | null },
): Promise<AthleteBirthDateJson> {
  return {
    id: athlete.id,
    name: displayName(athlete.name ?? ''),
    birth_date: await athleteBirthDate(db, athlete.id),
    birth_date_locked: await athleteDobLocked(db, athlete.id),
  };
}

/** GET /api/eligibility/athletes: the household's athletes (an athlete: themself) with their dates of birth. */
export async function householdBirthDates(
  deps: AppDeps,
  caller: { id: number; kind: string },
): Promise<{ athletes: AthleteBirthDateJson[] }> {
  const ids = caller.kind === 'athlete' ? [caller.id] : await householdAthleteIds(deps.db, caller);
  if (ids.length === 0) return { athletes: [] };
  const rows = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.name, users.id);
  const athletes: AthleteBirthDateJson[] = [];
  for (const row of rows) athletes.push(await athleteBirthDateJson(deps.db, row));
  return { athletes };
}

/** PUT /api/eligibility/athletes/{athlete_id}: the family corrects a date of birth outside registration (/payments). */
export async function correctBirthDate(
  deps: AppDeps,
  caller: { id: number; kind: string },
  athleteId: number,
  body: { birth_date: string },
): Promise<{ athlete: AthleteBirthDateJson }> {
  const athlete = await householdAthlete(deps.db, caller, athleteId);
  if (!isPossibleBirthDate(body.birth_date, toIsoDate(deps.now()))) {
    throw fieldErrorOf('birth_date', 'eligibility.birthDateInvalid');
  }
  await changeBirthDate(deps.db, athlete.id, body.birth_date);
  return { athlete: await athleteBirthDateJson(deps.db, athlete) };
}

/** The age rules of some teams (a team without one is absent), as the console's set-up shows them. */
export async function ageRulesOfTeams(db: Db | Tx, teamIds: readonly number[]): Promise<Map<number, AgeRuleJson>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ rule: teamAgeRules, seasonStart: seasons.startDate })
    .from(teamAgeRules)
    .innerJoin(teams, eq(teams.id, teamAgeRules.teamId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .where(inArray(teamAgeRules.teamId, [...teamIds]));
  return new Map(rows.map((row) => [row.rule.teamId, ageRuleJson(row.rule, row.seasonStart)]));
}

/**
 * Saves a team's age rule from the console's team form (issue 32): absent leaves it, null removes it, a rule (the body
 * schema checked it) replaces it.
 */
export async function saveTeamAgeRule(
  db: Db | Tx,
  teamId: number,
  rule: { preset: AgeRule['preset']; custom_date: string | null; min_age: number; max_age: number } | null | undefined,
): Promise<void> {
  if (rule === undefined) return;
  if (rule === null) {
    await db.delete(teamAgeRules).where(eq(teamAgeRules.teamId, teamId));
    return;
  }
  const values = {
    preset: rule.preset,
    customDate: rule.preset === 'custom' ? rule.custom_date : null,
    minAge: rule.min_age,
    maxAge: rule.max_age,
    updatedAt: new Date(),
  };
  await db
    .insert(teamAgeRules)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamAgeRules.teamId, set: values });
}

/**
 * Issue 32 point 4, the club's own questions (docs/architecture.md "Issue 32: the club's own questions"): a team's
 * questions (the owner's list, in order), the athletes' answers (one per athlete and question), and the checks the
 * checkout and the family's changes make with the schema the site validates with (src/domain/team-questions.ts).
 *
 * A team without questions is untouched by all of this: its checkouts read one empty list and go on as before.
 */
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { hasSeasonStarted } from '../../src/domain/dates.ts';
import {
  answerKey,
  normalizedDraft,
  type TeamAnswers,
  type TeamQuestion,
  type TeamQuestionsBody,
  teamAnswersSchema,
} from '../../src/domain/team-questions.ts';
import { visibleMembership } from '../billing/phases.ts';
import type { Db, Tx } from '../db/client.ts';
import { memberships, seasons, teamQuestionAnswers, teamQuestions, teams, type UserRow } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { type ErrorText, notFound, validationError } from '../http/errors.ts';
import { english, type Locale, text } from '../i18n/index.ts';
import { scopedMembership, scopedTeam } from './admin-roster.ts';
import { familyMemberships } from './card-updates.ts';
import { householdAthlete, teamOfLicence } from './eligibility/index.ts';
import type { StaffJson } from './staff/index.ts';

const MEMBERSHIP_NOT_FOUND = english('checkout.membershipNotFound');

export interface AnswersJson {
  questions: TeamQuestion[];
  answers: TeamAnswers;
}

/** A team's questions, in the order asked. */
export async function teamQuestionsOf(db: Db | Tx, teamId: number): Promise<TeamQuestion[]> {
  const rows = await db
    .select()
    .from(teamQuestions)
    .where(eq(teamQuestions.teamId, teamId))
    .orderBy(asc(teamQuestions.position), asc(teamQuestions.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    prompt: row.prompt,
    options: row.options,
    required: row.required,
  }));
}

/** An athlete's stored answers to `questions` (no key where there is none). */
export async function storedAnswers(
  db: Db | Tx,
  athleteId: number,
  questions: readonly TeamQuestion[],
): Promise<TeamAnswers> {
  if (questions.length === 0) return {};
  const rows = await db
    .select()
    .from(teamQuestionAnswers)
    .where(
      and(
        eq(teamQuestionAnswers.athleteId, athleteId),
        inArray(
          teamQuestionAnswers.questionId,
          questions.map((q) => q.id),
        ),
      ),
    );
  return Object.fromEntries(rows.map((row) => [String(row.questionId), row.value]));
}

/**
 * `answers` checked against the team's questions with the shared schema: the answers to keep, or 422 with one
 * message per bad answer on `<prefix><question id>` (`answers.12`, or `athletes.7.answers.12` in a family checkout).
 */
export function checkedAnswers(questions: readonly TeamQuestion[], answers: unknown, prefix: string): TeamAnswers {
  const result = teamAnswersSchema(questions).safeParse(answers ?? {});
  if (result.success) return result.data;
  const messages: Record<string, ErrorText[]> = {};
  for (const issue of result.error.issues) {
    const key = `${prefix}${issue.path.map(String).join('.')}`;
    messages[key] = [...(messages[key] ?? []), issue.message];
  }
  throw validationError(messages);
}

/** Writes an athlete's answers (one row per question, rewritten in place). */
export async function saveAnswers(db: Db | Tx, athleteId: number, answers: TeamAnswers): Promise<void> {
  const rows = Object.entries(answers).map(([questionId, value]) => ({
    questionId: Number(questionId),
    athleteId,
    value,
  }));
  if (rows.length === 0) return;
  await db
    .insert(teamQuestionAnswers)
    .values(rows)
    .onConflictDoUpdate({
      target: [teamQuestionAnswers.questionId, teamQuestionAnswers.athleteId],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

/**
 * The checkout's check (one-athlete and family): for a team that asks questions, answers sent with the checkout are
 * validated as a whole (a required question unanswered or a bad answer: 422 on `<prefix>answers.<id>`) and kept;
 * without answers in the body, the athlete's answers on record (given in the athlete steps: PUT
 * /api/team-questions/athletes/{id}/answers) must pass the team's current questions, with the same 422. A team
 * without questions: nothing read beyond the empty list.
 */
export async function requireTeamAnswers(
  db: Db,
  teamId: number,
  athleteId: number,
  sent: TeamAnswers | undefined,
  prefix = '',
): Promise<void> {
  const questions = await teamQuestionsOf(db, teamId);
  if (questions.length === 0) return;
  if (sent === undefined) {
    checkedAnswers(questions, await storedAnswers(db, athleteId, questions), `${prefix}answers.`);
    return;
  }
  await saveAnswers(db, athleteId, checkedAnswers(questions, sent, `${prefix}answers.`));
}

// ---------------------------------------------------------------------------------------------------------------
// The athlete steps: GET /api/team-questions/athletes/{athlete_id}?license_code=, PUT …/answers

export interface AthleteAnswersJson extends AnswersJson {
  team_name: string;
}

async function athleteAnswersJson(db: Db, athleteId: number, teamId: number): Promise<AthleteAnswersJson> {
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const questions = await teamQuestionsOf(db, teamId);
  return { team_name: team?.name ?? '', questions, answers: await storedAnswers(db, athleteId, questions) };
}

/**
 * The team's questions for a household athlete registering with a team licence, with the athlete's answers on record
 * (pre-filled). Another household's athlete or an unknown licence: 404.
 */
export async function athleteAnswers(
  deps: AppDeps,
  caller: { id: number; kind: string },
  athleteId: number,
  licenceCode: string,
): Promise<AthleteAnswersJson> {
  const athlete = await householdAthlete(deps.db, caller, athleteId);
  return athleteAnswersJson(deps.db, athlete.id, await teamOfLicence(deps.db, licenceCode));
}

/**
 * The athlete steps' answers, validated whole by the team's questions (422 on `answers.<id>`) and kept on the athlete,
 * where the checkout then finds them.
 */
export async function giveAthleteAnswers(
  deps: AppDeps,
  caller: { id: number; kind: string },
  athleteId: number,
  body: { license_code: string; answers: Record<string, unknown> },
): Promise<AthleteAnswersJson> {
  const athlete = await householdAthlete(deps.db, caller, athleteId);
  const teamId = await teamOfLicence(deps.db, body.license_code);
  const questions = await teamQuestionsOf(deps.db, teamId);
  await saveAnswers(deps.db, athlete.id, checkedAnswers(questions, body.answers, 'answers.'));
  return athleteAnswersJson(deps.db, athlete.id, teamId);
}

// ---------------------------------------------------------------------------------------------------------------
// The family: GET/PUT /api/memberships/{id}/answers

async function familyMembership(deps: AppDeps, user: UserRow, membershipId: number) {
  const membership = await visibleMembership(deps.db, user, membershipId);
  if (!membership) throw notFound(MEMBERSHIP_NOT_FOUND);
  return membership;
}

/** The season's start: the answers can be changed until then. */
async function seasonStart(db: Db, seasonId: number): Promise<string> {
  const [season] = await db.select({ startDate: seasons.startDate }).from(seasons).where(eq(seasons.id, seasonId));
  if (!season) throw new Error(`season ${seasonId} of a membership is missing`);
  return season.startDate;
}

export async function membershipAnswers(
  deps: AppDeps,
  user: UserRow,
  membershipId: number,
): Promise<AnswersJson & { changeable: boolean }> {
  const membership = await familyMembership(deps, user, membershipId);
  const questions = await teamQuestionsOf(deps.db, membership.teamId);
  const start = await seasonStart(deps.db, membership.seasonId);
  return {
    questions,
    answers: await storedAnswers(deps.db, membership.userId, questions),
    changeable: questions.length > 0 && membership.status === 'active' && !hasSeasonStarted(start, deps.now()),
  };
}

/** PUT: the whole set of answers again, validated as at checkout; 422 once the season has started. */
export async function changeMembershipAnswers(
  deps: AppDeps,
  user: UserRow,
  membershipId: number,
  body: { answers: Record<string, unknown> },
): Promise<AnswersJson & { changeable: boolean }> {
  const membership = await familyMembership(deps, user, membershipId);
  const start = await seasonStart(deps.db, membership.seasonId);
  if (hasSeasonStarted(start, deps.now()) || membership.status !== 'active') {
    throw validationError({ answers: [text('questions.seasonStarted')] });
  }
  const questions = await teamQuestionsOf(deps.db, membership.teamId);
  const answers = checkedAnswers(questions, body.answers, 'answers.');
  await saveAnswers(deps.db, membership.userId, answers);
  return membershipAnswers(deps, user, membershipId);
}

/** GET /api/memberships: the family's memberships (services/card-updates.ts), each saying whether its team asks. */
export async function familyMembershipsWithQuestions(deps: AppDeps, user: UserRow, locale: Locale) {
  const answer = await familyMemberships(deps, user, locale);
  const asking = await membershipsWithQuestions(
    deps.db,
    answer.memberships.map((membership) => membership.id),
  );
  return {
    memberships: answer.memberships.map((membership) => ({ ...membership, has_questions: asking.has(membership.id) })),
  };
}

/** Which of `membershipIds` belong to a team that asks questions (the /payments list's 'Change answers'). */
export async function membershipsWithQuestions(db: Db, membershipIds: readonly number[]): Promise<Set<number>> {
  if (membershipIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: memberships.id })
    .from(memberships)
    .innerJoin(teamQuestions, eq(teamQuestions.teamId, memberships.teamId))
    .where(inArray(memberships.id, [...membershipIds]));
  return new Set(rows.map((row) => row.id));
}

// ---------------------------------------------------------------------------------------------------------------
// The console

/** GET /api/admin/teams/{id}/questions (owners, registrars). */
export async function adminTeamQuestions(deps: AppDeps, staff: StaffJson, teamId: number) {
  const team = await scopedTeam(deps.db, staff, teamId, 'read_setup');
  return { questions: await teamQuestionsOf(deps.db, team.id) };
}

/**
 * PUT /api/admin/teams/{id}/questions (owners): the whole list in its new order. A stored question named by its id is
 * edited (its answers kept), one left out is removed with its answers, one without an id is added. An id of another
 * team's question answers 422 on `questions`.
 */
export async function setTeamQuestions(deps: AppDeps, staff: StaffJson, teamId: number, body: TeamQuestionsBody) {
  const team = await scopedTeam(deps.db, staff, teamId, 'edit_setup');
  await deps.db.transaction(async (tx) => {
    // One editor at a time per team: the team's row is the lock.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, team.id)).for('update');
    const existing = new Set((await teamQuestionsOf(tx, team.id)).map((q) => q.id));
    const kept = body.questions.flatMap((q) => (q.id === null ? [] : [q.id]));
    if (kept.some((id) => !existing.has(id)) || new Set(kept).size !== kept.length) {
      throw validationError({ questions: [text('questions.unknownQuestion')] });
    }
    await tx
      .delete(teamQuestions)
      .where(
        kept.length > 0
          ? and(eq(teamQuestions.teamId, team.id), notInArray(teamQuestions.id, kept))
          : eq(teamQuestions.teamId, team.id),
      );
    for (const [position, draft] of body.questions.entries()) {
      const values = { ...normalizedDraft(draft), position };
      if (draft.id === null) await tx.insert(teamQuestions).values({ teamId: team.id, ...values });
      else await tx.update(teamQuestions).set(values).where(eq(teamQuestions.id, draft.id));
    }
  });
  return { questions: await teamQuestionsOf(deps.db, team.id) };
}

/** A team's questions and each member's answers, by membership id (the roster's answers; coaches see their team's). */
export async function teamAnswers(deps: AppDeps, staff: StaffJson, teamId: number) {
  const team = await scopedTeam(deps.db, staff, teamId, 'read_roster');
  const questions = await teamQuestionsOf(deps.db, team.id);
  return { questions, memberships: await answersByMembership(deps.db, team.id, questions) };
}

/** membership id → its athlete's answers to `questions`, for the memberships `where` picks. */
async function answersWhere(db: Db, where: SQL | undefined, questions: readonly TeamQuestion[]) {
  const byMembership = new Map<number, TeamAnswers>();
  if (questions.length === 0) return byMembership;
  const rows = await db
    .select({
      membershipId: memberships.id,
      questionId: teamQuestionAnswers.questionId,
      value: teamQuestionAnswers.value,
    })
    .from(memberships)
    .innerJoin(teamQuestionAnswers, eq(teamQuestionAnswers.athleteId, memberships.userId))
    .where(
      and(
        where,
        inArray(
          teamQuestionAnswers.questionId,
          questions.map((q) => q.id),
        ),
      ),
    );
  for (const row of rows) {
    const answers = byMembership.get(row.membershipId) ?? {};
    answers[String(row.questionId)] = row.value;
    byMembership.set(row.membershipId, answers);
  }
  return byMembership;
}

/** Each membership of the team with its athlete's answers (active or not). */
export async function answersByMembership(
  db: Db,
  teamId: number,
  questions: readonly TeamQuestion[],
): Promise<{ membership_id: number; answers: TeamAnswers }[]> {
  const byMembership = await answersWhere(db, eq(memberships.teamId, teamId), questions);
  return [...byMembership.entries()].map(([membershipId, answers]) => ({ membership_id: membershipId, answers }));
}

/** The answers of a page of memberships of one team (the roster CSV). */
export async function answersOfMemberships(
  db: Db,
  membershipIds: readonly number[],
  questions: readonly TeamQuestion[],
): Promise<Map<number, TeamAnswers>> {
  if (membershipIds.length === 0) return new Map();
  return answersWhere(db, inArray(memberships.id, [...membershipIds]), questions);
}

/** GET /api/admin/memberships/{id}/answers: one membership's answers (the membership page; a coach: their team's). */
export async function adminMembershipAnswers(deps: AppDeps, staff: StaffJson, membershipId: number) {
  const { membership } = await scopedMembership(deps.db, staff, membershipId, 'read_roster');
  const questions = await teamQuestionsOf(deps.db, membership.teamId);
  return { questions, answers: await storedAnswers(deps.db, membership.userId, questions) };
}

/** The CSV's question columns: a header per question and a row's answers in the same order. */
export function answerColumns(questions: readonly TeamQuestion[], answers: TeamAnswers | undefined): string[] {
  return questions.map((question) => answers?.[answerKey(question)] ?? '');
}

/**
 * Unfinished registrations (issue 21 points 1, 2, 4; docs/api.md "Resume and reminders (issue 21)"): the persisted
 * snapshot of the register, login-athlete or payment flow a logged-in guardian left, one row per account and licence.
 * This module is the table's one home: saving, reading and discarding it (the routes of
 * server/routes/registration-progress.ts), clearing it once a payment is recorded (recordMembership and the family
 * checkout call clearPaidProgress), and the reminder job the collector run executes (sendRegistrationReminders).
 *
 * A row belongs to the account that saved it: nobody else reads, writes or deletes it (the calls look rows up by the
 * caller's id only). Passwords and card details are refused at any depth of the snapshot, so they are never stored:
 * the keys the site strips before saving, one list (src/domain/secret-keys.ts `isSecretKey`), refused here as the last
 * line.
 */

import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { releasedText } from '../../src/domain/seat-holds.ts';
import { isSecretKey } from '../../src/domain/secret-keys.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  licences,
  type MembershipRow,
  memberships,
  type RegistrationProgressRow,
  registrationProgress,
  seasons,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError, fieldError, forbidden, notFound } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { english } from '../i18n/index.ts';
import { savedLocale } from '../mail/mail-language.ts';
import { registrationReminderMail } from '../mail/registration-reminder-mail.ts';
import {
  athleteHouseholdGuardianIds,
  householdAthleteIds,
  householdGuardianIds,
  householdMemberIds,
} from './households.ts';
import { findLicence, holdsClaim, isExpired } from './licences.ts';
import { holdOf, releasedHoldTeam } from './seat-holds.ts';

export const PROGRESS_FLOWS = ['register', 'login', 'payment'] as const;
export type ProgressFlow = (typeof PROGRESS_FLOWS)[number];

/** The largest snapshot stored, serialized (the request body's own limit, server/app.ts, is the same 64 KB). */
export const SNAPSHOT_MAX_BYTES = 64 * 1024;
/** The deepest nesting stored: a flow's persisted snapshot with its children is far shallower. */
export const SNAPSHOT_MAX_DEPTH = 32;

export const PROGRESS_TEXTS = {
  licenceNotFound: english('progress.licenceNotFound'),
  forbiddenKey: english('progress.forbiddenKey'),
  tooLarge: english('progress.tooLarge'),
  tooDeep: english('progress.tooDeep'),
  athleteNotYours: english('progress.athleteNotYours'),
  athletesCannot: english('progress.athletesCannot'),
} as const;

/** Reminders: the first once a row was not updated for 24 h, the second at 72 h (and at least 24 h after the first). */
export const FIRST_REMINDER_MS = 24 * 3600_000;
export const SECOND_REMINDER_MS = 72 * 3600_000;
/** Rows not updated for this long are deleted by the reminder job (docs/architecture.md "Resume and reminders"). */
export const RETENTION_DAYS = 60;
const DAY_MS = 24 * 3600_000;

/** The link of the reminder e-mails: the site's `/continue?license=CODE` (login first, then the offer to continue). */
export function continueLink(env: AppDeps['env'], licenceCode: string): string {
  return siteLink(env, '/continue', { license: licenceCode });
}

export interface ProgressInput {
  license: string;
  flow: ProgressFlow;
  machine_version: string;
  step: string;
  athlete_id: number | null;
  snapshot: Record<string, unknown>;
}

/** The `RegistrationProgress` of docs/api.md: names come from the server's rows, never from the client. */
export interface ProgressJson {
  license: string;
  flow: ProgressFlow;
  machine_version: string;
  step: string;
  athlete: { id: number; name: string } | null;
  team: { name: string; season: string | null } | null;
  snapshot: Record<string, unknown>;
  updated_at: string;
  /**
   * Issue 30 point 4: 'Your held spot on {team} was released.' when the family's hold on the licence was released
   * and nobody of it holds a claim now (GET only; absent otherwise).
   */
  released?: string;
}

/**
 * Why a snapshot may not be stored, or null: a key named like a password or card detail (at any depth), nesting
 * deeper than SNAPSHOT_MAX_DEPTH, or more than SNAPSHOT_MAX_BYTES serialized. Iterative, so no input overflows the stack.
 */
export function snapshotRefusal(snapshot: unknown): ApiError | null {
  const pending: [value: unknown, depth: number][] = [[snapshot, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= SNAPSHOT_MAX_DEPTH) return fieldError('snapshot', PROGRESS_TEXTS.tooDeep);
    for (const [key, child] of Object.entries(value)) {
      if (!Array.isArray(value) && isSecretKey(key)) return fieldError('snapshot', PROGRESS_TEXTS.forbiddenKey);
      pending.push([child, depth + 1]);
    }
  }
  if (Buffer.byteLength(JSON.stringify(snapshot)) > SNAPSHOT_MAX_BYTES) {
    return new ApiError(413, PROGRESS_TEXTS.tooLarge, { snapshot: [PROGRESS_TEXTS.tooLarge] });
  }
  return null;
}

const athletes = alias(users, 'progress_athletes');

/** The rows of `where` with the names the answer shows (athlete, team, season) and the licence's code. */
function progressRows(db: Db | Tx) {
  return db
    .select({
      row: registrationProgress,
      code: licences.code,
      teamName: teams.name,
      seasonName: seasons.name,
      athleteName: athletes.name,
      athleteUsername: athletes.username,
    })
    .from(registrationProgress)
    .innerJoin(licences, eq(licences.id, registrationProgress.licenseId))
    .leftJoin(teams, eq(teams.id, licences.teamId))
    .leftJoin(seasons, eq(seasons.id, teams.seasonId))
    .leftJoin(athletes, eq(athletes.id, registrationProgress.athleteId));
}

type ProgressSelection = Awaited<ReturnType<ReturnType<typeof progressRows>['execute']>>[number];

function athleteName(name: string | null, username: string | null): string {
  return name ?? username ?? '';
}

function progressJson(found: ProgressSelection): ProgressJson {
  const { row } = found;
  return {
    license: found.code,
    flow: row.flow,
    machine_version: row.machineVersion,
    step: row.step,
    athlete:
      row.athleteId === null
        ? null
        : { id: row.athleteId, name: athleteName(found.athleteName, found.athleteUsername) },
    team: found.teamName === null ? null : { name: found.teamName, season: found.seasonName },
    snapshot: isObject(row.snapshot) ? row.snapshot : {},
    updated_at: row.updatedAt.toISOString(),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** PUT: saves the caller's progress for a licence, replacing the row of any flow of the same registration. */
export async function saveProgress(deps: AppDeps, caller: UserRow, input: ProgressInput): Promise<ProgressJson> {
  const { db } = deps;
  if (caller.kind === 'athlete') throw forbidden(PROGRESS_TEXTS.athletesCannot);
  const refusal = snapshotRefusal(input.snapshot);
  if (refusal) throw refusal;
  const licence = await findLicence(db, input.license);
  if (!licence) throw notFound(PROGRESS_TEXTS.licenceNotFound);
  if (
    input.athlete_id !== null &&
    input.athlete_id !== caller.id &&
    !(await householdAthleteIds(db, caller)).includes(input.athlete_id)
  ) {
    throw fieldError('athlete_id', PROGRESS_TEXTS.athleteNotYours);
  }
  const now = deps.now();
  const values = {
    flow: input.flow,
    machineVersion: input.machine_version,
    step: input.step,
    athleteId: input.athlete_id,
    snapshot: input.snapshot,
    updatedAt: now,
    // A registration worked on again is reminded afresh once left again.
    firstReminderAt: null,
    secondReminderAt: null,
  };
  await db
    .insert(registrationProgress)
    .values({ userId: caller.id, licenseId: licence.id, createdAt: now, ...values })
    .onConflictDoUpdate({ target: [registrationProgress.userId, registrationProgress.licenseId], set: values });
  const [saved] = await progressRows(db).where(
    and(eq(registrationProgress.userId, caller.id), eq(registrationProgress.licenseId, licence.id)),
  );
  if (!saved) throw new Error('registration progress upsert returned nothing');
  return progressJson(saved);
}

/**
 * GET: the caller's progress for a licence, or (no licence) their most recently updated one; null when there is none,
 * the licence is unknown, or the caller is an athlete (athletes never save one).
 */
export async function readProgress(
  deps: AppDeps,
  caller: UserRow,
  licenceCode: string | undefined,
): Promise<ProgressJson | null> {
  const { db } = deps;
  if (caller.kind === 'athlete') return null;
  const mine = eq(registrationProgress.userId, caller.id);
  if (licenceCode === undefined) {
    const [latest] = await progressRows(db)
      .where(mine)
      .orderBy(desc(registrationProgress.updatedAt), desc(registrationProgress.id))
      .limit(1);
    return latest ? withRelease(db, caller, latest) : null;
  }
  const licence = await findLicence(db, licenceCode);
  if (!licence) return null;
  const [found] = await progressRows(db).where(and(mine, eq(registrationProgress.licenseId, licence.id)));
  return found ? withRelease(db, caller, found) : null;
}

/** The answer of a saved registration with the released hold's text (issue 30 point 4), if its hold was released. */
async function withRelease(db: Db, caller: UserRow, found: ProgressSelection): Promise<ProgressJson> {
  const json = progressJson(found);
  const { row } = found;
  const holders = row.athleteId === null ? await householdMemberIds(db, caller) : [row.athleteId];
  const [licence] = await db.select().from(licences).where(eq(licences.id, row.licenseId));
  const team = licence ? await releasedHoldTeam(db, holders, licence) : null;
  return team === null ? json : { ...json, released: releasedText(team) };
}

/** DELETE ('Start over'): the caller's row for the licence, if any; nothing else is ever deleted by it. */
export async function discardProgress(deps: AppDeps, caller: UserRow, licenceCode: string): Promise<void> {
  const licence = await findLicence(deps.db, licenceCode);
  if (!licence) return;
  await deps.db
    .delete(registrationProgress)
    .where(and(eq(registrationProgress.userId, caller.id), eq(registrationProgress.licenseId, licence.id)));
}

/**
 * A payment was recorded (one-athlete checkout-success, a full discount, a card setup, a family checkout): the
 * unfinished registrations it completes are deleted. That is, for each membership, the rows of any licence of its
 * team saved by a guardian of the payer's or the athlete's household, for that athlete or for no athlete yet, and
 * every row of the payer's own for that team. Another athlete's registration on the same team (a co-guardian
 * registering a sibling) is kept. Idempotent: a repeated success deletes nothing more.
 */
export async function clearPaidProgress(db: Db | Tx, paid: Pick<MembershipRow, 'userId' | 'payerId' | 'teamId'>[]) {
  for (const membership of paid) {
    const payerId = membership.payerId ?? membership.userId;
    const guardians = new Set([
      ...(await householdGuardianIds(db, { id: payerId })),
      ...(await householdGuardianIds(db, { id: membership.userId })),
      ...(await athleteHouseholdGuardianIds(db, membership.userId)),
    ]);
    const teamLicences = db.select({ id: licences.id }).from(licences).where(eq(licences.teamId, membership.teamId));
    await db
      .delete(registrationProgress)
      .where(
        and(
          inArray(registrationProgress.licenseId, teamLicences),
          inArray(registrationProgress.userId, [...guardians]),
          or(
            eq(registrationProgress.userId, payerId),
            isNull(registrationProgress.athleteId),
            eq(registrationProgress.athleteId, membership.userId),
          ),
        ),
      );
  }
}

/** clearPaidProgress for memberships known by id (the family checkout's success). */
export async function clearPaidProgressOf(db: Db | Tx, membershipIds: number[]): Promise<void> {
  if (membershipIds.length === 0) return;
  const paid = await db
    .select({ userId: memberships.userId, payerId: memberships.payerId, teamId: memberships.teamId })
    .from(memberships)
    .where(inArray(memberships.id, membershipIds));
  await clearPaidProgress(db, paid);
}

// ---------------------------------------------------------------------------------------------------------------
// Reminders (a job of the collector run: server/billing/jobs.ts)

export interface ReminderRunResult {
  /** E-mails sent (first and second reminders). */
  reminded: number;
  /** Rows deleted: paid meanwhile, or not updated for RETENTION_DAYS. */
  deleted: number;
}

const BATCH = 100;

/**
 * The reminder job: deletes rows whose athlete is paid for on the licence's team and rows not updated for
 * RETENTION_DAYS, then e-mails 'Finish registering {athlete} for {team}' to the guardian who saved each row not
 * updated for 24 h, and a second time at 72 h. None while the licence is paused, expired or has no seat left for the
 * family (a family that claimed it already is reminded). Each e-mail is claimed by a conditional UPDATE in the
 * transaction that inserts it in the outbox, so several processes running the job at once send it once. `at`: the
 * moment the run stands for (server/billing/jobs.ts `momentOf`).
 */
export async function sendRegistrationReminders(deps: AppDeps, at: Date): Promise<ReminderRunResult> {
  const { db } = deps;
  // Retention counts by the clock, never by `as_of`: a staff run dated ahead deletes nobody's registration early.
  const deleted = await deleteFinishedAndStale(db, deps.now());
  const firstBefore = new Date(at.getTime() - FIRST_REMINDER_MS);
  const secondBefore = new Date(at.getTime() - SECOND_REMINDER_MS);
  const firstDue = and(isNull(registrationProgress.firstReminderAt), lte(registrationProgress.updatedAt, firstBefore));
  const secondDue = and(
    isNotNull(registrationProgress.firstReminderAt),
    isNull(registrationProgress.secondReminderAt),
    lte(registrationProgress.firstReminderAt, firstBefore),
    lte(registrationProgress.updatedAt, secondBefore),
  );
  let reminded = 0;
  let after = 0;
  for (;;) {
    const batch = await progressRows(db)
      .where(and(gt(registrationProgress.id, after), or(firstDue, secondDue), eq(licences.paused, false)))
      .orderBy(asc(registrationProgress.id))
      .limit(BATCH);
    for (const found of batch) {
      if (await remindOne(deps, found, at, { firstDue, secondDue })) reminded += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = last.row.id;
  }
  return { reminded, deleted };
}

async function deleteFinishedAndStale(db: Db, now: Date): Promise<number> {
  const paidFor = db
    .select({ one: sql`1` })
    .from(memberships)
    .innerJoin(licences, eq(licences.teamId, memberships.teamId))
    .where(
      and(
        eq(licences.id, registrationProgress.licenseId),
        eq(memberships.userId, registrationProgress.athleteId),
        eq(memberships.status, 'active'),
      ),
    );
  const stale = lte(registrationProgress.updatedAt, new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
  const gone = await db
    .delete(registrationProgress)
    .where(or(stale, sql`exists (${paidFor})`))
    .returning({ id: registrationProgress.id });
  return gone.length;
}

type Due = Parameters<typeof and>[number];

/** One row's reminder, if it is due and still wanted; true when this run sent it. */
async function remindOne(
  deps: AppDeps,
  found: ProgressSelection,
  at: Date,
  due: { firstDue: Due; secondDue: Due },
): Promise<boolean> {
  const { db } = deps;
  const { row } = found;
  const licence = await findLicence(db, found.code);
  if (!licence || licence.paused || isExpired(licence, at)) return false;
  if (licence.availableLicenses <= 0 && !(await holdsClaim(db, { id: row.userId }, licence.id))) return false;
  const [owner] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!owner?.email) return false;
  const to = owner.email;
  const second = row.firstReminderAt !== null;
  const teamName = found.teamName ?? licence.name;
  // Issue 30 point 4: a claim with nothing paid holds its seat for 96 hours; the reminders say until when (or, issue
  // 34, that it is held while a request for financial assistance waits), the release job's own answer (`holdEnd`).
  const holders = row.athleteId === null ? await householdMemberIds(db, { id: row.userId }) : [row.athleteId];
  const hold = await holdOf(db, holders, licence.id);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(registrationProgress)
      .set(second ? { secondReminderAt: at } : { firstReminderAt: at })
      .where(and(eq(registrationProgress.id, row.id), second ? due.secondDue : due.firstDue))
      .returning({ id: registrationProgress.id });
    if (claimed.length === 0) return false;
    await deps.mailer.sendInTransaction(
      tx,
      registrationReminderMail({
        to,
        name: owner.name,
        athleteName: row.athleteId === null ? null : athleteName(found.athleteName, found.athleteUsername),
        teamName,
        seasonName: found.seasonName,
        link: continueLink(deps.env, licence.code),
        second,
        heldUntil: hold?.kind === 'until' ? hold.at : null,
        heldWhileAssistanceDecided: hold?.kind === 'decision',
        locale: savedLocale(owner.language),
      }),
    );
    return true;
  });
}

export type { RegistrationProgressRow };

/**
 * Held seats (issue 30 point 4): the one home of "a claim with nothing paid holds its seat for 96 hours".
 *
 * What a hold is, in the data model: a `licence_claims` row of a TEAM licence whose claimant (`user_id`, the athlete
 * whose token claimed, or the payer who claimed for themselves) holds no active membership on the licence's team.
 * A membership row exists only once a payment was recorded (a card payment that succeeded, a confirmed SetupIntent
 * of a plan with nothing due today, a full discount), so "nothing paid" needs no flag of its own: the first recorded
 * payment turns the hold into a seat for good. Coach licences hold nothing (their claim is the access). When the hold
 * ends is src/domain/seat-holds.ts `holdEnd`'s answer, from `claimed_at` and the claimant's request for financial
 * assistance on the team (issue 34: held while it waits and 96 hours after its decision); nothing is stored for it.
 * `heldClaims` below reads the claims with their request and asks `holdEnd`: the release job, the console's held
 * seats (and the audit of a staff release) and the registration reminders (`holdOf`) all read it there.
 *
 * Releasing one deletes the claim, writes a `seat_releases` row (so the family's saved registration and the licence
 * page can say 'Your held spot on {team} was released.' and Pay Now may claim again) and gives the seat back
 * through ./waitlist-seats.ts `returnSeats` (the waitlist's first family gets the offer, else the pool), all in one
 * transaction that first locks the licence's row. The claims are deleted with a conditional DELETE that repeats the
 * "expired and unpaid" test, so two processes running the job at once (or twice) release each hold once: the second
 * waits on the row lock, then deletes nothing, records nothing and offers nothing.
 *
 * A family in the middle of paying is left alone: a hold whose claimant (or their household) took a checkout lease
 * in the last `PAYMENT_IN_FLIGHT_MS` is not released on that run (checkout-success must find the seat it paid for).
 */
import { and, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  HOLD_MS,
  type HoldEnd,
  heldUntilIso,
  holdEnd,
  holdEnded,
  SEAT_HOLD_TEXTS,
} from '../../src/domain/seat-holds.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  assistanceRequests,
  athleteGuardians,
  checkouts,
  householdCheckoutLeases,
  householdGuardians,
  type LicenceRow,
  licenceClaims,
  licences,
  membershipPhases,
  memberships,
  type SeatReleaseReason,
  seatReleases,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { english } from '../i18n/index.ts';
import { writeAudit } from './admin-audit.ts';
import { scopedTeam } from './admin-roster.ts';
import { requireHouseholdGuardian } from './household-invites.ts';
import { householdAthleteIds } from './households.ts';
import { claimLicence, LICENCE_TEXTS } from './licences.ts';
import { keepsMoney } from './membership-ledger.ts';
import { allows, type StaffJson, teamTarget } from './staff/index.ts';
import { deliverAfterCommit, returnSeats } from './waitlist-seats.ts';

/** Every staff role of a team sees its held seats; who may release one is the permission table's `release_hold`. */

export const ATHLETE_NOT_FOUND = english('checkout.athleteNotFound');

/** A checkout lease taken this recently means the family is paying: its hold is not released on this run. */
export const PAYMENT_IN_FLIGHT_MS = 60 * 60 * 1000;

type HoldDeps = Pick<AppDeps, 'db' | 'env' | 'mailer' | 'log' | 'jobs'>;

/**
 * The claim (`licence_claims` joined with `licences`) has nothing paid: no membership on the team that is active or,
 * cancelled, keeps money (a cancelled schedule whose payments were not refunded in whole keeps its seat; refunded in
 * whole, admin-refunds.ts gives the seat back at once).
 */
const nothingPaid = () =>
  sql`not exists (select 1 from ${memberships} where ${memberships.userId} = ${licenceClaims.userId} and ${memberships.teamId} = ${licences.teamId} and (${memberships.status} = 'active' or ${keepsMoney(memberships.id)}))`;

/** Nobody of the claimant's family took a checkout lease since `since` (one athlete's, or the household's). */
function notPaying(since: Date) {
  const at = since.toISOString();
  return sql`not exists (select 1 from ${checkouts} where ${checkouts.userId} = ${licenceClaims.userId} and ${checkouts.updatedAt} > ${at})
    and not exists (select 1 from ${athleteGuardians}
      join ${householdGuardians} on ${householdGuardians.userId} = ${athleteGuardians.guardianId}
      join ${householdCheckoutLeases} on ${householdCheckoutLeases.householdId} = ${householdGuardians.householdId}
      where ${athleteGuardians.athleteId} = ${licenceClaims.userId} and ${householdCheckoutLeases.updatedAt} > ${at})`;
}

/**
 * Nobody is waiting for a decision on a request for financial assistance of the claimant on the licence's team: the
 * release's guard against a request sent between the job's read and its delete (a decided request is final).
 */
const noRequestWaiting = () =>
  sql`not exists (select 1 from ${assistanceRequests} where ${assistanceRequests.athleteId} = ${licenceClaims.userId} and ${assistanceRequests.teamId} = ${licences.teamId} and ${assistanceRequests.status} = 'pending')`;

/** One held seat (a team licence's claim with nothing paid) and when its hold ends (`holdEnd`). */
export interface HeldClaim {
  claimId: number;
  licenceId: number;
  code: string;
  userId: number;
  athleteName: string;
  claimedAt: Date;
  end: HoldEnd;
}

/**
 * The held seats matching `where` (over `licence_claims` and `licences`), the oldest claim first, each with its end:
 * the one read of a hold's end, joined with the claimant's request for financial assistance on the team (at most one:
 * one per athlete and season).
 */
export async function heldClaims(db: Db | Tx, where: SQL | undefined): Promise<HeldClaim[]> {
  const rows = await db
    .select({
      claimId: licenceClaims.id,
      licenceId: licenceClaims.licenceId,
      code: licences.code,
      userId: licenceClaims.userId,
      name: users.name,
      username: users.username,
      claimedAt: licenceClaims.claimedAt,
      requestStatus: assistanceRequests.status,
      decidedAt: assistanceRequests.decidedAt,
    })
    .from(licenceClaims)
    .innerJoin(licences, eq(licences.id, licenceClaims.licenceId))
    .innerJoin(users, eq(users.id, licenceClaims.userId))
    .leftJoin(
      assistanceRequests,
      and(eq(assistanceRequests.athleteId, licenceClaims.userId), eq(assistanceRequests.teamId, licences.teamId)),
    )
    .where(and(eq(licences.kind, 'team'), nothingPaid(), where))
    .orderBy(licenceClaims.claimedAt, licenceClaims.id);
  return rows.map((row) => ({
    claimId: row.claimId,
    licenceId: row.licenceId,
    code: row.code,
    userId: row.userId,
    athleteName: row.name ?? row.username ?? '',
    claimedAt: row.claimedAt,
    end: holdEnd(
      row.claimedAt,
      row.requestStatus === null ? null : { status: row.requestStatus, decidedAt: row.decidedAt },
    ),
  }));
}

/**
 * What the release's DELETE repeats (two runs at once release a hold once): a team licence's claim, nothing paid,
 * nobody paying, nobody waiting for a decision on assistance. Which holds are over is `holdEnd`'s (heldClaims).
 */
function stillReleasable(at: Date) {
  return and(
    eq(licences.kind, 'team'),
    nothingPaid(),
    notPaying(new Date(at.getTime() - PAYMENT_IN_FLIGHT_MS)),
    noRequestWaiting(),
  );
}

/**
 * Deletes the given claims of one licence (still matching `condition`), records their release and gives their seats
 * back (the waitlist's first families get the offers), in the caller's transaction, which must not hold the licence
 * row yet. Answers how many were released and the mails for after the commit.
 */
async function releaseClaims(
  deps: HoldDeps,
  tx: Tx,
  licenceId: number,
  claimIds: number[],
  condition: ReturnType<typeof and>,
  release: { reason: SeatReleaseReason; staffId: number | null; at: Date },
) {
  // The licence's row first: every seat change of the licence runs one at a time in every process.
  await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId)).for('update');
  if (claimIds.length === 0) return { released: [] as { userId: number }[], mails: [] };
  const released = await tx
    .delete(licenceClaims)
    .where(
      and(
        inArray(licenceClaims.id, claimIds),
        eq(licenceClaims.licenceId, licenceId),
        sql`exists (select 1 from ${licences} where ${licences.id} = ${licenceClaims.licenceId} and ${condition})`,
      ),
    )
    .returning({ userId: licenceClaims.userId, claimedAt: licenceClaims.claimedAt });
  if (released.length === 0) return { released: [], mails: [] };
  await tx.insert(seatReleases).values(
    released.map((claim) => ({
      licenceId,
      userId: claim.userId,
      claimedAt: claim.claimedAt,
      releasedAt: release.at,
      reason: release.reason,
      releasedBy: release.staffId,
    })),
  );
  const change = await returnSeats(deps, tx, licenceId, released.length, release.at);
  return { released, mails: change.mails };
}

/**
 * The hold expiry job (`seat_hold_expiry` in server/billing/jobs.ts): every hold whose end (`holdEnd`: the claim's 96
 * hours, or 96 hours after an assistance decision; never while a request waits) is at or before `at` is released
 * and its seat offered to the waitlist's first family (or returned to the pool). One transaction per licence.
 * Answers how many holds this run released.
 */
export async function releaseExpiredHolds(deps: HoldDeps, at: Date): Promise<number> {
  // No hold ends before its claim's own 96 hours: only those claims are read, then `holdEnd` decides.
  const candidates = await heldClaims(
    deps.db,
    and(
      lte(licenceClaims.claimedAt, new Date(at.getTime() - HOLD_MS)),
      notPaying(new Date(at.getTime() - PAYMENT_IN_FLIGHT_MS)),
    ),
  );
  const byLicence = new Map<number, number[]>();
  for (const hold of candidates) {
    if (!holdEnded(hold.end, at)) continue;
    byLicence.set(hold.licenceId, [...(byLicence.get(hold.licenceId) ?? []), hold.claimId]);
  }
  let count = 0;
  for (const [licenceId, claimIds] of byLicence) {
    const outcome = await deps.db.transaction((tx) =>
      releaseClaims(deps, tx, licenceId, claimIds, stillReleasable(at), { reason: 'expired', staffId: null, at }),
    );
    count += outcome.released.length;
    await deliverAfterCommit(deps, outcome.mails);
  }
  return count + (await releaseUnpaidCheckOrCash(deps, at));
}

/**
 * Issue 34 point 4 (the same job): a membership recorded 'Awaiting payment' (check or cash) whose hold ran out with
 * nothing received is cancelled (its owed phases too) and its seat released as any expired hold (the waitlist's first
 * family gets the offer, else the pool). The membership's row is updated only while it still awaits payment past its
 * days, so a payment marked received meanwhile (which clears `awaiting_payment_until` under the same row lock) keeps
 * the seat, and two runs release it once. Answers how many were released.
 */
export async function releaseUnpaidCheckOrCash(deps: HoldDeps, at: Date): Promise<number> {
  const due = await deps.db
    .select({ id: memberships.id, licenceId: memberships.licenceId, organizationId: teams.organizationId })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(
      and(
        eq(memberships.status, 'active'),
        isNotNull(memberships.awaitingPaymentUntil),
        lte(memberships.awaitingPaymentUntil, at),
      ),
    )
    .orderBy(memberships.id);
  let count = 0;
  for (const row of due) {
    const outcome = await deps.db.transaction(async (tx) => {
      // The licence's row first, as every seat change takes it (releaseClaims takes it again in this transaction).
      if (row.licenceId !== null) {
        await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, row.licenceId)).for('update');
      }
      const [cancelled] = await tx
        .update(memberships)
        .set({ status: 'canceled', awaitingPaymentUntil: null })
        .where(
          and(
            eq(memberships.id, row.id),
            eq(memberships.status, 'active'),
            isNotNull(memberships.awaitingPaymentUntil),
            lte(memberships.awaitingPaymentUntil, at),
          ),
        )
        .returning({ userId: memberships.userId });
      if (!cancelled) return { released: [] as { userId: number }[], mails: [] };
      await tx
        .update(membershipPhases)
        .set({ status: 'cancelled', nextAttemptOn: null })
        .where(
          and(
            eq(membershipPhases.membershipId, row.id),
            inArray(membershipPhases.status, ['scheduled', 'failed', 'overdue']),
          ),
        );
      await writeAudit(tx, {
        organizationId: row.organizationId,
        staffId: null,
        membershipId: row.id,
        action: 'check_or_cash_released',
        before: { status: 'awaiting_payment' },
        after: { status: 'cancelled' },
        reason: null,
      });
      if (row.licenceId === null) return { released: [cancelled], mails: [] };
      const [claim] = await tx
        .select({ id: licenceClaims.id })
        .from(licenceClaims)
        .where(and(eq(licenceClaims.licenceId, row.licenceId), eq(licenceClaims.userId, cancelled.userId)));
      const done = await releaseClaims(
        deps,
        tx,
        row.licenceId,
        claim ? [claim.id] : [],
        and(eq(licences.kind, 'team'), nothingPaid()),
        { reason: 'expired', staffId: null, at },
      );
      return { released: [cancelled], mails: done.mails };
    });
    count += outcome.released.length;
    await deliverAfterCommit(deps, outcome.mails);
  }
  return count;
}

/**
 * Releases one athlete's hold on a licence at once ('Remove' in the family checkout, or staff on the roster), when it
 * is still a hold (nothing paid). Answers whether this call released it (false: not held, paid, released already).
 * `inTx` runs in the same transaction after the release (the staff audit row).
 */
export async function releaseHold(
  deps: HoldDeps,
  hold: { licenceId: number; userId: number },
  release: { reason: SeatReleaseReason; staffId: number | null; at: Date },
  inTx?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ id: licenceClaims.id })
      .from(licenceClaims)
      .where(and(eq(licenceClaims.licenceId, hold.licenceId), eq(licenceClaims.userId, hold.userId)));
    const condition = and(eq(licences.kind, 'team'), nothingPaid());
    const done = await releaseClaims(deps, tx, hold.licenceId, claim ? [claim.id] : [], condition, release);
    if (done.released.length > 0 && inTx) await inTx(tx);
    return done;
  });
  await deliverAfterCommit(deps, outcome.mails);
  return outcome.released.length > 0;
}

/**
 * DELETE /api/household/athletes/{athlete_id}/hold: 'Remove' in the family checkout releases that athlete's holds
 * (claims with nothing paid) at once; a paid seat is never released. 403 for an athlete's session (only a guardian
 * manages a household), 404 for an athlete not of the caller's household. Answers how many were released (0: none was held).
 */
export async function releaseRemovedAthlete(
  deps: AppDeps,
  caller: Pick<UserRow, 'id' | 'kind'>,
  athleteId: number,
): Promise<{ released: number }> {
  requireHouseholdGuardian(caller);
  if (!(await householdAthleteIds(deps.db, caller)).includes(athleteId)) throw notFound(ATHLETE_NOT_FOUND);
  const claims = await deps.db
    .select({ licenceId: licenceClaims.licenceId })
    .from(licenceClaims)
    .innerJoin(licences, eq(licences.id, licenceClaims.licenceId))
    .where(and(eq(licenceClaims.userId, athleteId), eq(licences.kind, 'team'), nothingPaid()));
  let released = 0;
  for (const claim of claims) {
    const hold = { licenceId: claim.licenceId, userId: athleteId };
    if (await releaseHold(deps, hold, { reason: 'removed', staffId: null, at: deps.now() })) released += 1;
  }
  return { released };
}

/**
 * Pay Now after a release (issue 30 point 4): each claimant (the athlete whose token pays, or a family checkout's
 * athletes) whose hold on a team's licence was released and who holds no claim on that team now claims the licence
 * again (claimLicence: a seat left in the pool, or the waitlist's offer to the family). No seat left: 403 'Sorry,
 * this license is not available.' (paused: the paused text), before any intent is made, so nothing is charged.
 * Nobody released: nothing is done and the usual seat check follows. `teamId`: only that team's licences.
 * The checkouts call it first: `await reclaimReleasedSeats(deps, [payer.id], team.id)`. `quiet`: refuse nothing
 * (the family checkout, whose pricing then answers the line's problem with the same texts).
 */
export async function reclaimReleasedSeats(
  deps: AppDeps,
  claimantIds: readonly number[],
  teamId?: number,
  options: { quiet?: boolean } = {},
): Promise<void> {
  const { db } = deps;
  if (claimantIds.length === 0) return;
  const claimants = [...new Set(claimantIds)];
  const released = await db
    .selectDistinct({ licenceId: seatReleases.licenceId, userId: seatReleases.userId, teamId: licences.teamId })
    .from(seatReleases)
    .innerJoin(licences, eq(licences.id, seatReleases.licenceId))
    .where(and(inArray(seatReleases.userId, claimants), teamId === undefined ? undefined : eq(licences.teamId, teamId)))
    .orderBy(seatReleases.userId, seatReleases.licenceId);
  const done = new Set<string>();
  for (const release of released) {
    const key = `${release.userId}:${release.teamId}`;
    if (release.teamId === null || done.has(key)) continue;
    done.add(key);
    const [held] = await db
      .select({ id: licenceClaims.id })
      .from(licenceClaims)
      .innerJoin(licences, eq(licences.id, licenceClaims.licenceId))
      .where(and(eq(licences.teamId, release.teamId), eq(licenceClaims.userId, release.userId)))
      .limit(1);
    if (held) continue;
    const [user] = await db.select().from(users).where(eq(users.id, release.userId));
    const [licence] = await db.select().from(licences).where(eq(licences.id, release.licenceId));
    if (!user || !licence) continue;
    const result = await claimLicence(deps, user, licence);
    if (options.quiet) continue;
    if (result.status === 'PAUSED') throw forbidden(LICENCE_TEXTS.paused);
    if (result.status !== 'OK') throw forbidden(LICENCE_TEXTS.teamUnavailable);
  }
}

/**
 * A hold of one of `userIds` on the licence (the oldest claim): when it ends (`holdEnd`, for the reminders' line);
 * null when none is held.
 */
export async function holdOf(db: Db | Tx, userIds: readonly number[], licenceId: number): Promise<HoldEnd | null> {
  if (userIds.length === 0) return null;
  const [hold] = await heldClaims(
    db,
    and(eq(licenceClaims.licenceId, licenceId), inArray(licenceClaims.userId, [...userIds])),
  );
  return hold?.end ?? null;
}

/**
 * Whether a hold of one of `userIds` on the licence was released and none of them holds a claim on it now (the
 * family's saved registration and licence page say 'Your held spot on {team} was released.'): the team's name, or
 * null.
 */
export async function releasedHoldTeam(
  db: Db | Tx,
  userIds: readonly number[],
  licence: Pick<LicenceRow, 'id' | 'teamId' | 'name'>,
): Promise<string | null> {
  if (userIds.length === 0) return null;
  const ids = [...userIds];
  const [release] = await db
    .select({ id: seatReleases.id })
    .from(seatReleases)
    .where(and(eq(seatReleases.licenceId, licence.id), inArray(seatReleases.userId, ids)))
    .limit(1);
  if (!release) return null;
  const [claim] = await db
    .select({ id: licenceClaims.id })
    .from(licenceClaims)
    .where(and(eq(licenceClaims.licenceId, licence.id), inArray(licenceClaims.userId, ids)))
    .limit(1);
  if (claim) return null;
  if (licence.teamId === null) return licence.name;
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, licence.teamId));
  return team?.name ?? licence.name;
}

/** One held seat of a team's roster (`GET /api/admin/teams/{team_id}/holds`). */
export interface TeamHoldJson {
  athlete: { id: number; name: string };
  license: string;
  /**
   * ISO instant: when the hold ends (the background run's next run releases it); null while a request for
   * financial assistance of the athlete waits (held until it is decided, then 96 hours more).
   */
  held_until: string | null;
}

/** The console's answer: the team's held seats, and whether this staff member may release them (a `can` flag). */
export interface TeamHoldsJson {
  holds: TeamHoldJson[];
  can_release: boolean;
}

/** GET /api/admin/teams/{team_id}/holds (every staff role of the team): its held seats, the oldest claim first. */
export async function teamHolds(deps: AppDeps, staff: StaffJson, teamId: number): Promise<TeamHoldsJson> {
  const team = await scopedTeam(deps.db, staff, teamId);
  const holds = await heldClaims(deps.db, eq(licences.teamId, team.id));
  return {
    can_release: allows(staff, 'release_hold', teamTarget(team)),
    holds: holds.map((hold) => ({
      athlete: { id: hold.userId, name: hold.athleteName },
      license: hold.code,
      held_until: heldUntilIso(hold.end),
    })),
  };
}

/**
 * DELETE /api/admin/teams/{team_id}/holds/{athlete_id} (owners, registrars): releases the athlete's held seat on the
 * team now, audited (`hold.release`, in the release's transaction); the seat goes to the waitlist's first family or
 * the pool. 409 'This spot is not held anymore.' when nothing is held (paid meanwhile, released already).
 */
export async function staffReleaseHold(
  deps: AppDeps,
  staff: StaffJson,
  teamId: number,
  athleteId: number,
): Promise<TeamHoldsJson> {
  const team = await scopedTeam(deps.db, staff, teamId, 'release_hold');
  const claims = await heldClaims(deps.db, and(eq(licenceClaims.userId, athleteId), eq(licences.teamId, team.id)));
  let released = 0;
  for (const claim of claims) {
    const audit = (tx: Tx) =>
      writeAudit(tx, {
        organizationId: team.organizationId,
        staffId: staff.id,
        membershipId: null,
        action: 'hold.release',
        before: { athlete_id: athleteId, license: claim.code, held_until: heldUntilIso(claim.end) },
        after: null,
        reason: null,
      });
    const hold = { licenceId: claim.licenceId, userId: athleteId };
    if (await releaseHold(deps, hold, { reason: 'staff', staffId: staff.id, at: deps.now() }, audit)) released += 1;
  }
  if (released === 0) throw conflict(SEAT_HOLD_TEXTS.notHeld);
  return teamHolds(deps, staff, teamId);
}

/**
 * The console's 'Billing' page (issue 33 point 4): for one day of an organization, the instalments that fell due
 * that day and where each stands: collected, waiting for a retry, failed for good (overdue after the last retry),
 * not charged yet; how many were declined at least once; each failed one with its membership. Owners and
 * registrars (`read_money`). The database reads the rows; the counts and sums are made here, from the rows.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toIsoDate } from '../../src/domain/dates.ts';
import type { PhaseStatus } from '../../src/domain/membership-figures.ts';
import type { Db } from '../db/client.ts';
import { membershipPhases, memberships, teams, users } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { type CsvExport, csvLine, dollarsText, streamOf } from './admin-exports.ts';
import { authorize, organizationTarget, type StaffJson } from './staff/index.ts';

/** Where an instalment due on the day stands. */
export type BillingOutcome = 'collected' | 'retrying' | 'failed' | 'scheduled' | 'cancelled';

export interface BillingFigure {
  count: number;
  amount_cents: number;
}

export interface BillingFailureJson {
  membership_id: number;
  phase_id: number;
  athlete: { id: number; name: string };
  team: { id: number; name: string };
  amount_cents: number;
  status: 'retrying' | 'failed';
  failure_message: string | null;
  next_attempt_on: string | null;
}

export interface BillingDayJson {
  organization: { id: number; name: string };
  date: string;
  due: BillingFigure;
  collected: BillingFigure;
  declined: BillingFigure;
  retrying: BillingFigure;
  failed: BillingFigure;
  scheduled: BillingFigure;
  failures: BillingFailureJson[];
}

export function outcomeOf(status: PhaseStatus): BillingOutcome {
  switch (status) {
    case 'paid':
      return 'collected';
    case 'failed':
      return 'retrying';
    case 'overdue':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'scheduled';
  }
}

interface DayRow {
  phaseId: number;
  membershipId: number;
  amountCents: number;
  status: PhaseStatus;
  attempts: number;
  firstFailedOn: string | null;
  nextAttemptOn: string | null;
  failureMessage: string | null;
  athleteId: number;
  athleteName: string;
  teamId: number;
  teamName: string;
}

async function dayRows(db: Db, organizationId: number, date: string): Promise<DayRow[]> {
  const athlete = alias(users, 'athlete');
  const organizationTeams = db.select({ id: teams.id }).from(teams).where(eq(teams.organizationId, organizationId));
  const rows = await db
    .select({
      phaseId: membershipPhases.id,
      membershipId: membershipPhases.membershipId,
      amountCents: membershipPhases.amountCents,
      status: membershipPhases.status,
      attempts: membershipPhases.attempts,
      firstFailedOn: membershipPhases.firstFailedOn,
      nextAttemptOn: membershipPhases.nextAttemptOn,
      failureMessage: membershipPhases.failureMessage,
      athleteId: athlete.id,
      athleteName: athlete.name,
      athleteUsername: athlete.username,
      teamId: teams.id,
      teamName: teams.name,
    })
    .from(membershipPhases)
    .innerJoin(memberships, eq(memberships.id, membershipPhases.membershipId))
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .innerJoin(athlete, eq(athlete.id, memberships.userId))
    .where(and(eq(membershipPhases.dueOn, date), inArray(memberships.teamId, organizationTeams)))
    .orderBy(asc(teams.name), asc(membershipPhases.membershipId), asc(membershipPhases.seq));
  return rows.map(({ athleteName, athleteUsername, ...row }) => ({
    ...row,
    athleteName: athleteName ?? athleteUsername ?? '',
  }));
}

const figure = (rows: readonly DayRow[]): BillingFigure => ({
  count: rows.length,
  amount_cents: rows.reduce((total, row) => total + row.amountCents, 0),
});

/** GET /api/admin/organizations/{id}/billing?date= (today, in the product's zone, when none is given). */
export async function billingDay(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  date: string | undefined,
): Promise<BillingDayJson> {
  const place = authorize(staff, 'read_money', organizationTarget(organizationId));
  const day = date ?? toIsoDate(deps.now());
  const rows = await dayRows(deps.db, organizationId, day);
  const live = rows.filter((row) => outcomeOf(row.status) !== 'cancelled');
  const by = (outcome: BillingOutcome) => live.filter((row) => outcomeOf(row.status) === outcome);
  return {
    organization: { id: place.id, name: place.name },
    date: day,
    due: figure(live),
    collected: figure(by('collected')),
    declined: figure(live.filter((row) => row.firstFailedOn !== null)),
    retrying: figure(by('retrying')),
    failed: figure(by('failed')),
    scheduled: figure(by('scheduled')),
    failures: live.flatMap((row): BillingFailureJson[] => {
      const outcome = outcomeOf(row.status);
      if (outcome !== 'retrying' && outcome !== 'failed') return [];
      return [
        {
          membership_id: row.membershipId,
          phase_id: row.phaseId,
          athlete: { id: row.athleteId, name: row.athleteName },
          team: { id: row.teamId, name: row.teamName },
          amount_cents: row.amountCents,
          status: outcome,
          failure_message: row.failureMessage,
          next_attempt_on: row.nextAttemptOn,
        },
      ];
    }),
  };
}

export const BILLING_HEADER = [
  'membership_id',
  'athlete',
  'team',
  'due_on',
  'amount',
  'outcome',
  'attempts',
  'failure_message',
  'next_attempt_on',
] as const;

/** GET /api/admin/organizations/{id}/billing.csv?date=: every instalment due that day, one row each. */
export async function billingDayCsv(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  date: string | undefined,
): Promise<CsvExport> {
  const place = authorize(staff, 'read_money', organizationTarget(organizationId));
  const day = date ?? toIsoDate(deps.now());
  const rows = await dayRows(deps.db, organizationId, day);
  async function* lines() {
    yield csvLine(BILLING_HEADER);
    for (const row of rows) {
      yield csvLine([
        row.membershipId,
        row.athleteName,
        row.teamName,
        day,
        dollarsText(row.amountCents),
        outcomeOf(row.status),
        row.attempts,
        row.failureMessage,
        row.nextAttemptOn,
      ]);
    }
  }
  const slug =
    place.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'club';
  return { fileName: `${slug}-billing-${day}.csv`, body: streamOf(lines) };
}

/**
 * The public channel the console's 'Billing' page follows for an organization (src/api/admin-billing.ts
 * `billingChannel`): the server sends 'changed' with no data when a billing run moved some of its instalments, and
 * the page reads the day again through its authorized call, so nothing but the moment leaves the server.
 */
export function billingChannel(organizationId: number): string {
  return `admin.billing.${organizationId}`;
}

/** Pings the 'Billing' pages of the organizations whose memberships' instalments a run just charged or failed. */
export async function announceBillingChange(deps: AppDeps, membershipIds: readonly number[]): Promise<void> {
  if (membershipIds.length === 0) return;
  try {
    const rows = await deps.db
      .selectDistinct({ organizationId: teams.organizationId })
      .from(memberships)
      .innerJoin(teams, eq(teams.id, memberships.teamId))
      .where(inArray(memberships.id, [...new Set(membershipIds)]));
    for (const row of rows) {
      await deps.providers.realtime.trigger(billingChannel(row.organizationId), 'changed', {});
    }
  } catch (error) {
    // The page is a view of the database: a missed ping only delays what it shows until it is read again.
    deps.log.warn({ err: error }, 'billing: the billing page could not be told of a change');
  }
}

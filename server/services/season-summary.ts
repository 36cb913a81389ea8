/**
 * GET /api/admin/organizations/{id}/season-summary (issue 33 point 4): the season's picture on the console's home,
 * for owners and registrars (`read_money`). The database gathers the season's memberships, their phases with the
 * month each charge came in and their refunds with the month each went back, and counts the documents waiting to be
 * verified; every figure is src/domain/season-summary.ts's, itself a sum of the one meaning of paid.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { emptyTotals, type SeasonTotals, type SummaryPhase, seasonSummary } from '../../src/domain/season-summary.ts';
import {
  membershipDocuments,
  membershipPhases,
  membershipRefunds,
  memberships,
  seasons,
  teams,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { english } from '../i18n/index.ts';
import { authorize, organizationTarget, type StaffJson } from './staff/index.ts';

export const SEASON_SUMMARY_TEXTS = { seasonNotFound: english('admin.seasonNotFound') } as const;

export interface SeasonTotalsJson {
  registered: number;
  paid_in_full: number;
  on_plan: number;
  owing: number;
  cancelled: number;
  held: number;
  collected_cents: number;
  refunded_cents: number;
  due_cents: number;
  failed: number;
  overdue: number;
}

export interface SeasonSummaryJson {
  organization: { id: number; name: string };
  season: { id: number; name: string; start_date: string } | null;
  /** The organization's seasons, latest first (the page's season picker). */
  seasons: { id: number; name: string }[];
  club: SeasonTotalsJson;
  teams: ({ id: number; name: string } & SeasonTotalsJson)[];
  months: { month: string; collected_cents: number; due_cents: number }[];
  /** Documents of the season's memberships waiting for a registrar (the documents queue). */
  documents_to_verify: number;
}

function totalsJson(totals: SeasonTotals): SeasonTotalsJson {
  return {
    registered: totals.registered,
    paid_in_full: totals.paidInFull,
    on_plan: totals.onPlan,
    owing: totals.owing,
    cancelled: totals.cancelled,
    held: totals.held,
    collected_cents: totals.collectedCents,
    refunded_cents: totals.refundedCents,
    due_cents: totals.dueCents,
    failed: totals.failed,
    overdue: totals.overdue,
  };
}

const MONTH = 'YYYY-MM';

/** The season's memberships with their phases (paid month, refunds by month), in the summary's shape. */
async function seasonMemberships(deps: AppDeps, seasonId: number) {
  const { db } = deps;
  const rows = await db
    .select({ id: memberships.id, teamId: memberships.teamId, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.seasonId, seasonId));
  if (rows.length === 0) return [];
  const scope = sql`(select ${memberships.id} from ${memberships} where ${memberships.seasonId} = ${seasonId})`;
  const [phases, refunds] = await Promise.all([
    db
      .select({
        id: membershipPhases.id,
        membershipId: membershipPhases.membershipId,
        amountCents: membershipPhases.amountCents,
        status: membershipPhases.status,
        dueOn: membershipPhases.dueOn,
        paidMonth: sql<string | null>`to_char(${membershipPhases.paidAt} at time zone 'UTC', ${MONTH})`,
      })
      .from(membershipPhases)
      .where(sql`${membershipPhases.membershipId} in ${scope}`)
      .orderBy(asc(membershipPhases.membershipId), asc(membershipPhases.seq)),
    db
      .select({
        phaseId: membershipRefunds.phaseId,
        amountCents: membershipRefunds.amountCents,
        month: sql<string>`to_char(coalesce(${membershipRefunds.completedAt}, ${membershipRefunds.createdAt}) at time zone 'UTC', ${MONTH})`,
      })
      .from(membershipRefunds)
      .where(and(eq(membershipRefunds.status, 'succeeded'), sql`${membershipRefunds.membershipId} in ${scope}`)),
  ]);
  const refundsByPhase = new Map<number, { month: string; amountCents: number }[]>();
  for (const refund of refunds) {
    const list = refundsByPhase.get(refund.phaseId) ?? [];
    list.push({ month: refund.month, amountCents: refund.amountCents });
    refundsByPhase.set(refund.phaseId, list);
  }
  const phasesByMembership = new Map<number, SummaryPhase[]>();
  for (const phase of phases) {
    const list = phasesByMembership.get(phase.membershipId) ?? [];
    list.push({
      amountCents: phase.amountCents,
      status: phase.status,
      dueOn: phase.dueOn,
      paidMonth: phase.paidMonth,
      refunds: refundsByPhase.get(phase.id) ?? [],
    });
    phasesByMembership.set(phase.membershipId, list);
  }
  return rows.map((row) => ({
    teamId: row.teamId,
    cancelled: row.status === 'canceled',
    phases: phasesByMembership.get(row.id) ?? [],
  }));
}

/**
 * The picture of one season of the organization (`seasonId`, or its latest by start date): 404 'Season not found.'
 * for a season of another organization.
 */
export async function staffSeasonSummary(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  seasonId: number | undefined,
): Promise<SeasonSummaryJson> {
  const place = authorize(staff, 'read_money', organizationTarget(organizationId));
  const { db } = deps;
  const all = await db
    .select({ id: seasons.id, name: seasons.name, startDate: seasons.startDate })
    .from(seasons)
    .where(eq(seasons.organizationId, organizationId))
    .orderBy(desc(seasons.startDate), desc(seasons.id));
  const season = seasonId === undefined ? all[0] : all.find((candidate) => candidate.id === seasonId);
  if (seasonId !== undefined && !season) throw notFound(SEASON_SUMMARY_TEXTS.seasonNotFound);
  const organization = { id: place.id, name: place.name };
  const seasonList = all.map((candidate) => ({ id: candidate.id, name: candidate.name }));
  if (!season) {
    return {
      organization,
      season: null,
      seasons: seasonList,
      club: totalsJson(emptyTotals()),
      teams: [],
      months: [],
      documents_to_verify: 0,
    };
  }
  const seasonTeams = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.seasonId, season.id)))
    .orderBy(asc(teams.name), asc(teams.id));
  const [rows, [documents]] = await Promise.all([
    seasonMemberships(deps, season.id),
    seasonTeams.length === 0
      ? Promise.resolve([{ count: 0 }])
      : db
          .select({ count: sql<number>`count(*)::int` })
          .from(membershipDocuments)
          .innerJoin(memberships, eq(memberships.id, membershipDocuments.membershipId))
          .where(
            and(
              eq(membershipDocuments.status, 'pending'),
              inArray(
                memberships.teamId,
                seasonTeams.map((team) => team.id),
              ),
            ),
          ),
  ]);
  const summary = seasonSummary(
    seasonTeams.map((team) => team.id),
    rows,
  );
  return {
    organization,
    season: { id: season.id, name: season.name, start_date: season.startDate },
    seasons: seasonList,
    club: totalsJson(summary.club),
    teams: seasonTeams.map((team) => {
      const totals = summary.teams.get(team.id);
      return { id: team.id, name: team.name, ...totalsJson(totals ?? emptyTotals()) };
    }),
    months: summary.months.map((month) => ({
      month: month.month,
      collected_cents: month.collectedCents,
      due_cents: month.dueCents,
    })),
    documents_to_verify: Number(documents?.count ?? 0),
  };
}

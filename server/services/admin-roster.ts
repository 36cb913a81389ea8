import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamStatus } from '../../src/domain/staff.ts';
import { planName } from '../billing/phases.ts';
import type { Db } from '../db/client.ts';
import {
  athleteGuardians,
  type MembershipRow,
  mailOutbox,
  membershipCards,
  membershipOfflinePayments,
  membershipPhases,
  membershipRefunds,
  memberships,
  organizations,
  seasons,
  teams,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { type AuditJson, membershipAudit } from './admin-audit.ts';
import { authorizeTeam, mayOnTeam, type StaffAction, type StaffJson } from './staff/index.ts';

/**
 * Who has paid (issue 22 point 3): a team's roster computed in SQL (status, paid, remaining, next due per membership,
 * filtered, searched, sorted and paginated by the database), and one membership's page. Any role reads the roster (a
 * coach only their own teams, and without money: issue 30 point 2, `read_money` in services/staff/permissions.ts);
 * the membership page is for who may read money.
 */

export const ROSTER_STATUSES = ['paid', 'on_schedule', 'failed', 'overdue', 'refunded'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
export const ROSTER_SORTS = ['athlete', 'guardian', 'paid', 'remaining', 'next_due', 'status'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];
export const ROSTER_PAGE_SIZE = 50;

export const ROSTER_TEXTS = { membershipNotFound: 'Membership not found.' } as const;

/** What a roster status says to a coach (issue 30 point 2): a standing, never an amount or a declined card. */
export const TEAM_STATUS_OF: Readonly<Record<RosterStatus, TeamStatus>> = {
  paid: 'paid',
  on_schedule: 'on_schedule',
  failed: 'owes',
  overdue: 'owes',
  refunded: 'cancelled',
};

/** A coach's roster row: the athlete, the guardian's name, e-mail and phone, a standing. */
export interface TeamRosterRowJson {
  id: number;
  athlete: { id: number; name: string };
  guardian: { id: number; name: string; email: string; phone: string };
  status: TeamStatus;
}

export interface RosterRowJson {
  id: number;
  athlete: { id: number; name: string };
  guardian: { id: number; name: string; email: string; phone: string };
  plan: string;
  paid_cents: number;
  remaining_cents: number;
  next_due: string | null;
  status: RosterStatus;
}

export interface RosterQuery {
  status?: RosterStatus | undefined;
  q?: string | undefined;
  page?: number | undefined;
  sort?: RosterSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
}

const OPEN = sql`('scheduled', 'failed', 'overdue')`;

/** Per membership: what its phases add up to. */
function phaseTotals(db: Db, scope: SQL) {
  return db
    .select({
      membershipId: membershipPhases.membershipId,
      grossPaid:
        sql<number>`coalesce(sum(${membershipPhases.amountCents}) filter (where ${membershipPhases.status} = 'paid'), 0)::int`.as(
          'gross_paid',
        ),
      remaining:
        sql<number>`coalesce(sum(${membershipPhases.amountCents}) filter (where ${membershipPhases.status} in ${OPEN}), 0)::int`.as(
          'remaining',
        ),
      nextDue: sql<
        string | null
      >`to_char(min(${membershipPhases.dueOn}) filter (where ${membershipPhases.status} in ${OPEN}), 'YYYY-MM-DD')`.as(
        'next_due',
      ),
      failed: sql<number>`count(*) filter (where ${membershipPhases.status} = 'failed')::int`.as('failed'),
      overdue: sql<number>`count(*) filter (where ${membershipPhases.status} = 'overdue')::int`.as('overdue'),
    })
    .from(membershipPhases)
    .where(sql`${membershipPhases.membershipId} in ${scope}`)
    .groupBy(membershipPhases.membershipId)
    .as('phase_totals');
}

function refundTotals(db: Db, scope: SQL) {
  return db
    .select({
      membershipId: membershipRefunds.membershipId,
      refunded: sql<number>`coalesce(sum(${membershipRefunds.amountCents}), 0)::int`.as('refunded'),
    })
    .from(membershipRefunds)
    .where(and(eq(membershipRefunds.status, 'succeeded'), sql`${membershipRefunds.membershipId} in ${scope}`))
    .groupBy(membershipRefunds.membershipId)
    .as('refund_totals');
}

/**
 * The roster's rows as one statement: callers add the where, order and page. `scope` is a subquery of the membership
 * ids the totals are computed for (a team's, or one export page's), so no statement aggregates other teams' phases.
 */
function rosterSelect(db: Db, scope: SQL) {
  const athlete = alias(users, 'athlete');
  const guardian = alias(users, 'guardian');
  const phases = phaseTotals(db, scope);
  const refunds = refundTotals(db, scope);
  const refunded = sql<number>`coalesce(${refunds.refunded}, 0)`;
  const grossPaid = sql<number>`coalesce(${phases.grossPaid}, 0)`;
  const status = sql<RosterStatus>`case
    when ${refunded} > 0 and ${refunded} >= ${grossPaid} then 'refunded'
    when coalesce(${phases.overdue}, 0) > 0 then 'overdue'
    when coalesce(${phases.failed}, 0) > 0 then 'failed'
    when coalesce(${phases.remaining}, 0) = 0 then 'paid'
    else 'on_schedule' end`;
  const guardianId = sql`coalesce(${memberships.payerId}, (select ${athleteGuardians.guardianId} from ${athleteGuardians}
    where ${athleteGuardians.athleteId} = ${memberships.userId}
    order by ${athleteGuardians.createdAt}, ${athleteGuardians.guardianId} limit 1), ${memberships.userId})`;
  const columns = {
    id: memberships.id,
    athleteId: athlete.id,
    athleteName: sql<string>`coalesce(${athlete.name}, ${athlete.username}, '')`,
    guardianId: guardian.id,
    guardianName: sql<string>`coalesce(${guardian.name}, ${guardian.username}, '')`,
    guardianEmail: sql<string>`coalesce(${guardian.email}, '')`,
    guardianPhone: sql<string>`coalesce(${guardian.phone}, '')`,
    planMonth: memberships.paymentPlanMonth,
    paidCents: sql<number>`(${grossPaid} - ${refunded})::int`,
    remainingCents: sql<number>`coalesce(${phases.remaining}, 0)::int`,
    nextDue: phases.nextDue,
    status,
  };
  const query = db
    .select(columns)
    .from(memberships)
    .innerJoin(athlete, eq(athlete.id, memberships.userId))
    .innerJoin(guardian, sql`${guardian.id} = ${guardianId}`)
    .leftJoin(phases, eq(phases.membershipId, memberships.id))
    .leftJoin(refunds, eq(refunds.membershipId, memberships.id));
  return { query, columns, athlete, guardian, status };
}

type RosterRecord = {
  id: number;
  athleteId: number;
  athleteName: string;
  guardianId: number;
  guardianName: string;
  guardianEmail: string;
  guardianPhone: string;
  planMonth: number;
  paidCents: number;
  remainingCents: number;
  nextDue: string | null;
  status: RosterStatus;
};

export function rosterRowJson(row: RosterRecord): RosterRowJson {
  return {
    id: row.id,
    athlete: { id: row.athleteId, name: row.athleteName },
    guardian: { id: row.guardianId, name: row.guardianName, email: row.guardianEmail, phone: row.guardianPhone },
    plan: planName(row.planMonth),
    paid_cents: Number(row.paidCents),
    remaining_cents: Number(row.remainingCents),
    next_due: row.nextDue,
    status: row.status,
  };
}

/** A roster row as a coach sees it (no amounts, plan or dates). */
export function teamRosterRowJson(row: RosterRowJson): TeamRosterRowJson {
  return { id: row.id, athlete: row.athlete, guardian: row.guardian, status: TEAM_STATUS_OF[row.status] };
}

/** The membership ids of a team, as the totals' scope. */
function teamScope(teamId: number): SQL {
  return sql`(select ${memberships.id} from ${memberships} where ${memberships.teamId} = ${teamId})`;
}

/** Escapes LIKE's wildcards so a search for `50%` finds the text. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The team, 404 'Team not found.' for one the staff member may not see. */
export async function scopedTeam(db: Db, staff: StaffJson, teamId: number, action: StaffAction = 'read_roster') {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound('Team not found.');
  authorizeTeam(staff, team, action);
  return team;
}

/** The roster's filter of one team: status and search. */
function rosterWhere(
  parts: ReturnType<typeof rosterSelect>,
  teamId: number,
  query: Pick<RosterQuery, 'status' | 'q'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(memberships.teamId, teamId)];
  if (query.status) conditions.push(sql`${parts.status} = ${query.status}`);
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(or(ilike(parts.athlete.name, pattern), ilike(parts.guardian.name, pattern)));
  }
  return and(...conditions);
}

function rosterOrder(parts: ReturnType<typeof rosterSelect>, sort: RosterSort, dir: 'asc' | 'desc'): SQL[] {
  const by = {
    athlete: sql`lower(${parts.columns.athleteName})`,
    guardian: sql`lower(${parts.columns.guardianName})`,
    paid: parts.columns.paidCents,
    remaining: parts.columns.remainingCents,
    next_due: parts.columns.nextDue,
    status: parts.status,
  }[sort];
  const direction = dir === 'desc' ? desc : asc;
  return [sql`${direction(by)} nulls last`, direction(memberships.id)];
}

/** GET /api/admin/teams/{team_id}/memberships */
export async function teamRoster(deps: AppDeps, staff: StaffJson, teamId: number, asked: RosterQuery) {
  const team = await scopedTeam(deps.db, staff, teamId);
  const money = mayOnTeam(staff, team, 'read_money');
  // Who may not read money neither filters nor sorts by it (the order would tell the amounts).
  const query: RosterQuery = money
    ? asked
    : { ...asked, status: undefined, sort: asked.sort === 'guardian' ? 'guardian' : undefined };
  const page = Math.max(1, query.page ?? 1);
  const parts = rosterSelect(deps.db, teamScope(team.id));
  const where = rosterWhere(parts, team.id, query);
  const rows = await parts.query
    .where(where)
    .orderBy(...rosterOrder(parts, query.sort ?? 'athlete', query.dir ?? 'asc'))
    .limit(ROSTER_PAGE_SIZE)
    .offset((page - 1) * ROSTER_PAGE_SIZE);
  const counted = rosterSelect(deps.db, teamScope(team.id));
  const [count] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(counted.query.where(rosterWhere(counted, team.id, query)).as('roster'));
  const json = rows.map(rosterRowJson);
  return {
    memberships: money ? json : json.map(teamRosterRowJson),
    total: Number(count?.total ?? 0),
    page,
    page_size: ROSTER_PAGE_SIZE,
  };
}

/**
 * Every roster row of a team in pages of `size`, in id order (keyset: each page starts after the last id), for the
 * streamed export: never more than one page in memory.
 */
export async function* rosterPages(db: Db, teamId: number, size: number): AsyncGenerator<RosterRowJson[]> {
  let after = 0;
  for (;;) {
    const page = sql`(select ${memberships.id} from ${memberships} where ${memberships.teamId} = ${teamId}
      and ${memberships.id} > ${after} order by ${memberships.id} limit ${size})`;
    const parts = rosterSelect(db, page);
    const rows = await parts.query
      .where(and(eq(memberships.teamId, teamId), sql`${memberships.id} > ${after}`))
      .orderBy(asc(memberships.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(rosterRowJson);
    const last = rows[rows.length - 1];
    if (!last || rows.length < size) return;
    after = last.id;
  }
}

/** GET /api/admin/teams: the teams the staff member may see (a coach: theirs), by organization, season and name. */
export async function staffTeams(deps: AppDeps, staff: StaffJson) {
  const organizationIds = staff.organizations.map((organization) => organization.id);
  if (organizationIds.length === 0) return { teams: [] };
  const rows = await deps.db
    .select({
      id: teams.id,
      name: teams.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
      seasonId: seasons.id,
      seasonName: seasons.name,
    })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .where(inArray(teams.organizationId, organizationIds))
    .orderBy(asc(organizations.name), asc(seasons.name), asc(teams.name), asc(teams.id));
  const visible = rows.filter((row) => {
    const place = staff.organizations.find((organization) => organization.id === row.organizationId);
    return place !== undefined && (place.teams === null || place.teams.some((team) => team.id === row.id));
  });
  return {
    teams: visible.map((row) => ({
      id: row.id,
      name: row.name,
      season: { id: row.seasonId, name: row.seasonName },
      organization: { id: row.organizationId, name: row.organizationName },
    })),
  };
}

/** The membership and its team, 404 'Membership not found.' outside the staff member's scope. */
export async function scopedMembership(
  db: Db,
  staff: StaffJson,
  membershipId: number,
  action: StaffAction,
): Promise<{ membership: MembershipRow; team: typeof teams.$inferSelect }> {
  const [row] = await db
    .select({ membership: memberships, team: teams })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.id, membershipId));
  if (!row) throw notFound(ROSTER_TEXTS.membershipNotFound);
  authorizeTeam(staff, row.team, action, ROSTER_TEXTS.membershipNotFound);
  return row;
}

export interface PhaseJson {
  id: number;
  label: string;
  due_on: string;
  amount_cents: number;
  status: string;
  paid_at: string | null;
  refunded_cents: number;
  offline: { method: 'cash' | 'cheque'; note: string } | null;
  payment_id: string | null;
}

export interface MembershipPageJson extends RosterRowJson {
  team: { id: number; name: string };
  season: { id: number; name: string };
  organization_id: number;
  card: { brand: string; last4: string } | null;
  phases: PhaseJson[];
  emails: { subject: string; to: string; sent_at: string }[];
  audit: AuditJson[];
}

function phaseLabel(seq: number, count: number): string {
  if (seq === 0) return count === 1 ? 'Payment in full' : 'First payment';
  return `Instalment ${seq} of ${count - 1}`;
}

/** GET /api/admin/memberships/{id}: the page's JSON, after the scope check. */
export async function membershipPageJson(db: Db, membership: MembershipRow): Promise<MembershipPageJson> {
  const parts = rosterSelect(db, sql`(${membership.id})`);
  const [row] = await parts.query.where(eq(memberships.id, membership.id));
  if (!row) throw notFound(ROSTER_TEXTS.membershipNotFound);
  const [place] = await db
    .select({ team: teams, season: seasons, organization: organizations.name })
    .from(teams)
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(eq(teams.id, membership.teamId));
  if (!place) throw notFound(ROSTER_TEXTS.membershipNotFound);
  const [card] = await db.select().from(membershipCards).where(eq(membershipCards.membershipId, membership.id));
  const phases = await db
    .select()
    .from(membershipPhases)
    .where(eq(membershipPhases.membershipId, membership.id))
    .orderBy(asc(membershipPhases.seq));
  const refunds = await db
    .select()
    .from(membershipRefunds)
    .where(and(eq(membershipRefunds.membershipId, membership.id), eq(membershipRefunds.status, 'succeeded')));
  const offline = await db
    .select()
    .from(membershipOfflinePayments)
    .where(eq(membershipOfflinePayments.membershipId, membership.id));
  const json = rosterRowJson(row);
  // What was sent about it: the outbox's mails tagged with this membership (receipts, failure notices, reminders,
  // refunds, to whichever guardian: server/mail/). The rest of a family's mail is not this club's to see: another
  // organization's receipts and refunds, a staff invitation from another club, a password reset.
  const emails = await db
    .select({ subject: mailOutbox.subject, to: mailOutbox.to, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(sql`${membership.id} = any(${mailOutbox.membershipIds})`)
    .orderBy(desc(mailOutbox.id))
    .limit(100);
  return {
    ...json,
    team: { id: place.team.id, name: place.team.name },
    season: { id: place.season.id, name: place.season.name },
    organization_id: place.team.organizationId,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    phases: phases.map((phase) => {
      const marked = offline.find((entry) => entry.phaseId === phase.id);
      return {
        id: phase.id,
        label: phaseLabel(phase.seq, phases.length),
        due_on: phase.dueOn,
        amount_cents: phase.amountCents,
        status: phase.status,
        paid_at: phase.paidAt ? phase.paidAt.toISOString() : null,
        refunded_cents: refunds.filter((r) => r.phaseId === phase.id).reduce((sum, r) => sum + r.amountCents, 0),
        offline: marked ? { method: marked.method, note: marked.note } : null,
        payment_id: phase.status === 'paid' && !marked ? phase.providerChargeId : null,
      };
    }),
    emails: emails.map((mail) => ({ subject: mail.subject, to: mail.to, sent_at: mail.createdAt.toISOString() })),
    audit: await membershipAudit(db, membership.id),
  };
}

/** GET /api/admin/memberships/{id} */
export async function staffMembership(deps: AppDeps, staff: StaffJson, membershipId: number) {
  const { membership } = await scopedMembership(deps.db, staff, membershipId, 'read_money');
  return { membership: await membershipPageJson(deps.db, membership) };
}

import { asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MEMBERSHIP_STATUSES,
  type MembershipFigures,
  type MembershipStanding,
  type MembershipStatus,
  membershipStanding,
  phaseRefundedCents,
} from '../../src/domain/membership-figures.ts';
import type { Db } from '../db/client.ts';
import {
  athleteGuardians,
  type MembershipRow,
  mailOutbox,
  membershipCards,
  membershipOfflinePayments,
  membershipPhases,
  memberships,
  organizations,
  seasons,
  teams,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { notFound, text } from '../http/errors.ts';
import { DEFAULT_LOCALE, english, type Locale, translate } from '../i18n/index.ts';
import { type AuditJson, membershipAudit } from './admin-audit.ts';
import { planNameFor } from './checkout/index.ts';
import { membershipsNeedingDocuments } from './documents/index.ts';
import { membershipHelpFields } from './help-paying.ts';
import { figuresOfPhases, phasesByMembership } from './membership-ledger.ts';
import { allows, authorize, type StaffAction, type StaffJson, teamTarget } from './staff/index.ts';
import { waiverAgreementField } from './waivers.ts';

/**
 * Who has paid (issue 22 point 3): a team's roster (status, paid, remaining, next due per membership) and one
 * membership's page. The database reads a team's names and phases (searched by name); the figures are
 * src/domain/membership-figures.ts's (issue 30 point 5: the same as the family's /payments), so the status filter,
 * the sort and the page are applied to them here. Any role reads the roster (a coach only their own teams, and
 * without money: issue 30 point 2, `read_money` in services/staff/permissions.ts); the membership page is for who may
 * read money.
 */

/** The statuses of src/domain/membership-figures.ts: the roster filters by the figures every surface shows. */
export const ROSTER_STATUSES = MEMBERSHIP_STATUSES;
export type RosterStatus = MembershipStatus;
export const ROSTER_SORTS = ['athlete', 'guardian', 'paid', 'remaining', 'next_due', 'status'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];
export const ROSTER_PAGE_SIZE = 50;

export const ROSTER_TEXTS = { membershipNotFound: english('admin.membershipNotFound') } as const;

/** A coach's roster row (issue 30 point 2): the athlete, the guardian's name, e-mail and phone, a standing. */
export interface TeamRosterRowJson {
  id: number;
  athlete: { id: number; name: string };
  guardian: { id: number; name: string; email: string; phone: string };
  status: MembershipStanding;
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

/**
 * The roster's people of the memberships `scope` selects (a subquery of membership ids), those whose athlete or
 * guardian name contains `search` when one is given, in id order: names and plan, no figures yet (`withFigures`).
 */
async function rosterPeople(db: Db, scope: SQL, search?: string): Promise<RosterPerson[]> {
  // The guardian's id first (a column of the subquery), so the database joins the users by it in one pass instead
  // of comparing every user with an expression per membership.
  const base = db
    .select({
      id: memberships.id,
      status: memberships.status,
      userId: memberships.userId,
      planMonth: memberships.paymentPlanMonth,
      guardianId: sql<number>`coalesce(${memberships.payerId}, (select ${athleteGuardians.guardianId}
        from ${athleteGuardians} where ${athleteGuardians.athleteId} = ${memberships.userId}
        order by ${athleteGuardians.createdAt}, ${athleteGuardians.guardianId} limit 1), ${memberships.userId})`.as(
        'guardian_id',
      ),
    })
    .from(memberships)
    .where(sql`${memberships.id} in ${scope}`)
    .as('roster_base');
  const athlete = alias(users, 'athlete');
  const guardian = alias(users, 'guardian');
  const text = search?.trim();
  const pattern = text ? likePattern(text) : null;
  return db
    .select({
      id: base.id,
      membershipStatus: base.status,
      athleteId: athlete.id,
      athleteName: sql<string>`coalesce(${athlete.name}, ${athlete.username}, '')`,
      guardianId: guardian.id,
      guardianName: sql<string>`coalesce(${guardian.name}, ${guardian.username}, '')`,
      guardianEmail: sql<string>`coalesce(${guardian.email}, '')`,
      guardianPhone: sql<string>`coalesce(${guardian.phone}, '')`,
      planMonth: base.planMonth,
    })
    .from(base)
    .innerJoin(athlete, eq(athlete.id, base.userId))
    .innerJoin(guardian, eq(guardian.id, base.guardianId))
    .where(pattern === null ? undefined : or(ilike(athlete.name, pattern), ilike(guardian.name, pattern)))
    .orderBy(asc(base.id));
}

/**
 * `people` with their figures: src/domain/membership-figures.ts's, as on the family's /payments. The phases read are
 * those of `scope` when it selects exactly these memberships (a whole team, an export's page), else of their ids.
 */
async function withFigures(db: Db, people: RosterPerson[], scope?: SQL): Promise<RosterRecord[]> {
  if (people.length === 0) return [];
  const phaseScope =
    scope ??
    sql`(select ${memberships.id} from ${memberships} where ${inArray(
      memberships.id,
      people.map((person) => person.id),
    )})`;
  const phases = await phasesByMembership(db, phaseScope);
  return people.map(({ membershipStatus, ...person }) => ({
    ...person,
    figures: figuresOfPhases({ status: membershipStatus }, phases.get(person.id) ?? []),
  }));
}

interface RosterPerson {
  id: number;
  membershipStatus: 'active' | 'canceled';
  athleteId: number;
  athleteName: string;
  guardianId: number;
  guardianName: string;
  guardianEmail: string;
  guardianPhone: string;
  planMonth: number;
}

interface RosterRecord extends Omit<RosterPerson, 'membershipStatus'> {
  figures: MembershipFigures;
}

/** A roster row, its plan named in the request's language (issue 31: the console's 'Plan' column and the CSV's). */
export function rosterRowJson(row: RosterRecord, locale: Locale = DEFAULT_LOCALE): RosterRowJson {
  return {
    id: row.id,
    athlete: { id: row.athleteId, name: row.athleteName },
    guardian: { id: row.guardianId, name: row.guardianName, email: row.guardianEmail, phone: row.guardianPhone },
    plan: planNameFor(locale, row.planMonth),
    paid_cents: row.figures.paidCents,
    remaining_cents: row.figures.remainingCents,
    next_due: row.figures.nextDue?.dueOn ?? null,
    status: row.figures.status,
  };
}

/** A roster row as a coach sees it: no amounts, plan or dates, a standing instead of the status. */
export function teamRosterRowJson(row: RosterRowJson): TeamRosterRowJson {
  return {
    id: row.id,
    athlete: row.athlete,
    guardian: row.guardian,
    status: membershipStanding(row.status, row.remaining_cents),
  };
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
  if (!team) throw notFound(text('checkout.teamNotFound'));
  authorize(staff, action, teamTarget(team));
  return team;
}

type Direction = 'asc' | 'desc';

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The sorts by a name: the order needs no figures, so only the page's rows are figured (`teamRoster`). */
const NAME_SORTS = ['athlete', 'guardian'] as const;
type NameSort = (typeof NAME_SORTS)[number];
const isNameSort = (sort: RosterSort): sort is NameSort => (NAME_SORTS as readonly string[]).includes(sort);

type SortKey = string | number | null;

function nameKey(sort: NameSort): (row: Pick<RosterPerson, 'athleteName' | 'guardianName'>) => SortKey {
  return sort === 'athlete' ? (row) => row.athleteName.toLowerCase() : (row) => row.guardianName.toLowerCase();
}

function recordKey(sort: RosterSort): (row: RosterRecord) => SortKey {
  switch (sort) {
    case 'athlete':
    case 'guardian':
      return nameKey(sort);
    case 'paid':
      return (row) => row.figures.paidCents;
    case 'remaining':
      return (row) => row.figures.remainingCents;
    case 'next_due':
      return (row) => row.figures.nextDue?.dueOn ?? null;
    case 'status':
      return (row) => row.figures.status;
  }
}

/** The roster's order: the column's key (nulls last either way), then the id, both in the direction asked. */
function rosterOrder<T extends { id: number }>(key: (row: T) => SortKey, dir: Direction): (a: T, b: T) => number {
  const sign = dir === 'desc' ? -1 : 1;
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) {
      return sign * (typeof ka === 'number' && typeof kb === 'number' ? ka - kb : compareText(String(ka), String(kb)));
    }
    return sign * (a.id - b.id);
  };
}

/**
 * The rows of one page and how many match: sorted by a name with no status filter, the people are ordered and paged
 * first and only the page's 50 are figured; a status filter or a sort by a figure figures the whole team first.
 */
async function rosterPage(
  db: Db,
  teamId: number,
  query: RosterQuery,
  page: number,
): Promise<{ rows: RosterRecord[]; total: number }> {
  const scope = teamScope(teamId);
  const sort = query.sort ?? 'athlete';
  const dir = query.dir ?? 'asc';
  const start = (page - 1) * ROSTER_PAGE_SIZE;
  const people = await rosterPeople(db, scope, query.q);
  if (query.status === undefined && isNameSort(sort)) {
    people.sort(rosterOrder<RosterPerson>(nameKey(sort), dir));
    return { rows: await withFigures(db, people.slice(start, start + ROSTER_PAGE_SIZE)), total: people.length };
  }
  // A search reads the phases of what it found only.
  const records = await withFigures(db, people, query.q?.trim() ? undefined : scope);
  const matching = query.status ? records.filter((row) => row.figures.status === query.status) : records;
  matching.sort(rosterOrder<RosterRecord>(recordKey(sort), dir));
  return { rows: matching.slice(start, start + ROSTER_PAGE_SIZE), total: matching.length };
}

/** GET /api/admin/teams/{team_id}/memberships */
export async function teamRoster(
  deps: AppDeps,
  staff: StaffJson,
  teamId: number,
  asked: RosterQuery,
  locale: Locale = DEFAULT_LOCALE,
) {
  const team = await scopedTeam(deps.db, staff, teamId);
  const money = allows(staff, 'read_money', teamTarget(team));
  // Who may not read money neither filters nor sorts by it (the order would tell the amounts).
  const query: RosterQuery = money
    ? asked
    : { ...asked, status: undefined, sort: asked.sort === 'guardian' ? 'guardian' : undefined };
  const page = Math.max(1, query.page ?? 1);
  const { rows, total } = await rosterPage(deps.db, team.id, query, page);
  const json = rows.map((row) => rosterRowJson(row, locale));
  // Issue 32 point 2 (additive): a team that requires documents marks the rows still waiting for them.
  const needing =
    team.requiredDocuments.length > 0
      ? await membershipsNeedingDocuments(
          deps.db,
          json.map((row) => row.id),
        )
      : null;
  const marked = <T extends { id: number }>(row: T): T & { documents_needed?: boolean } =>
    needing === null ? row : { ...row, documents_needed: needing.has(row.id) };
  return {
    memberships: money ? json.map(marked) : json.map(teamRosterRowJson).map(marked),
    total,
    page,
    page_size: ROSTER_PAGE_SIZE,
  };
}

/**
 * Every roster row of a team in pages of `size`, in id order (keyset: each page starts after the last id), for the
 * streamed export: never more than one page in memory.
 */
export async function* rosterPages(
  db: Db,
  teamId: number,
  size: number,
  locale: Locale = DEFAULT_LOCALE,
): AsyncGenerator<RosterRowJson[]> {
  let after = 0;
  for (;;) {
    const page = sql`(select ${memberships.id} from ${memberships} where ${memberships.teamId} = ${teamId}
      and ${memberships.id} > ${after} order by ${memberships.id} limit ${size})`;
    const rows = await withFigures(db, await rosterPeople(db, page), page);
    if (rows.length === 0) return;
    yield rows.map((row) => rosterRowJson(row, locale));
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
  const visible = rows.filter((row) =>
    allows(staff, 'read_roster', teamTarget({ id: row.id, organizationId: row.organizationId })),
  );
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
  authorize(staff, action, teamTarget(row.team), ROSTER_TEXTS.membershipNotFound);
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
  /** Issue 31 point 4: the language of the waiver text the family agreed to; absent when none was recorded. */
  waiver_language?: 'en' | 'es';
  phases: PhaseJson[];
  emails: { subject: string; to: string; sent_at: string }[];
  audit: AuditJson[];
}

/**
 * A phase's label on the membership page, in `locale` (the request's language, issue 31 point 2: the console shows it
 * as it comes): 'Payment in full' / 'Pago del total', 'First payment' / 'Pago inicial', 'Instalment 1 of 2' / 'Pago 1
 * de 2'.
 */
function phaseLabel(locale: Locale, seq: number, count: number): string {
  if (seq === 0) return translate(locale, count === 1 ? 'admin.phaseInFull' : 'admin.phaseFirst');
  return translate(locale, 'admin.phaseInstalment', { number: String(seq), count: String(count - 1) });
}

/** GET /api/admin/memberships/{id}: the page's JSON, after the scope check. */
export async function membershipPageJson(
  db: Db,
  membership: MembershipRow,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MembershipPageJson> {
  const one = sql`(${membership.id})`;
  const [row] = await withFigures(db, await rosterPeople(db, one), one);
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
  const refunded = await phasesByMembership(db, sql`(${membership.id})`);
  const refundedOn = (phaseId: number) => {
    const phase = refunded.get(membership.id)?.find((candidate) => candidate.id === phaseId);
    return phase ? phaseRefundedCents(phase) : 0;
  };
  const offline = await db
    .select()
    .from(membershipOfflinePayments)
    .where(eq(membershipOfflinePayments.membershipId, membership.id));
  const json = rosterRowJson(row, locale);
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
    ...(membership.waiverLanguage === null ? {} : { waiver_language: membership.waiverLanguage }),
    phases: phases.map((phase) => {
      const marked = offline.find((entry) => entry.phaseId === phase.id);
      return {
        id: phase.id,
        label: phaseLabel(locale, phase.seq, phases.length),
        due_on: phase.dueOn,
        amount_cents: phase.amountCents,
        status: phase.status,
        paid_at: phase.paidAt ? phase.paidAt.toISOString() : null,
        refunded_cents: refundedOn(phase.id),
        offline: marked ? { method: marked.method, note: marked.note } : null,
        payment_id: phase.status === 'paid' && !marked ? phase.providerChargeId : null,
      };
    }),
    emails: emails.map((mail) => ({ subject: mail.subject, to: mail.to, sent_at: mail.createdAt.toISOString() })),
    audit: await membershipAudit(db, membership.id),
    // Issue 34 (additive): the award and 'Awaiting payment', only where they apply.
    ...(await membershipHelpFields(db, membership.id)),
  };
}

/** GET /api/admin/memberships/{id} */
export async function staffMembership(
  deps: AppDeps,
  staff: StaffJson,
  membershipId: number,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { membership } = await scopedMembership(deps.db, staff, membershipId, 'read_money');
  // Issue 32 point 3 (additive): the signed waiver on record, when there is one.
  const waiver = await waiverAgreementField(deps.db, membership.id);
  return { membership: { ...(await membershipPageJson(deps.db, membership, locale)), ...waiver } };
}

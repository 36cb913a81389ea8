import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/dates.ts';
import { countedRefunds } from '../../src/domain/membership-figures.ts';
import type { Db } from '../db/client.ts';
import {
  membershipOfflinePayments,
  membershipPhases,
  membershipRefunds,
  memberships,
  users,
  waiverAgreements,
  waiverVersions,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.ts';
import { rosterPages, scopedTeam, teamRosterRowJson } from './admin-roster.ts';
import { allows, type StaffJson, teamTarget } from './staff/index.ts';
import { answerColumns, answersOfMemberships, teamQuestionsOf } from './team-questions.ts';

/**
 * Exports (issue 22 point 5): a team's roster and payments as CSV (UTF-8, a header row, ISO dates, dollars with two
 * decimals), streamed: rows are read in pages of `EXPORT_PAGE` memberships (keyset on the id) and written to a
 * ReadableStream as they come, so memory holds one page, never the whole team.
 */

export const EXPORT_PAGE = 500;

/**
 * A cell a spreadsheet would run as a formula starts with one of these, possibly after spaces (some spreadsheets trim
 * them, no-break and other Unicode spaces included): it gets a leading apostrophe.
 */
const FORMULA_START = /^[\s\u00a0\u2000-\u200b\u3000\ufeff]*[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Cents as dollars with two decimals, e.g. 47500 → '475.00' (no currency sign, no grouping: a number for sheets). */
export function dollarsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const ROSTER_HEADER = [
  'membership_id',
  'athlete',
  'guardian',
  'guardian_email',
  'plan',
  'paid',
  'remaining',
  'next_due',
  'status',
  // Issue 32 point 3: the signed waiver on record (empty without one): its version, when and by whom.
  'waiver_version',
  'waiver_agreed_at',
  'waiver_agreed_by',
] as const;

/** A coach's roster export (issue 30 point 2): no money columns, the guardian's phone. */
export const TEAM_ROSTER_HEADER = [
  'membership_id',
  'athlete',
  'guardian',
  'guardian_email',
  'guardian_phone',
  'status',
] as const;

export const PAYMENTS_HEADER = [
  'date',
  'type',
  'membership_id',
  'athlete',
  'amount',
  'payment_id',
  'method',
  'note',
] as const;

export function streamOf(lines: () => AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = lines();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

function fileName(team: string, kind: string, now: Date): string {
  const slug =
    team
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'team';
  return `${slug}-${kind}-${toIsoDate(now)}.csv`;
}

export interface CsvExport {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * GET /api/admin/teams/{team_id}/memberships.csv (any role that sees the roster; without money columns for who may not
 * read money: services/staff/permissions.ts `read_money`).
 */
export async function rosterCsv(
  deps: AppDeps,
  staff: StaffJson,
  teamId: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CsvExport> {
  const team = await scopedTeam(deps.db, staff, teamId);
  const money = allows(staff, 'read_money', teamTarget(team));
  // Issue 32 point 4: one column per question of the team (its prompt as the header), after the others.
  const questions = await teamQuestionsOf(deps.db, team.id);
  async function* lines() {
    yield csvLine([...(money ? ROSTER_HEADER : TEAM_ROSTER_HEADER), ...questions.map((q) => q.prompt)]);
    for await (const page of rosterPages(deps.db, team.id, EXPORT_PAGE, locale)) {
      let chunk = '';
      const waivers = money
        ? await waiverColumns(
            deps.db,
            page.map((row) => row.id),
          )
        : new Map();
      const answers = await answersOfMemberships(
        deps.db,
        page.map((row) => row.id),
        questions,
      );
      for (const row of page) {
        const asked = answerColumns(questions, answers.get(row.id));
        if (!money) {
          const { athlete, guardian, status } = teamRosterRowJson(row);
          chunk += csvLine([row.id, athlete.name, guardian.name, guardian.email, guardian.phone, status, ...asked]);
          continue;
        }
        chunk += csvLine([
          row.id,
          row.athlete.name,
          row.guardian.name,
          row.guardian.email,
          row.plan,
          dollarsText(row.paid_cents),
          dollarsText(row.remaining_cents),
          row.next_due,
          row.status,
          ...(waivers.get(row.id) ?? ['', '', '']),
          ...asked,
        ]);
      }
      yield chunk;
    }
  }
  return { fileName: fileName(team.name, 'roster', deps.now()), body: streamOf(lines) };
}

/** GET /api/admin/teams/{team_id}/payments.csv (owner, registrar): one row per charge, offline payment and refund. */
export async function paymentsCsv(deps: AppDeps, staff: StaffJson, teamId: number): Promise<CsvExport> {
  const team = await scopedTeam(deps.db, staff, teamId, 'read_money');
  async function* lines() {
    yield csvLine(PAYMENTS_HEADER);
    for await (const chunk of paymentPages(deps.db, team.id)) yield chunk;
  }
  return { fileName: fileName(team.name, 'payments', deps.now()), body: streamOf(lines) };
}

async function* paymentPages(db: Db, teamId: number): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    const members = await db
      .select({ id: memberships.id, athlete: users.name, username: users.username })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.teamId, teamId), gt(memberships.id, after)))
      .orderBy(asc(memberships.id))
      .limit(EXPORT_PAGE);
    const last = members[members.length - 1];
    if (!last) return;
    const ids = members.map((member) => member.id);
    const phases = await db
      .select()
      .from(membershipPhases)
      .where(and(inArray(membershipPhases.membershipId, ids), eq(membershipPhases.status, 'paid')))
      .orderBy(asc(membershipPhases.membershipId), asc(membershipPhases.seq));
    const offline = await db
      .select()
      .from(membershipOfflinePayments)
      .where(inArray(membershipOfflinePayments.membershipId, ids));
    const refunds = await db
      .select()
      .from(membershipRefunds)
      .where(and(inArray(membershipRefunds.membershipId, ids), eq(membershipRefunds.status, 'succeeded')))
      .orderBy(asc(membershipRefunds.id));
    // Each refund line as the figures count it (src/domain/membership-figures.ts `countedRefunds`): a membership's
    // lines add up to its `paidCents` on every other surface.
    const counted = new Map<number, number>();
    for (const phase of phases) {
      const own = refunds.filter((refund) => refund.phaseId === phase.id);
      const amounts = countedRefunds(
        phase,
        own.map((refund) => refund.amountCents),
      );
      for (const [index, refund] of own.entries()) counted.set(refund.id, amounts[index] ?? 0);
    }
    let chunk = '';
    for (const member of members) {
      const athlete = member.athlete ?? member.username ?? '';
      for (const phase of phases.filter((p) => p.membershipId === member.id)) {
        const marked = offline.find((entry) => entry.phaseId === phase.id);
        chunk += csvLine([
          phase.paidAt ? toIsoDate(phase.paidAt) : phase.dueOn,
          marked ? 'offline' : 'charge',
          member.id,
          athlete,
          dollarsText(phase.amountCents),
          marked ? null : phase.providerChargeId,
          marked ? marked.method : 'card',
          marked ? marked.note : null,
        ]);
      }
      for (const refund of refunds.filter((r) => r.membershipId === member.id)) {
        const amount = counted.get(refund.id) ?? 0;
        if (amount === 0) continue;
        chunk += csvLine([
          toIsoDate(refund.completedAt ?? refund.createdAt),
          'refund',
          member.id,
          athlete,
          dollarsText(amount),
          refund.paymentIntentId,
          'card',
          refund.reason,
        ]);
      }
    }
    yield chunk;
    if (members.length < EXPORT_PAGE) return;
    after = last.id;
  }
}

/** Issue 32 point 3: per membership of a roster page with a signed waiver, its CSV columns (version, when, by whom). */
async function waiverColumns(db: Db, membershipIds: number[]): Promise<Map<number, [string, string, string]>> {
  const columns = new Map<number, [string, string, string]>();
  if (membershipIds.length === 0) return columns;
  const rows = await db
    .select({
      membershipId: waiverAgreements.membershipId,
      version: waiverVersions.version,
      agreedAt: waiverAgreements.agreedAt,
      guardian: users.name,
    })
    .from(waiverAgreements)
    .innerJoin(waiverVersions, eq(waiverVersions.id, waiverAgreements.waiverVersionId))
    .innerJoin(users, eq(users.id, waiverAgreements.guardianId))
    .where(inArray(waiverAgreements.membershipId, membershipIds))
    .orderBy(asc(waiverAgreements.id));
  for (const row of rows) {
    if (row.membershipId === null) continue;
    columns.set(row.membershipId, [String(row.version), row.agreedAt.toISOString(), row.guardian ?? '']);
  }
  return columns;
}

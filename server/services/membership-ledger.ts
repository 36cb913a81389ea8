import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type LedgerPhase,
  type MembershipFigures,
  type MembershipLedger,
  membershipFigures,
} from '../../src/domain/membership-figures.ts';
import type { Db, Tx } from '../db/client.ts';
import { type MembershipPhaseRow, membershipPhases, membershipRefunds, memberships } from '../db/schema/index.ts';

/**
 * The server's side of one meaning of paid (issue 30 point 5): a membership's rows (its phases and its succeeded
 * refunds) read as the ledger src/domain/membership-figures.ts computes every figure from. The database only
 * gathers the rows; no statement here or elsewhere adds up paid, refunded or remaining.
 */

export type LedgerPhaseRow = Pick<
  MembershipPhaseRow,
  'id' | 'membershipId' | 'seq' | 'amountCents' | 'status' | 'dueOn'
>;

/** A membership's ledger from its phases (in schedule order), each with what was refunded of its charge. */
export function ledgerOf(
  membership: { status: 'active' | 'canceled' },
  phases: readonly (Pick<LedgerPhaseRow, 'amountCents' | 'status' | 'dueOn'> & { refundedCents: number })[],
): MembershipLedger {
  return {
    phases: phases.map(
      (phase): LedgerPhase => ({
        amountCents: phase.amountCents,
        status: phase.status,
        refundedCents: phase.refundedCents,
        dueOn: phase.dueOn,
      }),
    ),
    cancelled: membership.status === 'canceled',
  };
}

/** One phase of a ledger as read for many memberships at once, with its succeeded refunds. */
export interface PhaseWithRefunds extends LedgerPhaseRow {
  refundedCents: number;
}

/**
 * The phases, with their succeeded refunds, of the memberships `scope` selects (a subquery of membership ids), in
 * schedule order, grouped by membership.
 */
export async function phasesByMembership(db: Db | Tx, scope: SQL): Promise<Map<number, PhaseWithRefunds[]>> {
  const refunds = db
    .select({
      phaseId: membershipRefunds.phaseId,
      amountCents: sql<number>`sum(${membershipRefunds.amountCents})::int`.as('refunded_cents'),
    })
    .from(membershipRefunds)
    .where(and(eq(membershipRefunds.status, 'succeeded'), sql`${membershipRefunds.membershipId} in ${scope}`))
    .groupBy(membershipRefunds.phaseId)
    .as('phase_refunds');
  const rows = await db
    .select({
      id: membershipPhases.id,
      membershipId: membershipPhases.membershipId,
      seq: membershipPhases.seq,
      amountCents: membershipPhases.amountCents,
      status: membershipPhases.status,
      dueOn: membershipPhases.dueOn,
      refundedCents: sql<number>`coalesce(${refunds.amountCents}, 0)::int`,
    })
    .from(membershipPhases)
    .leftJoin(refunds, eq(refunds.phaseId, membershipPhases.id))
    .where(sql`${membershipPhases.membershipId} in ${scope}`)
    .orderBy(asc(membershipPhases.membershipId), asc(membershipPhases.seq));
  const byMembership = new Map<number, PhaseWithRefunds[]>();
  for (const row of rows) {
    const phase = { ...row, refundedCents: Number(row.refundedCents) };
    const list = byMembership.get(row.membershipId);
    if (list) list.push(phase);
    else byMembership.set(row.membershipId, [phase]);
  }
  return byMembership;
}

/**
 * True where the membership keeps money: `membershipFigures(...).paidCents > 0` (a paid phase not refunded in whole),
 * said in SQL for the statements that must decide it inside themselves, as a seat's release does under its guard
 * (seat-holds.ts `nothingPaid`: a cancelled membership that keeps money keeps its seat). It compares each paid phase
 * with its own succeeded refunds, as the figures cap them; it adds up no figure.
 */
export const keepsMoney = (membershipId: SQLWrapper) =>
  sql`exists (select 1 from ${membershipPhases} kept where kept.membership_id = ${membershipId} and kept.status = 'paid' and kept.amount_cents > coalesce((select sum(r.amount_cents) from ${membershipRefunds} r where r.phase_id = kept.id and r.status = 'succeeded'), 0))`;

/** The figures of a membership from its phases as `phasesByMembership` read them. */
export function figuresOfPhases(
  membership: { status: 'active' | 'canceled' },
  phases: readonly PhaseWithRefunds[],
): MembershipFigures {
  return membershipFigures(ledgerOf(membership, phases));
}

/** One membership's figures, read now (in the caller's transaction when given one). */
export async function membershipFiguresOf(db: Db | Tx, membershipId: number): Promise<MembershipFigures> {
  const [membership] = await db
    .select({ status: memberships.status })
    .from(memberships)
    .where(eq(memberships.id, membershipId));
  const phases = await phasesByMembership(db, sql`(${membershipId})`);
  return figuresOfPhases(membership ?? { status: 'active' }, phases.get(membershipId) ?? []);
}

/** The figures of several memberships (ids), keyed by id. */
export async function figuresOfMemberships(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, MembershipFigures>> {
  const figures = new Map<number, MembershipFigures>();
  if (ids.length === 0) return figures;
  const rows = await db
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .where(inArray(memberships.id, [...ids]));
  const scope = sql`(select ${memberships.id} from ${memberships} where ${inArray(memberships.id, [...ids])})`;
  const phases = await phasesByMembership(db, scope);
  for (const row of rows) figures.set(row.id, figuresOfPhases(row, phases.get(row.id) ?? []));
  return figures;
}

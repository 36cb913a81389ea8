/**
 * Issue 34 point 2 (the club decides): the console's assistance queue (the reason shown only here), each season's
 * budget (the owner sets it; approvals lock the budget row, so two at once never exceed it), and the decisions
 * (approve the share asked or another amount, decline with a message), audited (admin-audit.ts) and e-mailed to the
 * family (mail/help-paying-mail.ts) with the way back to the registration. The requests themselves, the offer and
 * the award a checkout takes off are ./help-paying.ts's.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { characterCount } from '../../src/domain/characters.ts';
import { formatUsd } from '../../src/domain/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { assistanceBudgets, assistanceRequests, licences, seasons, staffAccounts, users } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { conflict, english, fieldError, notFound, text } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { assistanceDecisionMail } from '../mail/help-paying-mail.ts';
import { writeAudit } from './admin-audit.ts';
import { seasonMembership } from './checkout/index.ts';
import {
  askedCents,
  MAX_REASON,
  oneRequest,
  type RequestWithNames,
  requestJson,
  requestsQuery,
  type StaffAssistanceRequestJson,
} from './help-paying.ts';
import { athleteHouseholdGuardianIds } from './households.ts';
import { authorize, organizationTarget, type StaffJson } from './staff/index.ts';

export interface AssistanceBudgetJson {
  season: { id: number; name: string };
  budget_cents: number;
  approved_cents: number;
  left_cents: number;
}

async function approvedInSeason(db: Db | Tx, seasonId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${assistanceRequests.amountApprovedCents}), 0)::int` })
    .from(assistanceRequests)
    .where(and(eq(assistanceRequests.seasonId, seasonId), eq(assistanceRequests.status, 'approved')));
  return Number(row?.cents ?? 0);
}

async function budgetJson(db: Db | Tx, season: { id: number; name: string }): Promise<AssistanceBudgetJson> {
  const [row] = await db
    .select({ cents: assistanceBudgets.budgetCents })
    .from(assistanceBudgets)
    .where(eq(assistanceBudgets.seasonId, season.id));
  const budget = row?.cents ?? 0;
  const approved = await approvedInSeason(db, season.id);
  return { season, budget_cents: budget, approved_cents: approved, left_cents: Math.max(0, budget - approved) };
}

/** The season's budget row, made when missing, locked for the rest of the transaction (FOR UPDATE). */
async function lockBudget(tx: Tx, seasonId: number): Promise<number> {
  await tx.insert(assistanceBudgets).values({ seasonId, budgetCents: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ cents: assistanceBudgets.budgetCents })
    .from(assistanceBudgets)
    .where(eq(assistanceBudgets.seasonId, seasonId))
    .for('update');
  return row?.cents ?? 0;
}

async function staffRequestJson(db: Db | Tx, rows: RequestWithNames[]): Promise<StaffAssistanceRequestJson[]> {
  const athleteIds = [...new Set(rows.map((row) => row.request.athleteId))];
  const guardianOf = new Map<number, { id: number; name: string; email: string } | null>();
  for (const athleteId of athleteIds) {
    const [guardianId] = await athleteHouseholdGuardianIds(db, athleteId);
    if (guardianId === undefined) {
      guardianOf.set(athleteId, null);
      continue;
    }
    const [guardian] = await db
      .select({
        id: users.id,
        name: sql<string>`coalesce(${users.name}, '')`,
        email: sql<string>`coalesce(${users.email}, '')`,
      })
      .from(users)
      .where(eq(users.id, guardianId));
    guardianOf.set(athleteId, guardian ?? null);
  }
  const staffIds = [...new Set(rows.flatMap((row) => (row.request.decidedBy === null ? [] : [row.request.decidedBy])))];
  const deciders =
    staffIds.length === 0
      ? []
      : await db
          .select({ id: staffAccounts.id, name: staffAccounts.name })
          .from(staffAccounts)
          .where(inArray(staffAccounts.id, staffIds));
  return rows.map((row) => ({
    ...requestJson(row),
    reason: row.request.reason,
    guardian: guardianOf.get(row.request.athleteId) ?? null,
    decided_by: deciders.find((staff) => staff.id === row.request.decidedBy) ?? null,
  }));
}

/** GET /api/admin/organizations/{id}/assistance?season_id=: the queue and the season's budget (owners, registrars). */
export async function assistanceQueue(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  seasonId: number | undefined,
) {
  const place = authorize(staff, 'read_assistance', organizationTarget(organizationId));
  const { db } = deps;
  const all = await db
    .select({ id: seasons.id, name: seasons.name, startDate: seasons.startDate })
    .from(seasons)
    .where(eq(seasons.organizationId, organizationId))
    .orderBy(desc(seasons.startDate), desc(seasons.id));
  const season = seasonId === undefined ? all[0] : all.find((candidate) => candidate.id === seasonId);
  if (seasonId !== undefined && !season) throw notFound(text('helpPaying.seasonNotFound'));
  const seasonsJson = all.map(({ id, name }) => ({ id, name }));
  if (!season) return { season: null, seasons: seasonsJson, budget: null, requests: [], can_edit_budget: false };
  const rows = await requestsQuery(db)
    .where(and(eq(assistanceRequests.organizationId, organizationId), eq(assistanceRequests.seasonId, season.id)))
    .orderBy(
      sql`case when ${assistanceRequests.status} = 'pending' then 0 else 1 end`,
      desc(assistanceRequests.createdAt),
      desc(assistanceRequests.id),
    );
  return {
    season: { id: season.id, name: season.name },
    seasons: seasonsJson,
    budget: await budgetJson(db, { id: season.id, name: season.name }),
    requests: await staffRequestJson(db, rows),
    can_edit_budget: place.can.edit_help_paying,
  };
}

async function seasonOf(db: Db | Tx, seasonId: number) {
  const [season] = await db.select().from(seasons).where(eq(seasons.id, seasonId));
  return season ?? null;
}

/** PUT /api/admin/seasons/{id}/assistance-budget: the owner sets it; never below what is approved (audited). */
export async function setAssistanceBudget(deps: AppDeps, staff: StaffJson, seasonId: number, budgetCents: number) {
  const season = await seasonOf(deps.db, seasonId);
  if (!season) throw notFound(text('helpPaying.seasonNotFound'));
  authorize(staff, 'edit_help_paying', organizationTarget(season.organizationId), english('helpPaying.seasonNotFound'));
  const named = { id: season.id, name: season.name };
  await deps.db.transaction(async (tx) => {
    const before = await lockBudget(tx, season.id);
    const approved = await approvedInSeason(tx, season.id);
    if (budgetCents < approved) {
      throw fieldError('budget_cents', text('helpPaying.budgetBelowApproved', { amount: formatUsd(approved) }));
    }
    await tx
      .update(assistanceBudgets)
      .set({ budgetCents, updatedAt: deps.now() })
      .where(eq(assistanceBudgets.seasonId, season.id));
    await writeAudit(tx, {
      organizationId: season.organizationId,
      staffId: staff.id,
      membershipId: null,
      action: 'assistance.budget',
      before: { season_id: season.id, budget_cents: before },
      after: { season_id: season.id, budget_cents: budgetCents },
      reason: null,
    });
  });
  return { budget: await budgetJson(deps.db, named) };
}

export type Decision = { kind: 'approve'; amountCents?: number | undefined } | { kind: 'decline'; message: string };

/**
 * POST /api/admin/assistance-requests/{id}/approve and /decline (owners, registrars of the request's organization;
 * approving is `approve_assistance`, which moves money, declining `decide_assistance`):
 * under the season's budget row lock, so two approvals at once never exceed it; audited; the family is e-mailed in
 * the same transaction (the outbox). A request decided already: 409.
 */
export async function decideAssistance(deps: AppDeps, staff: StaffJson, requestId: number, decision: Decision) {
  const { db } = deps;
  const [found] = await db.select().from(assistanceRequests).where(eq(assistanceRequests.id, requestId));
  if (!found) throw notFound(text('helpPaying.requestNotFound'));
  // Approving moves money (a second factor where the owner requires one); declining does not.
  const action = decision.kind === 'approve' ? 'approve_assistance' : 'decide_assistance';
  authorize(staff, action, organizationTarget(found.organizationId), english('helpPaying.requestNotFound'));
  if (decision.kind === 'decline') {
    const message = decision.message.trim();
    if (message.length === 0) throw fieldError('message', text('helpPaying.messageRequired'));
    if (characterCount(message) > MAX_REASON) throw fieldError('message', text('helpPaying.messageTooLong'));
    decision = { kind: 'decline', message };
  }
  const now = deps.now();
  await db.transaction(async (tx) => {
    // The budget row first (every approval of the season, one at a time), then the request.
    const budget = await lockBudget(tx, found.seasonId);
    const [request] = await tx
      .select()
      .from(assistanceRequests)
      .where(eq(assistanceRequests.id, requestId))
      .for('update');
    if (request?.status !== 'pending') throw conflict(text('helpPaying.alreadyDecided'));
    let amount: number | null = null;
    if (decision.kind === 'approve') {
      amount = decision.amountCents ?? askedCents(request);
      if (!Number.isInteger(amount) || amount < 1 || amount > request.duesCents) {
        throw fieldError('amount_cents', text('helpPaying.amountRange'));
      }
      // An award applies at checkout: once the athlete has registered for the season it would never reach them.
      if (await seasonMembership(tx, request.athleteId, request.seasonId)) {
        throw conflict(text('helpPaying.alreadyRegistered'));
      }
      const left = Math.max(0, budget - (await approvedInSeason(tx, request.seasonId)));
      if (amount > left) {
        throw fieldError('amount_cents', text('helpPaying.overBudget', { amount: formatUsd(left) }));
      }
    }
    await tx
      .update(assistanceRequests)
      .set({
        status: decision.kind === 'approve' ? 'approved' : 'declined',
        amountApprovedCents: amount,
        decisionMessage: decision.kind === 'decline' ? decision.message : null,
        decidedBy: staff.id,
        decidedAt: now,
      })
      .where(eq(assistanceRequests.id, request.id));
    await writeAudit(tx, {
      organizationId: request.organizationId,
      staffId: staff.id,
      membershipId: null,
      action: decision.kind === 'approve' ? 'assistance.approve' : 'assistance.decline',
      before: { request_id: request.id, status: request.status },
      after: {
        request_id: request.id,
        athlete_id: request.athleteId,
        season_id: request.seasonId,
        status: decision.kind === 'approve' ? 'approved' : 'declined',
        amount_approved_cents: amount,
      },
      // The family's reason stays in the queue; the audit keeps the club's own message.
      reason: decision.kind === 'decline' ? decision.message : null,
    });
    await mailDecision(deps, tx, request.id);
  });
  deps.log.info({ requestId, organizationId: found.organizationId, decision: decision.kind }, 'assistance decided');
  const [row] = await staffRequestJson(db, [await oneRequest(db, requestId)]);
  const names = await oneRequest(db, requestId);
  return { request: row, budget: await budgetJson(db, { id: names.request.seasonId, name: names.seasonName }) };
}

/** The decision e-mail, to the athlete's guardians (else the athlete), with the way back to the registration. */
async function mailDecision(deps: AppDeps, tx: Tx, requestId: number): Promise<void> {
  const row = await oneRequest(tx, requestId);
  const { request } = row;
  const [licence] =
    request.licenceId === null
      ? await tx
          .select({ code: licences.code })
          .from(licences)
          .where(and(eq(licences.teamId, request.teamId), eq(licences.kind, 'team')))
          .orderBy(asc(licences.id))
          .limit(1)
      : await tx.select({ code: licences.code }).from(licences).where(eq(licences.id, request.licenceId));
  const guardians = await athleteHouseholdGuardianIds(tx, request.athleteId);
  const recipients = await tx
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(inArray(users.id, guardians.length > 0 ? guardians : [request.athleteId]));
  for (const recipient of recipients) {
    if (!recipient.email) continue;
    await deps.mailer.sendInTransaction(
      tx,
      assistanceDecisionMail({
        to: recipient.email,
        name: recipient.name,
        organization: row.organizationName,
        athlete: row.athleteName,
        team: row.teamName,
        season: row.seasonName,
        approvedCents: request.status === 'approved' ? request.amountApprovedCents : null,
        decisionMessage: request.decisionMessage,
        continueLink: siteLink(deps.env, '/continue', licence ? { license: licence.code } : {}),
        locale: recipient.language,
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The membership's answers (/payments, the console's membership page): additive, only where they apply

/**
 * Issue 34 (help paying): financial assistance and paying by check or cash (docs/architecture.md "Issue 34: help
 * paying"; the calls in docs/api.md "Help paying"). The one home of:
 * - an organization's offer (organization_help_paying; no row: it offers neither and nothing changes);
 * - a family's request (one per athlete and season; the seat stays held while it waits and 96 hours after the
 *   decision: services/seat-holds.ts `notAskingForHelp`);
 * - the award a checkout takes off the dues (`approvedAwardCents`, read by services/checkout);
 * - the staff queue, decisions and each season's budget (approvals lock the budget row, so two at once never exceed
 *   it), audited (admin-audit.ts) and e-mailed to the family (mail/help-paying-mail.ts).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, formatUsd } from '../../src/domain/money.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type AssistanceStatus,
  assistanceBudgets,
  assistanceRequests,
  licences,
  memberships,
  organizationHelpPaying,
  organizations,
  seasons,
  staffAccounts,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { conflict, english, fieldError, notFound, text } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { assistanceDecisionMail } from '../mail/help-paying-mail.ts';
import { writeAudit } from './admin-audit.ts';
import { ALREADY_MEMBER, findTeam, requireTeamSeat, seasonMembership } from './checkout/index.ts';
import { athleteHouseholdGuardianIds, householdAthleteIds, householdIdOf } from './households.ts';
import { authorizeOrganization, type StaffJson } from './staff/index.ts';

/** How long a decided request keeps the seat held (the hold's own 96 hours, counted from the decision). */
export const DECISION_HOLD_MS = 96 * 60 * 60 * 1000;
export const SHARES = [25, 50, 75, 100] as const;
export type Share = (typeof SHARES)[number];
export const MAX_REASON = 500;

export type HelpPayingRow = typeof organizationHelpPaying.$inferSelect;
type RequestRow = typeof assistanceRequests.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// The organization's offer

/** The organization's offer, or null when it offers neither (no row, or a row with both off). */
export async function helpPayingOf(db: Db | Tx, organizationId: number): Promise<HelpPayingRow | null> {
  const [row] = await db
    .select()
    .from(organizationHelpPaying)
    .where(eq(organizationHelpPaying.organizationId, organizationId));
  if (!row || (!row.offersAssistance && !row.acceptsCheckOrCash)) return null;
  return row;
}

export interface HelpPayingSettingsJson {
  offers_assistance: boolean;
  accepts_check_or_cash: boolean;
  check_or_cash_instructions: string | null;
  check_or_cash_hold_days: number;
}

function settingsJson(row: HelpPayingRow | undefined): HelpPayingSettingsJson {
  return {
    offers_assistance: row?.offersAssistance ?? false,
    accepts_check_or_cash: row?.acceptsCheckOrCash ?? false,
    check_or_cash_instructions: row?.checkOrCashInstructions ?? null,
    check_or_cash_hold_days: row?.checkOrCashHoldDays ?? 14,
  };
}

/** GET /api/admin/organizations/{id}/help-paying (owners, registrars). */
export async function helpPayingSettings(deps: AppDeps, staff: StaffJson, organizationId: number) {
  authorizeOrganization(staff, organizationId, 'read_assistance');
  const [row] = await deps.db
    .select()
    .from(organizationHelpPaying)
    .where(eq(organizationHelpPaying.organizationId, organizationId));
  return { settings: settingsJson(row) };
}

/** PUT /api/admin/organizations/{id}/help-paying (owners; audited). */
export async function setHelpPayingSettings(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  body: HelpPayingSettingsJson,
) {
  authorizeOrganization(staff, organizationId, 'edit_help_paying');
  const instructions = body.check_or_cash_instructions?.trim() || null;
  if (body.accepts_check_or_cash && instructions === null) {
    throw fieldError('check_or_cash_instructions', text('helpPaying.instructionsRequired'));
  }
  if (
    !Number.isInteger(body.check_or_cash_hold_days) ||
    body.check_or_cash_hold_days < 1 ||
    body.check_or_cash_hold_days > 60
  ) {
    throw fieldError('check_or_cash_hold_days', text('helpPaying.holdDaysRange'));
  }
  const values = {
    offersAssistance: body.offers_assistance,
    acceptsCheckOrCash: body.accepts_check_or_cash,
    checkOrCashInstructions: instructions,
    checkOrCashHoldDays: body.check_or_cash_hold_days,
    updatedAt: deps.now(),
  };
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(organizationHelpPaying)
      .where(eq(organizationHelpPaying.organizationId, organizationId))
      .for('update');
    const [saved] = await tx
      .insert(organizationHelpPaying)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: organizationHelpPaying.organizationId, set: values })
      .returning();
    await writeAudit(tx, {
      organizationId,
      staffId: staff.id,
      membershipId: null,
      action: 'help_paying.settings',
      before: { ...settingsJson(before) },
      after: { ...settingsJson(saved) },
      reason: null,
    });
    return saved;
  });
  return { settings: settingsJson(row) };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests, as the family and the console read them

export interface AssistanceRequestJson {
  id: number;
  status: AssistanceStatus;
  athlete: { id: number; name: string };
  team: { id: number; name: string };
  season: { id: number; name: string };
  organization: { id: number; name: string };
  share_percent: number;
  free_or_reduced_meals: boolean;
  dues_cents: number;
  asked_cents: number;
  amount_approved_cents: number | null;
  decision_message: string | null;
  decided_at: string | null;
  created_at: string;
  held_until: string | null;
}

export interface StaffAssistanceRequestJson extends AssistanceRequestJson {
  reason: string;
  guardian: { id: number; name: string; email: string } | null;
  decided_by: { id: number; name: string } | null;
}

/** The share asked, in cents of the dues (rounded to the cent). */
export const askedCents = (row: Pick<RequestRow, 'duesCents' | 'sharePercent'>) =>
  Math.round((row.duesCents * row.sharePercent) / 100);

const requestFields = {
  request: assistanceRequests,
  athleteName: sql<string>`coalesce(${users.name}, ${users.username}, '')`,
  teamName: teams.name,
  seasonName: seasons.name,
  organizationName: organizations.name,
};

function requestsQuery(db: Db | Tx) {
  return db
    .select(requestFields)
    .from(assistanceRequests)
    .innerJoin(users, eq(users.id, assistanceRequests.athleteId))
    .innerJoin(teams, eq(teams.id, assistanceRequests.teamId))
    .innerJoin(seasons, eq(seasons.id, assistanceRequests.seasonId))
    .innerJoin(organizations, eq(organizations.id, assistanceRequests.organizationId));
}

type RequestWithNames = {
  request: RequestRow;
  athleteName: string;
  teamName: string;
  seasonName: string;
  organizationName: string;
};

function requestJson({ request, athleteName, teamName, seasonName, organizationName }: RequestWithNames) {
  const json: AssistanceRequestJson = {
    id: request.id,
    status: request.status,
    athlete: { id: request.athleteId, name: athleteName },
    team: { id: request.teamId, name: teamName },
    season: { id: request.seasonId, name: seasonName },
    organization: { id: request.organizationId, name: organizationName },
    share_percent: request.sharePercent,
    free_or_reduced_meals: request.freeOrReducedMeals,
    dues_cents: request.duesCents,
    asked_cents: askedCents(request),
    amount_approved_cents: request.amountApprovedCents,
    decision_message: request.decisionMessage,
    decided_at: request.decidedAt?.toISOString() ?? null,
    created_at: request.createdAt.toISOString(),
    held_until: request.decidedAt ? new Date(request.decidedAt.getTime() + DECISION_HOLD_MS).toISOString() : null,
  };
  return json;
}

async function oneRequest(db: Db | Tx, id: number): Promise<RequestWithNames> {
  const [row] = await requestsQuery(db).where(eq(assistanceRequests.id, id));
  if (!row) throw notFound(text('helpPaying.requestNotFound'));
  return row;
}

/** The request of an athlete for a season (the family's view), or null. */
export async function athleteRequest(db: Db | Tx, athleteId: number, seasonId: number) {
  const [row] = await requestsQuery(db).where(
    and(eq(assistanceRequests.athleteId, athleteId), eq(assistanceRequests.seasonId, seasonId)),
  );
  return row ? requestJson(row) : null;
}

/** The award a checkout takes off the athlete's dues for the season: the approved amount, or 0. */
export async function approvedAwardCents(db: Db | Tx, athleteId: number, seasonId: number): Promise<number> {
  const [row] = await db
    .select({ cents: assistanceRequests.amountApprovedCents })
    .from(assistanceRequests)
    .where(
      and(
        eq(assistanceRequests.athleteId, athleteId),
        eq(assistanceRequests.seasonId, seasonId),
        eq(assistanceRequests.status, 'approved'),
      ),
    );
  return row?.cents ?? 0;
}

/** The approved awards of several athletes (the family checkout's lines), by athlete and season. */
export async function approvedAwards(db: Db | Tx, athleteIds: readonly number[]) {
  if (athleteIds.length === 0) return [];
  const rows = await db
    .select({
      athleteId: assistanceRequests.athleteId,
      seasonId: assistanceRequests.seasonId,
      cents: assistanceRequests.amountApprovedCents,
    })
    .from(assistanceRequests)
    .where(and(inArray(assistanceRequests.athleteId, [...athleteIds]), eq(assistanceRequests.status, 'approved')));
  return rows.map((row) => ({ athleteId: row.athleteId, seasonId: row.seasonId, cents: row.cents ?? 0 }));
}

// ---------------------------------------------------------------------------------------------------------------
// The family's calls

export interface HelpPayingJson {
  organization: { id: number; name: string };
  offers_assistance: boolean;
  accepts_check_or_cash: boolean;
  check_or_cash_instructions: string | null;
  check_or_cash_hold_days: number | null;
  assistance_request: AssistanceRequestJson | null;
  /** Dollars, as PaymentData's money. */
  financial_assistance: number;
}

/**
 * PaymentData's `help_paying` (additive): present only where the team's organization offers assistance or accepts
 * check or cash, so every other team's payment data is exactly as before.
 */
export async function helpPayingPaymentData(
  db: Db | Tx,
  organization: { id: number; name: string },
  athleteId: number,
  seasonId: number | null,
  assistanceCents: number,
): Promise<{ help_paying?: HelpPayingJson }> {
  const offer = await helpPayingOf(db, organization.id);
  if (!offer) return {};
  return {
    help_paying: {
      organization: { id: organization.id, name: organization.name },
      offers_assistance: offer.offersAssistance,
      accepts_check_or_cash: offer.acceptsCheckOrCash,
      check_or_cash_instructions: offer.acceptsCheckOrCash ? offer.checkOrCashInstructions : null,
      check_or_cash_hold_days: offer.acceptsCheckOrCash ? offer.checkOrCashHoldDays : null,
      assistance_request: seasonId === null ? null : await athleteRequest(db, athleteId, seasonId),
      financial_assistance: centsToDollars(assistanceCents),
    },
  };
}

export interface AssistanceRequestBody {
  team_id: number;
  share_percent: number;
  free_or_reduced_meals: boolean;
  reason: string;
}

/**
 * POST /api/memberships/assistance-requests: the payer (the athlete whose session pays) asks the team's organization
 * for a share of the dues. The seat must be claimed (the checkout's rule, 403 otherwise); one request per athlete and
 * season (409); an organization that offers no assistance: 422 on `team_id`.
 */
export async function requestAssistance(deps: AppDeps, payer: UserRow, body: AssistanceRequestBody) {
  const { db } = deps;
  const reason = body.reason.trim();
  if (!(SHARES as readonly number[]).includes(body.share_percent)) {
    throw fieldError('share_percent', text('helpPaying.shareRequired'));
  }
  if (reason.length === 0) throw fieldError('reason', text('helpPaying.reasonRequired'));
  if (reason.length > MAX_REASON) throw fieldError('reason', text('helpPaying.reasonTooLong'));
  const team = await findTeam(db, body.team_id);
  if (!team) throw notFound(text('checkout.teamNotFound'));
  const offer = await helpPayingOf(db, team.organizationId);
  if (!offer?.offersAssistance) throw fieldError('team_id', text('helpPaying.notOffered'));
  const seat = await requireTeamSeat(db, payer, team.id, { allowPaused: false, now: deps.now() });
  if (await seasonMembership(db, payer.id, team.seasonId)) throw conflict(ALREADY_MEMBER);
  const guardians = await athleteHouseholdGuardianIds(db, payer.id);
  const householdId =
    guardians[0] === undefined ? await householdIdOf(db, payer.id) : await householdIdOf(db, guardians[0]);
  const [inserted] = await db
    .insert(assistanceRequests)
    .values({
      householdId,
      athleteId: payer.id,
      requestedBy: payer.id,
      organizationId: team.organizationId,
      teamId: team.id,
      seasonId: team.seasonId,
      licenceId: seat.licenceId,
      sharePercent: body.share_percent,
      freeOrReducedMeals: body.free_or_reduced_meals,
      reason,
      duesCents: team.totalDuesCents,
      createdAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ id: assistanceRequests.id });
  if (!inserted) throw conflict(text('helpPaying.alreadyAsked'));
  deps.log.info({ requestId: inserted.id, organizationId: team.organizationId }, 'assistance requested');
  return { request: requestJson(await oneRequest(db, inserted.id)) };
}

/**
 * GET /api/memberships/assistance-requests: the caller's own requests (an athlete's session) and those of the
 * athletes of the caller's household (a guardian's), newest first. Never the reason.
 */
export async function familyAssistanceRequests(deps: AppDeps, user: UserRow) {
  const athletes = [user.id, ...(user.kind === 'guardian' ? await householdAthleteIds(deps.db, user) : [])];
  const rows = await requestsQuery(deps.db)
    .where(inArray(assistanceRequests.athleteId, athletes))
    .orderBy(desc(assistanceRequests.createdAt), desc(assistanceRequests.id));
  return { requests: rows.map(requestJson) };
}

// ---------------------------------------------------------------------------------------------------------------
// The console: queue, budget, decisions

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
  const place = authorizeOrganization(staff, organizationId, 'read_assistance');
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
  authorizeOrganization(staff, season.organizationId, 'edit_help_paying', english('helpPaying.seasonNotFound'));
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
 * POST /api/admin/assistance-requests/{id}/approve and /decline (owners, registrars of the request's organization):
 * under the season's budget row lock, so two approvals at once never exceed it; audited; the family is e-mailed in
 * the same transaction (the outbox). A request decided already: 409.
 */
export async function decideAssistance(deps: AppDeps, staff: StaffJson, requestId: number, decision: Decision) {
  const { db } = deps;
  const [found] = await db.select().from(assistanceRequests).where(eq(assistanceRequests.id, requestId));
  if (!found) throw notFound(text('helpPaying.requestNotFound'));
  authorizeOrganization(staff, found.organizationId, 'decide_assistance', english('helpPaying.requestNotFound'));
  if (decision.kind === 'decline') {
    const message = decision.message.trim();
    if (message.length === 0 || message.length > MAX_REASON) {
      throw fieldError('message', text('helpPaying.messageRequired'));
    }
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

export interface MembershipHelpFields {
  financial_assistance_cents?: number;
  awaiting_payment?: { hold_until: string; instructions: string };
}

/**
 * A membership's issue-34 fields, read fresh: `financial_assistance_cents` with an award, `awaiting_payment` while a
 * check or cash is awaited (nothing received yet); neither otherwise, so every other answer keeps its shape.
 */
export async function membershipHelpFields(db: Db | Tx, membershipId: number): Promise<MembershipHelpFields> {
  const [row] = await db
    .select({
      assistance: memberships.financialAssistanceCents,
      until: memberships.awaitingPaymentUntil,
      status: memberships.status,
      instructions: organizationHelpPaying.checkOrCashInstructions,
    })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .leftJoin(organizationHelpPaying, eq(organizationHelpPaying.organizationId, teams.organizationId))
    .where(eq(memberships.id, membershipId));
  if (!row) return {};
  return {
    ...(row.assistance > 0 ? { financial_assistance_cents: row.assistance } : {}),
    ...(row.until !== null && row.status === 'active'
      ? { awaiting_payment: { hold_until: row.until.toISOString(), instructions: row.instructions ?? '' } }
      : {}),
  };
}

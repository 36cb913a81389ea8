/**
 * Issue 34 (help paying): financial assistance and paying by check or cash (docs/architecture.md "Issue 34: help
 * paying"; the calls in docs/api.md "Help paying"). The one home of:
 * - an organization's offer (organization_help_paying; no row: it offers neither and nothing changes);
 * - a family's request (one per athlete and season; the seat stays held while it waits and 96 hours after the
 *   decision: services/seat-holds.ts `notAskingForHelp`);
 * - the award a checkout takes off the dues (`approvedAwardCents`, read by services/checkout);
 * - what staff see of a membership's award (`membershipHelpFields`).
 * The staff queue, decisions and each season's budget are ./assistance-queue.ts's.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { characterCount } from '../../src/domain/characters.ts';
import { centsToDollars } from '../../src/domain/money.ts';
import { holdEndsAt } from '../../src/domain/seat-holds.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type AssistanceStatus,
  assistanceRequests,
  memberships,
  organizationHelpPaying,
  organizations,
  seasons,
  teams,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { conflict, fieldError, notFound, text } from '../http/errors.ts';
import { writeAudit } from './admin-audit.ts';
import { ALREADY_MEMBER, findTeam, requireTeamSeat, seasonMembership, teamMembershipOf } from './checkout/index.ts';
import { athleteHouseholdGuardianIds, householdAthleteIds, householdIdOf } from './households.ts';
import { authorize, organizationTarget, type StaffJson } from './staff/index.ts';

export const SHARES = [25, 50, 75, 100] as const;
export type Share = (typeof SHARES)[number];
/** The reason's and the decline message's limit, in characters as a person counts them (src/domain/characters.ts). */
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
  authorize(staff, 'read_assistance', organizationTarget(organizationId));
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
  authorize(staff, 'edit_help_paying', organizationTarget(organizationId));
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

export function requestsQuery(db: Db | Tx) {
  return db
    .select(requestFields)
    .from(assistanceRequests)
    .innerJoin(users, eq(users.id, assistanceRequests.athleteId))
    .innerJoin(teams, eq(teams.id, assistanceRequests.teamId))
    .innerJoin(seasons, eq(seasons.id, assistanceRequests.seasonId))
    .innerJoin(organizations, eq(organizations.id, assistanceRequests.organizationId));
}

export type RequestWithNames = {
  request: RequestRow;
  athleteName: string;
  teamName: string;
  seasonName: string;
  organizationName: string;
};

export function requestJson({ request, athleteName, teamName, seasonName, organizationName }: RequestWithNames) {
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
    // What the request itself keeps: 96 hours from the decision (src/domain/seat-holds.ts `holdEnd` also counts the claim).
    held_until: request.decidedAt ? holdEndsAt(request.decidedAt).toISOString() : null,
  };
  return json;
}

export async function oneRequest(db: Db | Tx, id: number): Promise<RequestWithNames> {
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
  if (characterCount(reason) > MAX_REASON) throw fieldError('reason', text('helpPaying.reasonTooLong'));
  const team = await findTeam(db, body.team_id);
  if (!team) throw notFound(text('checkout.teamNotFound'));
  const offer = await helpPayingOf(db, team.organizationId);
  if (!offer?.offersAssistance) throw fieldError('team_id', text('helpPaying.notOffered'));
  const seat = await requireTeamSeat(db, payer, team.id, { allowPaused: false, now: deps.now() });
  // The request is the athlete's who holds the seat (a guardian asking on their athlete's claim asks for that
  // athlete: one request per athlete and season), and never for a season the family has already registered.
  const athleteId = seat.holderId;
  if (
    (await seasonMembership(db, athleteId, team.seasonId)) ||
    (await seasonMembership(db, payer.id, team.seasonId)) ||
    (await teamMembershipOf(db, payer, team.id))
  ) {
    throw conflict(ALREADY_MEMBER);
  }
  const guardians = await athleteHouseholdGuardianIds(db, athleteId);
  const householdId =
    guardians[0] === undefined ? await householdIdOf(db, athleteId) : await householdIdOf(db, guardians[0]);
  const [inserted] = await db
    .insert(assistanceRequests)
    .values({
      householdId,
      athleteId,
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

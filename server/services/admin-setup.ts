/**
 * The club console's set-up (issue 22 point 2) and the draft editor's API (point 6): an organization's seasons, teams,
 * licences, coach licences, waiver, household discounts and discount codes, and (./admin-drafts.ts) its team drafts. Every function
 * checks the staff member's scope first (another organization's season, team, licence or draft answers 404 with its
 * own text, never its data; a role that may not do this answers 403) and takes a body the route validated with the
 * form's shared schema (src/domain/forms/admin-*.ts). Money is integer cents here and on the wire.
 *
 * What a paid family owes never follows a team's fees: a membership keeps its own amounts and phases
 * (memberships, membership_phases), so a fee change reaches only registrations that have not paid yet.
 * Seats and the pause of a licence go through the staff licence service (./staff-licences.ts updateLicenceSeats),
 * so a freed seat is offered to the licence's waitlist; drafts are saved through ./staff-drafts.ts saveStaffDraft,
 * which sends `updated` on `team.draft.{id}`.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AdminDiscountCodeBody } from '../../src/domain/forms/admin-discount-code.ts';
import type {
  AdminCoachLicenceBody,
  AdminLicenceBody,
  AdminLicenceUpdateBody,
} from '../../src/domain/forms/admin-licence.ts';
import { CODE_TAKEN } from '../../src/domain/forms/admin-licence.ts';
import type { AdminSeasonBody } from '../../src/domain/forms/admin-season.ts';
import type { AdminSettingsBody } from '../../src/domain/forms/admin-settings.ts';
import type { AdminTeamBody } from '../../src/domain/forms/admin-team.ts';
import { spanishWaiverChange, waiverEsField } from '../../src/domain/waiver-texts.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type DiscountCodeRow,
  discountCodes,
  type LicenceRow,
  licenceClaims,
  licences,
  type OrganizationRow,
  organizations,
  protectionPlans,
  type SeasonRow,
  seasons,
  type TeamRow,
  teams,
} from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { siteLink } from '../http/origin.ts';
import { english } from '../i18n/index.ts';
import { type AgeRuleJson, ageRulesOfTeams, saveTeamAgeRule } from './eligibility/index.ts';
import { findLicence } from './licences.ts';
import {
  authorize,
  organizationTarget,
  STAFF_TEXTS,
  type StaffAction,
  type StaffJson,
  teamTarget,
} from './staff/index.ts';
import { type LicencePrecondition, updateLicenceSeats } from './staff-licences.ts';
import { currentWaiverVersion } from './waivers.ts';

export const ADMIN_SETUP_TEXTS = {
  seasonNotFound: english('admin.seasonNotFound'),
  teamNotFound: STAFF_TEXTS.teamNotFound,
  licenceNotFound: english('admin.licenceNotFound'),
  draftNotFound: english('admin.draftNotFound'),
  organizationNotFound: STAFF_TEXTS.organizationNotFound,
  protectionPlanInvalid: english('admin.protectionPlanInvalid'),
  teamInvalid: english('admin.teamInvalid'),
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The answers (docs/api.md "Season set-up and the draft editor")

export interface AdminLicenceJson {
  code: string;
  name: string;
  kind: 'team' | 'coach';
  team_id: number | null;
  available_licenses: number;
  paused: boolean;
  claimed: number;
  expires_on: string | null;
  /** The licence page families follow (the link the club hands out). */
  link: string;
  /** Issue 30 point 4: the licence's version (its `ETag`), sent back as `If-Match` with a seat change. */
  version: number;
}

function licenceJson(deps: Pick<AppDeps, 'env'>, licence: LicenceRow, claimed: number): AdminLicenceJson {
  return {
    code: licence.code,
    name: licence.name,
    kind: licence.kind,
    team_id: licence.teamId,
    available_licenses: licence.availableLicenses,
    paused: licence.paused,
    claimed,
    expires_on: licence.expiresOn,
    link: siteLink(deps.env, `/licenses/${encodeURIComponent(licence.code)}`),
    version: licence.version,
  };
}

function teamJson(team: TeamRow, teamLicences: AdminLicenceJson[], ageRule?: AgeRuleJson) {
  return {
    id: team.id,
    season_id: team.seasonId,
    name: team.name,
    total_dues_cents: team.totalDuesCents,
    athlete_deposit_cents: team.athleteDepositCents,
    payment_plan_fee_cents: team.paymentPlanFeeCents,
    total_app_fee_cents: team.appFeeCents,
    is_app_fee_itemized: team.isAppFeeItemized,
    plan_months: team.planMonths,
    protection_plan_id: team.protectionPlanId,
    required_documents: team.requiredDocuments,
    licences: teamLicences,
    // Issue 32 (additive): the team's age rule, only when it has one.
    ...(ageRule === undefined ? {} : { age_rule: ageRule }),
  };
}

function seasonJson(season: SeasonRow, seasonTeams: ReturnType<typeof teamJson>[]) {
  return {
    id: season.id,
    name: season.name,
    start_date: season.startDate,
    first_installment_on: season.firstInstallmentOn,
    teams: seasonTeams,
  };
}

function organizationJson(organization: OrganizationRow) {
  return {
    id: organization.id,
    name: organization.name,
    waiver: organization.waiver,
    // Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one.
    ...waiverEsField(organization.waiverEs),
    household_discount:
      organization.secondAthletePercent === null || organization.furtherAthletePercent === null
        ? null
        : { second_percent: organization.secondAthletePercent, further_percent: organization.furtherAthletePercent },
  };
}

function discountCodeJson(code: DiscountCodeRow) {
  return {
    code: code.code,
    percent_off: code.percentOff,
    flat_discount_cents: code.flatDiscountCents,
    is_active: code.isActive,
  };
}

/** How many claims each licence has. */
async function claimCounts(db: Db | Tx, licenceIds: number[]): Promise<Map<number, number>> {
  if (licenceIds.length === 0) return new Map();
  const rows = await db
    .select({ licenceId: licenceClaims.licenceId, claimed: count() })
    .from(licenceClaims)
    .where(inArray(licenceClaims.licenceId, licenceIds))
    .groupBy(licenceClaims.licenceId);
  return new Map(rows.map((row) => [row.licenceId, row.claimed]));
}

async function licenceAnswer(deps: AppDeps, licence: LicenceRow) {
  const claims = await claimCounts(deps.db, [licence.id]);
  return { licence: licenceJson(deps, licence, claims.get(licence.id) ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// The organization's set-up

/** GET /api/admin/organizations/{id}/setup (owner, registrar). */
export async function organizationSetup(deps: AppDeps, staff: StaffJson, organizationId: number) {
  authorize(staff, 'read_setup', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const { db } = deps;
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw notFound(ADMIN_SETUP_TEXTS.organizationNotFound);
  const seasonRows = await db
    .select()
    .from(seasons)
    .where(eq(seasons.organizationId, organizationId))
    .orderBy(asc(seasons.startDate), asc(seasons.id));
  const teamRows = await db
    .select()
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(asc(teams.name), asc(teams.id));
  const licenceRows = await db
    .select()
    .from(licences)
    .where(eq(licences.organizationId, organizationId))
    .orderBy(asc(licences.code));
  const plans = await db
    .select()
    .from(protectionPlans)
    .where(eq(protectionPlans.organizationId, organizationId))
    .orderBy(asc(protectionPlans.id));
  const claims = await claimCounts(
    db,
    licenceRows.map((licence) => licence.id),
  );
  const licencesJson = licenceRows.map((licence) => licenceJson(deps, licence, claims.get(licence.id) ?? 0));
  const rules = await ageRulesOfTeams(
    db,
    teamRows.map((team) => team.id),
  );
  const teamsJson = teamRows.map((team) =>
    teamJson(
      team,
      licencesJson.filter((licence) => licence.kind === 'team' && licence.team_id === team.id),
      rules.get(team.id),
    ),
  );
  return {
    organization: {
      ...organizationJson(organization),
      // Issue 32 point 2 (additive, the set-up's answer only): approved documents' files are deleted.
      delete_documents_after_approval: organization.deleteDocumentsAfterApproval,
    },
    seasons: seasonRows.map((season) =>
      seasonJson(
        season,
        teamsJson.filter((team) => team.season_id === season.id),
      ),
    ),
    coach_licences: licencesJson.filter((licence) => licence.kind === 'coach'),
    protection_plans: plans.map((plan) => ({ id: plan.id, name: plan.description, amount_cents: plan.amountCents })),
  };
}

/**
 * PUT /api/admin/organizations/{id}/settings (owner): the waiver and the household discounts; the waiver's Spanish text
 * when sent (issue 31 point 4; the body's schema refuses one without the English waiver), and none once the waiver
 * is removed.
 */
export async function updateOrganizationSettings(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  body: AdminSettingsBody,
) {
  authorize(staff, 'edit_setup', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const [organization] = await deps.db
    .update(organizations)
    .set({
      waiver: body.waiver,
      ...spanishWaiverChange(body),
      secondAthletePercent: body.household_discount?.second_percent ?? null,
      furtherAthletePercent: body.household_discount?.further_percent ?? null,
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!organization) throw notFound(ADMIN_SETUP_TEXTS.organizationNotFound);
  // Issue 32 point 3: a changed text is the waiver's next version (services/waivers.ts), which the next checkout agrees to.
  await currentWaiverVersion(deps.db, organizationId);
  return { organization: organizationJson(organization) };
}

// ---------------------------------------------------------------------------------------------------------------
// Seasons and teams

async function seasonInScope(deps: AppDeps, staff: StaffJson, seasonId: number, action: StaffAction) {
  const [season] = await deps.db.select().from(seasons).where(eq(seasons.id, seasonId));
  if (!season) throw notFound(ADMIN_SETUP_TEXTS.seasonNotFound);
  authorize(staff, action, organizationTarget(season.organizationId), ADMIN_SETUP_TEXTS.seasonNotFound);
  return season;
}

async function teamInScope(deps: AppDeps, staff: StaffJson, teamId: number, action: StaffAction) {
  const [team] = await deps.db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound(ADMIN_SETUP_TEXTS.teamNotFound);
  authorize(staff, action, teamTarget(team));
  return team;
}

async function seasonTeams(deps: AppDeps, season: SeasonRow) {
  const rows = await deps.db.select().from(teams).where(eq(teams.seasonId, season.id)).orderBy(asc(teams.name));
  const licenceRows = rows.length
    ? await deps.db
        .select()
        .from(licences)
        .where(
          inArray(
            licences.teamId,
            rows.map((team) => team.id),
          ),
        )
    : [];
  const claims = await claimCounts(
    deps.db,
    licenceRows.map((licence) => licence.id),
  );
  const rules = await ageRulesOfTeams(
    deps.db,
    rows.map((team) => team.id),
  );
  return rows.map((team) =>
    teamJson(
      team,
      licenceRows
        .filter((licence) => licence.teamId === team.id)
        .map((licence) => licenceJson(deps, licence, claims.get(licence.id) ?? 0)),
      rules.get(team.id),
    ),
  );
}

/** POST /api/admin/organizations/{id}/seasons (owner). */
export async function createSeason(deps: AppDeps, staff: StaffJson, organizationId: number, body: AdminSeasonBody) {
  authorize(staff, 'edit_setup', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const [season] = await deps.db
    .insert(seasons)
    .values({
      organizationId,
      name: body.name,
      startDate: body.start_date,
      firstInstallmentOn: body.first_installment_on,
    })
    .returning();
  if (!season) throw new Error('season insert returned no row');
  return { season: seasonJson(season, []) };
}

/**
 * PUT /api/admin/seasons/{id} (owner). The schedule of memberships already paid stays as it was (their phases are
 * stored); new registrations follow the new dates.
 */
export async function updateSeason(deps: AppDeps, staff: StaffJson, seasonId: number, body: AdminSeasonBody) {
  await seasonInScope(deps, staff, seasonId, 'edit_setup');
  const [season] = await deps.db
    .update(seasons)
    .set({ name: body.name, startDate: body.start_date, firstInstallmentOn: body.first_installment_on })
    .where(eq(seasons.id, seasonId))
    .returning();
  if (!season) throw notFound(ADMIN_SETUP_TEXTS.seasonNotFound);
  return { season: seasonJson(season, await seasonTeams(deps, season)) };
}

/** 422 on `protection_plan_id` unless it is null or one of the organization's plans. */
async function checkProtectionPlan(deps: AppDeps, organizationId: number, planId: number | null) {
  if (planId === null) return;
  const [plan] = await deps.db
    .select({ id: protectionPlans.id })
    .from(protectionPlans)
    .where(and(eq(protectionPlans.id, planId), eq(protectionPlans.organizationId, organizationId)));
  if (!plan) throw fieldError('protection_plan_id', ADMIN_SETUP_TEXTS.protectionPlanInvalid);
}

function teamColumns(body: AdminTeamBody) {
  return {
    name: body.name,
    totalDuesCents: body.total_dues_cents,
    athleteDepositCents: body.athlete_deposit_cents,
    paymentPlanFeeCents: body.payment_plan_fee_cents,
    appFeeCents: body.total_app_fee_cents,
    isAppFeeItemized: body.is_app_fee_itemized,
    planMonths: [...body.plan_months].sort((a, b) => a - b),
    protectionPlanId: body.protection_plan_id,
    // Issue 32 point 2: only when the body names them (the console's form of earlier sessions does not).
    ...(body.required_documents === undefined ? {} : { requiredDocuments: body.required_documents }),
  };
}

/** POST /api/admin/seasons/{id}/teams (owner). */
export async function createTeam(deps: AppDeps, staff: StaffJson, seasonId: number, body: AdminTeamBody) {
  const season = await seasonInScope(deps, staff, seasonId, 'edit_setup');
  await checkProtectionPlan(deps, season.organizationId, body.protection_plan_id);
  const [team] = await deps.db
    .insert(teams)
    .values({ organizationId: season.organizationId, seasonId: season.id, ...teamColumns(body) })
    .returning();
  if (!team) throw new Error('team insert returned no row');
  await saveTeamAgeRule(deps.db, team.id, body.age_rule);
  return { team: teamJson(team, [], (await ageRulesOfTeams(deps.db, [team.id])).get(team.id)) };
}

/**
 * PUT /api/admin/teams/{id} (owner): the team's name and fees for registrations to come. A paid family's membership
 * keeps the amounts and phases it was sold with.
 */
export async function updateTeam(deps: AppDeps, staff: StaffJson, teamId: number, body: AdminTeamBody) {
  const team = await teamInScope(deps, staff, teamId, 'edit_setup');
  await checkProtectionPlan(deps, team.organizationId, body.protection_plan_id);
  const [saved] = await deps.db.update(teams).set(teamColumns(body)).where(eq(teams.id, teamId)).returning();
  if (!saved) throw notFound(ADMIN_SETUP_TEXTS.teamNotFound);
  await saveTeamAgeRule(deps.db, teamId, body.age_rule);
  const teamLicences = await deps.db.select().from(licences).where(eq(licences.teamId, teamId));
  const claims = await claimCounts(
    deps.db,
    teamLicences.map((licence) => licence.id),
  );
  return {
    team: teamJson(
      saved,
      teamLicences.map((licence) => licenceJson(deps, licence, claims.get(licence.id) ?? 0)),
      (await ageRulesOfTeams(deps.db, [teamId])).get(teamId),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Licences

/** Inserts a licence; a code already in use (any organization's) answers 422 on `code`. */
async function insertLicence(deps: AppDeps, values: typeof licences.$inferInsert) {
  const [licence] = await deps.db.insert(licences).values(values).onConflictDoNothing().returning();
  if (!licence) throw fieldError('code', CODE_TAKEN);
  return licenceAnswer(deps, licence);
}

/** POST /api/admin/teams/{id}/licences (owner, registrar): a team licence named after the team and its season. */
export async function createTeamLicence(deps: AppDeps, staff: StaffJson, teamId: number, body: AdminLicenceBody) {
  const team = await teamInScope(deps, staff, teamId, 'manage_licences');
  const [season] = await deps.db.select().from(seasons).where(eq(seasons.id, team.seasonId));
  return insertLicence(deps, {
    code: body.code,
    kind: 'team',
    name: season ? `${team.name} ${season.name}` : team.name,
    organizationId: team.organizationId,
    teamId: team.id,
    availableLicenses: body.seats,
  });
}

/** POST /api/admin/organizations/{id}/coach-licences (owner): coach licences belong to the organization. */
export async function createCoachLicence(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  body: AdminCoachLicenceBody,
) {
  authorize(staff, 'edit_setup', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const [organization] = await deps.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return insertLicence(deps, {
    code: body.code,
    kind: 'coach',
    name: `${organization?.name ?? 'Coach'} Coach License`,
    organizationId,
    teamId: null,
    availableLicenses: body.seats,
    expiresOn: body.expires_on,
  });
}

/**
 * PUT /api/admin/licences/{code} (owner, registrar): seats left to claim and the pause, through the staff licence
 * service (a raised seat, or a resumed licence with seats left, is offered to the waitlist's first family).
 */
export async function updateAdminLicence(
  deps: AppDeps,
  staff: StaffJson,
  code: string,
  body: AdminLicenceUpdateBody,
  precondition: LicencePrecondition,
) {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(ADMIN_SETUP_TEXTS.licenceNotFound);
  authorize(staff, 'manage_licences', organizationTarget(licence.organizationId), ADMIN_SETUP_TEXTS.licenceNotFound);
  // Issue 30 point 4: `If-Match` (the version the console read); 412 when the licence changed since, 428 without.
  await updateLicenceSeats(deps, licence.code, body, precondition);
  const saved = await findLicence(deps.db, licence.code);
  if (!saved) throw notFound(ADMIN_SETUP_TEXTS.licenceNotFound);
  return licenceAnswer(deps, saved);
}

/** GET /api/admin/licences/{code} (owner, registrar): the licence with its version (the route's `ETag`). */
export async function adminLicence(deps: AppDeps, staff: StaffJson, code: string) {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(ADMIN_SETUP_TEXTS.licenceNotFound);
  authorize(staff, 'manage_licences', organizationTarget(licence.organizationId), ADMIN_SETUP_TEXTS.licenceNotFound);
  return licenceAnswer(deps, licence);
}

// ---------------------------------------------------------------------------------------------------------------
// Discount codes

/** GET /api/admin/organizations/{id}/discount-codes (owner, registrar): the organization's own codes. */
export async function listDiscountCodes(deps: AppDeps, staff: StaffJson, organizationId: number) {
  authorize(staff, 'manage_discounts', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const rows = await deps.db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.organizationId, organizationId))
    .orderBy(asc(discountCodes.code));
  return { discount_codes: rows.map(discountCodeJson) };
}

/** POST /api/admin/organizations/{id}/discount-codes (owner, registrar); a code in use answers 422 on `code`. */
export async function createDiscountCode(
  deps: AppDeps,
  staff: StaffJson,
  organizationId: number,
  body: AdminDiscountCodeBody,
) {
  authorize(staff, 'manage_discounts', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const [code] = await deps.db
    .insert(discountCodes)
    .values({
      code: body.code,
      organizationId,
      percentOff: body.percent_off,
      flatDiscountCents: body.flat_discount_cents,
      isActive: body.is_active ?? true,
    })
    .onConflictDoNothing()
    .returning();
  if (!code) throw fieldError('code', CODE_TAKEN);
  return { discount_code: discountCodeJson(code) };
}

/**
 * The draft editor's API (issue 22 point 6): an organization's team drafts, listed, read, created and saved. Every
 * function checks the staff member's scope first (another organization's draft answers 404 with its own text), takes
 * a body the route validated with the form's shared schema (src/domain/forms/admin-draft.ts), and saves through
 * ./staff-drafts.ts saveStaffDraft, which sends `updated` on `team.draft.{id}`. The rest of the set-up is
 * ./admin-setup.ts's.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AdminDraftBody, AdminNewDraftBody } from '../../src/domain/forms/admin-draft.ts';
import { centsToDollars } from '../../src/domain/money.ts';
import { type DraftRow, drafts, organizations, teams } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { ADMIN_SETUP_TEXTS } from './admin-setup.ts';
import { draftAmountsInCents, draftJson, findDraft } from './drafts.ts';
import { authorize, organizationTarget, type StaffJson } from './staff/index.ts';
import { saveStaffDraft } from './staff-drafts.ts';

function adminDraftJson(draft: DraftRow) {
  return {
    ...draftJson(draft, draftAmountsInCents),
    /** The page that previews it (spec §2 draft preview), relative to the site. */
    preview_path: `/draft?draft_id=${draft.id}`,
  };
}

async function draftInScope(deps: AppDeps, staff: StaffJson, draftId: number) {
  const draft = await findDraft(deps.db, draftId);
  if (!draft) throw notFound(ADMIN_SETUP_TEXTS.draftNotFound);
  authorize(staff, 'manage_drafts', organizationTarget(draft.organizationId), ADMIN_SETUP_TEXTS.draftNotFound);
  return draft;
}

/** GET /api/admin/organizations/{id}/drafts (owner, registrar). */
export async function listDrafts(deps: AppDeps, staff: StaffJson, organizationId: number) {
  authorize(staff, 'manage_drafts', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const rows = await deps.db
    .select()
    .from(drafts)
    .where(eq(drafts.organizationId, organizationId))
    .orderBy(asc(drafts.id));
  return { drafts: rows.map(adminDraftJson) };
}

/** GET /api/admin/drafts/{id} (owner, registrar). */
export async function adminDraft(deps: AppDeps, staff: StaffJson, draftId: number) {
  return { draft: adminDraftJson(await draftInScope(deps, staff, draftId)) };
}

/**
 * PUT /api/admin/drafts/{id} (owner, registrar): the whole draft, saved by the staff draft service (which checks the
 * season and protection plan belong to the draft's organization, and sends `updated` on `team.draft.{id}`).
 */
export async function updateAdminDraft(deps: AppDeps, staff: StaffJson, draftId: number, body: AdminDraftBody) {
  await draftInScope(deps, staff, draftId);
  await saveStaffDraft(deps, draftId, {
    name: body.name,
    season_id: body.season_id,
    total_dues: centsToDollars(body.total_dues_cents),
    athlete_deposit: centsToDollars(body.athlete_deposit_cents),
    payment_plan_fee: centsToDollars(body.payment_plan_fee_cents),
    total_app_fee: centsToDollars(body.total_app_fee_cents),
    is_app_fee_itemized: body.is_app_fee_itemized,
    plan_months: body.plan_months,
    protection_plan_id: body.protection_plan_id,
    waiver: body.waiver,
    waiver_es: body.waiver_es,
  });
  return adminDraft(deps, staff, draftId);
}

/**
 * POST /api/admin/organizations/{id}/drafts (owner, registrar): a draft copying a team's settings and the waiver (with
 * its Spanish text).
 */
export async function createDraft(deps: AppDeps, staff: StaffJson, organizationId: number, body: AdminNewDraftBody) {
  authorize(staff, 'manage_drafts', organizationTarget(organizationId), ADMIN_SETUP_TEXTS.organizationNotFound);
  const [row] = await deps.db
    .select({ team: teams, waiver: organizations.waiver, waiverEs: organizations.waiverEs })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(and(eq(teams.id, body.team_id), eq(teams.organizationId, organizationId)));
  if (!row) throw fieldError('team_id', ADMIN_SETUP_TEXTS.teamInvalid);
  const { team } = row;
  const [draft] = await deps.db
    .insert(drafts)
    .values({
      organizationId,
      teamId: team.id,
      seasonId: team.seasonId,
      name: team.name,
      totalDuesCents: team.totalDuesCents,
      athleteDepositCents: team.athleteDepositCents,
      paymentPlanFeeCents: team.paymentPlanFeeCents,
      appFeeCents: team.appFeeCents,
      isAppFeeItemized: team.isAppFeeItemized,
      planMonths: team.planMonths,
      protectionPlanId: team.protectionPlanId,
      waiver: row.waiver,
      waiverEs: row.waiverEs,
      updatedAt: deps.now(),
    })
    .returning();
  if (!draft) throw new Error('draft insert returned no row');
  return { draft: adminDraftJson(draft) };
}

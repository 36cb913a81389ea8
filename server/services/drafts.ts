import { and, eq } from 'drizzle-orm';
import { centsToDollars } from '../../src/domain/money.ts';
import { waiverEsField } from '../../src/domain/waiver-texts.ts';
import type { Db } from '../db/client.ts';
import { type DraftRow, drafts, organizations, protectionPlans, seasons } from '../db/schema/index.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.ts';
import { type DuesContext, findProtectionPlan, paymentDataJson, plansFor, plansIn } from './checkout/index.ts';

/** The dues context of a staff draft: its own copy of the team settings, maybe without a season yet. */
export async function draftContext(db: Db, draft: DraftRow): Promise<DuesContext> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, draft.organizationId));
  if (!organization) throw new Error(`draft ${draft.id} lost its organization`);
  const [season] = draft.seasonId === null ? [] : await db.select().from(seasons).where(eq(seasons.id, draft.seasonId));
  return {
    teamId: draft.teamId ?? draft.id,
    teamName: draft.name,
    organization,
    fees: {
      totalDuesCents: draft.totalDuesCents,
      athleteDepositCents: draft.athleteDepositCents,
      paymentPlanFeeCents: draft.paymentPlanFeeCents,
      appFeeCents: draft.appFeeCents,
      isAppFeeItemized: draft.isAppFeeItemized,
      planMonths: draft.planMonths,
    },
    waiver: draft.waiver,
    waiverEs: draft.waiverEs,
    season: season ?? null,
    protectionPlan: draft.protectionPlanId === null ? null : await findProtectionPlan(db, draft.protectionPlanId),
  };
}

/**
 * What the draft preview opens with (no discount code, no protection plan): the answer POST
 * /nova-field/team-draft-payment-plans gives for that draft, or null when there is no such draft. The /draft page is
 * rendered on the server with it (server/http/draft-preview-page.ts).
 */
export async function draftPreviewData(db: Db, draftId: number, now: Date, locale: Locale = DEFAULT_LOCALE) {
  const draft = await findDraft(db, draftId);
  if (!draft) return null;
  const context = await draftContext(db, draft);
  return paymentDataJson(context, plansIn(locale, plansFor(context, null, false, now)));
}

export type { DraftRow };

/** A draft's amounts in integer cents, as the console's API carries them (`total_dues_cents`, …). */
export function draftAmountsInCents(draft: DraftRow) {
  return {
    total_dues_cents: draft.totalDuesCents,
    athlete_deposit_cents: draft.athleteDepositCents,
    payment_plan_fee_cents: draft.paymentPlanFeeCents,
    total_app_fee_cents: draft.appFeeCents,
  };
}

/** A draft's amounts in dollars, as the staff automation routes carry them (`total_dues`, …: docs/api.md). */
export function draftAmountsInDollars(draft: DraftRow) {
  return {
    total_dues: centsToDollars(draft.totalDuesCents),
    athlete_deposit: centsToDollars(draft.athleteDepositCents),
    payment_plan_fee: centsToDollars(draft.paymentPlanFeeCents),
    total_app_fee: centsToDollars(draft.appFeeCents),
  };
}

/**
 * A draft as the API answers it, its amounts in the unit the caller gives (`draftAmountsInCents` for
 * /api/admin/drafts, `draftAmountsInDollars` for /api/staff/drafts); everything else, and the keys' order, is one.
 */
export function draftJson<Amounts extends object>(draft: DraftRow, amounts: (draft: DraftRow) => Amounts) {
  return {
    id: draft.id,
    organization_id: draft.organizationId,
    team_id: draft.teamId,
    season_id: draft.seasonId,
    name: draft.name,
    ...amounts(draft),
    is_app_fee_itemized: draft.isAppFeeItemized,
    plan_months: draft.planMonths,
    protection_plan_id: draft.protectionPlanId,
    waiver: draft.waiver,
    // Issue 31 point 4 (additive): the waiver's Spanish text, only when there is one.
    ...waiverEsField(draft.waiverEs),
    updated_at: draft.updatedAt.toISOString(),
  };
}

export async function findDraft(db: Db, draftId: number): Promise<DraftRow | null> {
  const [draft] = await db.select().from(drafts).where(eq(drafts.id, draftId));
  return draft ?? null;
}

/** The field errors of a draft change naming a season or protection plan of another organization (or none). */
export async function draftReferenceErrors(
  db: Db,
  draft: DraftRow,
  change: { season_id?: number | null | undefined; protection_plan_id?: number | null | undefined },
): Promise<Record<string, string[]>> {
  const messages: Record<string, string[]> = {};
  if (change.season_id) {
    const [season] = await db
      .select({ id: seasons.id })
      .from(seasons)
      .where(and(eq(seasons.id, change.season_id), eq(seasons.organizationId, draft.organizationId)));
    if (!season) messages.season_id = ['The selected season is invalid.'];
  }
  if (change.protection_plan_id) {
    const [plan] = await db
      .select({ id: protectionPlans.id })
      .from(protectionPlans)
      .where(
        and(
          eq(protectionPlans.id, change.protection_plan_id),
          eq(protectionPlans.organizationId, draft.organizationId),
        ),
      );
    if (!plan) messages.protection_plan_id = ['The selected protection plan is invalid.'];
  }
  return messages;
}

/** Saves a change to a draft; null when the draft is gone. */
export async function updateDraft(
  db: Db,
  draftId: number,
  changes: Partial<Omit<DraftRow, 'id' | 'updatedAt'>>,
  now: Date,
): Promise<DraftRow | null> {
  const [saved] = await db
    .update(drafts)
    .set({ ...changes, updatedAt: now })
    .where(eq(drafts.id, draftId))
    .returning();
  return saved ?? null;
}

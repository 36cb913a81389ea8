import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type DraftRow, drafts, organizations, seasons } from '../db/schema/index.ts';
import { type DuesContext, findProtectionPlan, paymentDataJson, plansFor } from './team-dues.ts';

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
    season: season ?? null,
    protectionPlan: draft.protectionPlanId === null ? null : await findProtectionPlan(db, draft.protectionPlanId),
  };
}

/**
 * What the draft preview opens with (no discount code, no protection plan): the answer POST
 * /nova-field/team-draft-payment-plans gives for that draft, or null when there is no such draft. The /draft page is
 * rendered on the server with it (server/http/draft-preview-page.ts).
 */
export async function draftPreviewData(db: Db, draftId: number, now: Date) {
  const [draft] = await db.select().from(drafts).where(eq(drafts.id, draftId));
  if (!draft) return null;
  const context = await draftContext(db, draft);
  return paymentDataJson(context, plansFor(context, null, false, now));
}

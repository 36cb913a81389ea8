/**
 * The staff draft routes' work (docs/architecture.md §7): reading a team draft and saving a change, which the draft's
 * preview hears on channel team.draft.{id}.
 */
import { WAIVER_ES_WITHOUT_WAIVER } from '../../src/domain/forms/admin-settings.ts';
import { DEPOSIT_TOO_BIG } from '../../src/domain/forms/admin-team.ts';
import { dollarsToCents } from '../../src/domain/money.ts';
import { hasWaiverText } from '../../src/domain/payment-rules.ts';
import { spanishWaiverChange } from '../../src/domain/waiver-texts.ts';
import type { AppDeps } from '../deps.ts';
import { fieldError, notFound, text, validationError } from '../http/errors.ts';
import {
  type DraftRow,
  draftAmountsInDollars,
  draftJson,
  draftReferenceErrors,
  findDraft,
  updateDraft,
} from './drafts.ts';

const staffDraftJson = (draft: DraftRow) => draftJson(draft, draftAmountsInDollars);

/** GET /api/staff/drafts/{id}. */
export async function staffDraft(deps: AppDeps, id: number) {
  const draft = await findDraft(deps.db, id);
  if (!draft) throw notFound(text('admin.draftNotFound'));
  return staffDraftJson(draft);
}

export interface DraftChanges {
  name?: string | undefined;
  total_dues?: number | undefined;
  athlete_deposit?: number | undefined;
  payment_plan_fee?: number | undefined;
  total_app_fee?: number | undefined;
  is_app_fee_itemized?: boolean | undefined;
  season_id?: number | null | undefined;
  protection_plan_id?: number | null | undefined;
  plan_months?: number[] | undefined;
  waiver?: string | null | undefined;
  /** Issue 31 point 4: the waiver's Spanish text (null: none); no English waiver leaves no Spanish one either. */
  waiver_es?: string | null | undefined;
}

/** PUT /api/staff/drafts/{id}: saves the change, then announces it to the draft's preview (best effort). */
export async function saveStaffDraft(deps: AppDeps, id: number, body: DraftChanges) {
  const { db } = deps;
  const draft = await findDraft(db, id);
  if (!draft) throw notFound(text('admin.draftNotFound'));
  const messages = await draftReferenceErrors(db, draft, body);
  // Issue 31 point 4: a Spanish waiver is the English one's translation (as the console's form says).
  if (hasWaiverText(body.waiver_es) && !hasWaiverText(body.waiver === undefined ? draft.waiver : body.waiver)) {
    messages.waiver_es = [WAIVER_ES_WITHOUT_WAIVER];
  }
  if (Object.keys(messages).length > 0) throw validationError(messages);
  const dues = body.total_dues === undefined ? draft.totalDuesCents : dollarsToCents(body.total_dues);
  const deposit = body.athlete_deposit === undefined ? draft.athleteDepositCents : dollarsToCents(body.athlete_deposit);
  if (deposit > dues) throw fieldError('athlete_deposit', DEPOSIT_TOO_BIG);

  const now = deps.now();
  const saved = await updateDraft(
    db,
    id,
    {
      ...(body.name === undefined ? {} : { name: body.name }),
      totalDuesCents: dues,
      athleteDepositCents: deposit,
      ...(body.payment_plan_fee === undefined ? {} : { paymentPlanFeeCents: dollarsToCents(body.payment_plan_fee) }),
      ...(body.total_app_fee === undefined ? {} : { appFeeCents: dollarsToCents(body.total_app_fee) }),
      ...(body.is_app_fee_itemized === undefined ? {} : { isAppFeeItemized: body.is_app_fee_itemized }),
      ...(body.season_id === undefined ? {} : { seasonId: body.season_id }),
      ...(body.protection_plan_id === undefined ? {} : { protectionPlanId: body.protection_plan_id }),
      ...(body.plan_months === undefined ? {} : { planMonths: [...new Set(body.plan_months)].sort((a, b) => a - b) }),
      ...(body.waiver === undefined ? {} : { waiver: body.waiver }),
      ...spanishWaiverChange(body),
    },
    now,
  );
  if (!saved) throw notFound(text('admin.draftNotFound'));
  try {
    await deps.providers.realtime.trigger(`team.draft.${id}`, 'updated', { draft_id: id });
  } catch (error) {
    // The draft is saved; a preview that misses the push still shows the change on its next load.
    deps.log.warn({ err: error, draftId: id }, 'could not announce the draft update');
  }
  return staffDraftJson(saved);
}

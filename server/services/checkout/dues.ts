/**
 * The team-dues routes' work before checkout (docs/architecture.md §7): the duplicate check, whether the dues are
 * paid, the plans with a discount code, a discount code's details, and the draft preview's plans. The routes parse
 * the request, call one of these and answer what it returns (checkout itself is services/checkout.ts).
 */
import { centsToDollarsOrNull } from '../../../src/domain/money.ts';
import { DISCOUNT_NOT_FOUND } from '../../../src/domain/payment-rules.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound, text } from '../../http/errors.ts';
import { DEFAULT_LOCALE, type Locale, render, type Text } from '../../i18n/index.ts';
import { draftContext, findDraft } from '../drafts.ts';
import { approvedAwardCents, helpPayingPaymentData } from '../help-paying.ts';
import { shownWaiverVersion } from '../waivers.ts';
import { plansIn } from './plan-texts.ts';
import {
  assistanceTaken,
  athleteHousehold,
  duplicateStatus,
  findDiscount,
  householdPaymentData,
  type PaymentDataJson,
  payerDuesContext,
  payerTeamLicence,
  paymentDataJson,
  plansFor,
  requireActiveDiscount,
  teamMembershipOf,
} from './team-dues.ts';

/** GET /api/memberships/duplicate-status/{athlete}: 404 for an athlete who is not the payer's. */
export async function athleteDuplicateStatus(deps: AppDeps, payer: UserRow, athleteId: number) {
  const status = await duplicateStatus(deps.db, payer, athleteId);
  if (!status) throw notFound(text('checkout.athleteNotFound'));
  return { license_claimed: status.licenceClaimed, has_active_season_membership: status.hasSeasonMembership };
}

/** GET /api/memberships/subscription-status: 1 without a team licence to pay for, else whether the payer (or an athlete) is a member. */
export async function duesPaymentStatus(deps: AppDeps, payer: UserRow): Promise<{ payment_complete: 0 | 1 }> {
  const licence = await payerTeamLicence(deps.db, payer);
  if (!licence) return { payment_complete: 1 };
  // A guardian's dues count as paid when they or one of their athletes is a member of the team.
  const membership = await teamMembershipOf(deps.db, payer, licence.team.id);
  return { payment_complete: membership ? 1 : 0 };
}

/** POST /api/memberships/payment-plans: the payment page's plans for the payer's team licence, with an active discount code if one is given. */
export async function duesPaymentPlans(
  deps: AppDeps,
  payer: UserRow,
  body: { discount_code?: string | null | undefined; include_payment_protection_plan?: boolean | null | undefined },
  locale: Locale = DEFAULT_LOCALE,
): Promise<PaymentDataJson> {
  const context = await payerDuesContext(deps.db, payer);
  if (!context) throw notFound(text('checkout.noTeamLicence'));
  const discount = await requireActiveDiscount(deps.db, body.discount_code, context.organization.id);
  // Issue 34: an approved award comes off after the code and before the sibling discount.
  const award = context.season ? await approvedAwardCents(deps.db, payer.id, context.season.id) : 0;
  const assistance = assistanceTaken(context, discount, award);
  // Issue 20: a sibling paid earlier this season makes this athlete the household's 2nd (3rd, ...) one.
  const household = await athleteHousehold(deps.db, payer, context, discount, assistance);
  const plans = plansFor(
    context,
    discount,
    body.include_payment_protection_plan === true,
    deps.now(),
    household?.dues.siblingDiscount ?? 0,
    assistance,
  );
  const data: PaymentDataJson = {
    ...paymentDataJson(context, plansIn(locale, plans)),
    ...householdPaymentData(household),
    // Issue 34 (additive): only where the organization offers assistance or accepts check or cash.
    ...(await helpPayingPaymentData(deps.db, context.organization, payer.id, context.season?.id ?? null, assistance)),
  };
  // Issue 32 point 3: the version of the waiver shown, which the checkout sends back (a changed text is refused).
  const version = await shownWaiverVersion(deps.db, context.organization.id, context);
  if (data.team && version !== null) data.team.waiver_version = version;
  return data;
}

/** GET /api/discount-codes/{code}: a discount code's details, looked up in the payer's organization when the caller is known. */
export async function discountDetails(deps: AppDeps, payer: UserRow | null, code: string) {
  const licence = payer ? await payerTeamLicence(deps.db, payer) : null;
  const discount = await findDiscount(deps.db, code, licence?.team.organizationId ?? null);
  if (!discount) throw notFound(DISCOUNT_NOT_FOUND);
  return {
    discount_code: discount.code,
    percent_off: discount.percentOff,
    flat_discount_amount: centsToDollarsOrNull(discount.flatDiscountCents),
    is_active: discount.isActive,
  };
}

/** POST /nova-field/team-draft-payment-plans: the draft preview's plans; an unknown or inactive code is an `error` in the answer, not a refusal. */
export async function draftPaymentPlans(
  deps: AppDeps,
  body: {
    draft_id: number;
    discount_code?: string | null | undefined;
    include_payment_protection_plan?: boolean | null | undefined;
  },
  locale: Locale = DEFAULT_LOCALE,
): Promise<PaymentDataJson> {
  const { db } = deps;
  const draft = await findDraft(db, body.draft_id);
  if (!draft) throw notFound(text('checkout.draftNotFound'));
  const context = await draftContext(db, draft);
  // The page shows `error` as it comes: in the request's language (issue 31), English exactly as before.
  let error: Text | null = null;
  let discount = null;
  if (body.discount_code?.trim()) {
    const found = await findDiscount(db, body.discount_code, context.organization.id);
    if (!found) error = text('checkout.codeNotFound');
    else if (!found.isActive) error = text('checkout.codeInactive');
    else discount = found;
  }
  const plans = plansFor(context, discount, body.include_payment_protection_plan === true, deps.now());
  return paymentDataJson(context, plansIn(locale, plans), error === null ? null : render(locale, error));
}

/**
 * The family's payments routes' work (docs/api.md "Payments"), one function per route (docs/architecture.md §7): the
 * memberships they pay for, and the card update that charges whatever failed at once. Every function answers 404
 * for a membership the caller does not pay for (nor one of their athletes, nor their household's), so nobody learns
 * of another family's. A membership of a family checkout shares its card with the checkout's other memberships
 * (issue 20): the new card is saved on all of them and all their failed phases are charged at once.
 */
import { inArray } from 'drizzle-orm';
import { type CatchUpAnswer, chargeOutstanding, settleAuthenticated } from '../billing/catch-up.ts';
import { cardSharers } from '../billing/household.ts';
import {
  cardOf,
  type MembershipSummaryJson,
  membershipSummaries,
  payerCustomer,
  saveCard,
  visibleMembership,
} from '../billing/phases.ts';
import { memberships, type UserRow } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { conflict, notFound, text } from '../http/errors.ts';
import { DEFAULT_LOCALE, english, type Locale } from '../i18n/index.ts';

const MEMBERSHIP_NOT_FOUND = english('checkout.membershipNotFound');
export const CARD_NOT_CONFIRMED = english('checkout.newCardNotConfirmed');

async function payersMembership(deps: AppDeps, user: UserRow, membershipId: number) {
  const membership = await visibleMembership(deps.db, user, membershipId);
  if (!membership) throw notFound(MEMBERSHIP_NOT_FOUND);
  return membership;
}

/** GET /api/memberships, its plans named in `locale` (the request's language: /payments shows them as they come). */
export async function familyMemberships(
  deps: AppDeps,
  user: UserRow,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ memberships: MembershipSummaryJson[] }> {
  return { memberships: await membershipSummaries(deps.db, user, locale) };
}

/** POST /api/memberships/{id}/card-setup: a SetupIntent for the browser to confirm with the new card. */
export async function startCardUpdate(
  deps: AppDeps,
  user: UserRow,
  membershipId: number,
): Promise<{ client_secret: string; setup_intent_id: string }> {
  const membership = await payersMembership(deps, user, membershipId);
  // The card is saved to the customer of whoever pays with it: the membership's payer keeps their customer; another
  // guardian of the household (who pays from now on) gets their own.
  const customerId =
    user.id === (membership.payerId ?? membership.userId)
      ? ((await cardOf(deps.db, membership.id))?.providerCustomerId ??
        (await payerCustomer(deps, membership.payerId ?? membership.userId)))
      : await payerCustomer(deps, user.id);
  const intent = await deps.providers.payments.createSetupIntent({
    customerId,
    metadata: { membership_id: String(membership.id), user_id: String(user.id) },
  });
  return { client_secret: intent.clientSecret, setup_intent_id: intent.id };
}

/**
 * POST /api/memberships/{id}/card: the confirmed card becomes the membership's, then what is due is charged; the
 * answer's own `message` in `locale` (the request's language: the page shows it as it comes).
 */
export async function finishCardUpdate(
  deps: AppDeps,
  user: UserRow,
  membershipId: number,
  setupIntentId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CatchUpAnswer> {
  const membership = await payersMembership(deps, user, membershipId);
  const setup = await deps.providers.payments.retrieveSetupIntent(setupIntentId);
  // Only a SetupIntent made for this membership (card-setup) may become its card.
  if (!setup || setup.metadata.membership_id !== String(membership.id) || !setup.customerId) {
    throw notFound(text('checkout.setupNotFound'));
  }
  if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw conflict(CARD_NOT_CONFIRMED);
  const summary = await deps.providers.payments.cardSummary(setup.paymentMethodId);
  if (!summary) throw conflict(CARD_NOT_CONFIRMED);
  const card = { customerId: setup.customerId, paymentMethodId: setup.paymentMethodId, ...summary };
  const sharers = await cardSharers(deps.db, membership);
  await deps.db.transaction(async (tx) => {
    for (const id of sharers) await saveCard(tx, id, card, deps.now());
    // A guardian saving their card pays from now on: the receipts go to them (payer_id).
    if (user.id !== membership.userId) {
      await tx.update(memberships).set({ payerId: user.id }).where(inArray(memberships.id, sharers));
    }
  });
  return chargeOutstanding(deps, membership, setup.id, locale);
}

/**
 * POST /api/memberships/{id}/collect: the outcome of a catch-up charge authenticated in the browser; its own `message`
 * in `locale`.
 */
export async function collectAuthenticated(
  deps: AppDeps,
  user: UserRow,
  membershipId: number,
  paymentIntentId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CatchUpAnswer> {
  const membership = await payersMembership(deps, user, membershipId);
  const intent = await deps.providers.payments.retrieveIntent(paymentIntentId);
  if (intent?.metadata.kind !== 'catch_up' || intent.metadata.membership_id !== String(membership.id)) {
    throw notFound(text('checkout.paymentNotFound'));
  }
  return settleAuthenticated(deps, membership, intent, locale);
}

/**
 * The views' window on payment.machine.ts (the team payment flow and the draft preview, spec §2 Payment page) and its
 * child card-payment.machine.ts: the actor and snapshot types they render from, and the selectors they read. Views
 * import the machines only through this module (biome.json, noRestrictedImports), so the machines stay free to change
 * their inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { cardPaymentMachine } from './card-payment.machine';
import type { paymentMachine } from './payment.machine';

export type { DraftChannelInput, DraftUpdated, PaymentDestination, PaymentInput } from './payment.context';
export { fullDiscountOf, offeredPlansOf, protectionIncluded, selectedPlanOf } from './payment.context';

export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;
export type CardPaymentActorRef = ActorRefFrom<typeof cardPaymentMachine>;
export type CardPaymentSnapshot = SnapshotFrom<typeof cardPaymentMachine>;

/** Which screen the payment flow shows. A plan reload keeps the step it was asked from on screen (busy). */
export type PaymentScreen =
  | 'loading'
  | 'waiverOnly'
  | 'choosingPlan'
  | 'protection'
  | 'checkout'
  | 'returning'
  | 'confirmation'
  | 'loadFailed'
  | 'pageError'
  | 'noSeason'
  | 'leaving';

export function paymentScreenOf(snapshot: PaymentSnapshot): PaymentScreen {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.matches('waiverOnly')) return 'waiverOnly';
  if (snapshot.matches('confirmation')) return 'confirmation';
  if (snapshot.matches('choosingPlan')) return 'choosingPlan';
  if (snapshot.matches('protection')) return 'protection';
  if (snapshot.matches('loadingPlans') && snapshot.context.reloadFor !== null) return snapshot.context.reloadFor;
  // Pay Now keeps the checkout step (and its mounted card form) on screen; a return has its own screen.
  if (snapshot.matches('checkout')) return 'checkout';
  if (snapshot.matches('paying')) return snapshot.context.returned === null ? 'checkout' : 'returning';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('pageError')) return 'pageError';
  if (snapshot.matches('noSeason')) return 'noSeason';
  return 'loading';
}

/** Step 1, payment options (§2 (a), §4, §5). Every field keeps its identity between snapshots (shallowEqual). */
export function paymentOptionsView(snapshot: PaymentSnapshot) {
  const plans = protectionView(snapshot);
  const busy = plans.busy;
  return {
    ...plans,
    discountError: snapshot.context.discountError,
    canGoBack: !busy && snapshot.can({ type: 'BACK' }),
    canGoOn: !busy && snapshot.can({ type: 'NEXT' }),
  };
}

/** The injury protection page (§2 (b), §4). */
export function protectionView(snapshot: PaymentSnapshot) {
  const { context } = snapshot;
  return {
    busy: snapshot.hasTag('busy'),
    data: context.data,
    discount: context.discount,
    includeProtection: context.includeProtection,
    selectedPlanMonth: context.selectedPlanMonth,
  };
}

/** Step 2, checkout (§2 (c), §4, §5, §8), also while paying. */
export function checkoutView(snapshot: PaymentSnapshot) {
  const { context } = snapshot;
  return {
    ...protectionView(snapshot),
    user: context.user,
    cardPayments: context.cardPayments,
    cardsUnavailable: snapshot.matches({ checkout: 'unavailable' }),
    waiverAgreed: context.waiverAgreed,
    waiverTouched: context.waiverTouched,
    message: context.message,
    error: context.error,
  };
}

/** The waiver-only page (§2 (d), §4, §5). */
export function waiverOnlyView(snapshot: PaymentSnapshot) {
  const { context } = snapshot;
  return {
    organization: context.user?.license?.organization ?? null,
    agreed: context.waiverAgreed,
    touched: context.waiverTouched,
    canAccept: snapshot.can({ type: 'ACCEPT' }),
  };
}

/** The payment confirmation (issue 15): the receipt, and whether the payer came back from the card provider. */
export function confirmationView(snapshot: PaymentSnapshot) {
  return {
    receipt: snapshot.context.receipt,
    refunded: snapshot.context.refunded,
    afterReturn: snapshot.context.returned !== null,
  };
}

/** A page-level text: the load failure, or the error the payment data carries. */
export function pageTextOf(snapshot: PaymentSnapshot): string {
  return (snapshot.matches('pageError') ? snapshot.context.data?.error : snapshot.context.error) ?? 'Error';
}

/** The running card payment (Pay Now, or the return from the provider), when the flow is paying. */
export function cardPaymentOf(snapshot: PaymentSnapshot): CardPaymentActorRef | undefined {
  return snapshot.matches('paying') ? snapshot.children.cardPayment : undefined;
}

/** What the return screen shows (§4/§8): checking, the result message, and which button it offers. */
export function returnNoticeView(snapshot: CardPaymentSnapshot) {
  return {
    checking: snapshot.hasTag('busy'),
    message: snapshot.context.message,
    error: snapshot.context.error,
    canTryAgain: snapshot.matches({ returning: 'failed' }),
    canRetry: snapshot.matches({ returning: 'recordFailed' }),
  };
}

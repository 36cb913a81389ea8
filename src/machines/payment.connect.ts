/**
 * The views' window on payment.machine.ts (the team payment flow and the draft preview, spec §2 Payment page) and its
 * child card-payment.machine.ts: the actor and snapshot types they render from, and the view models they read. Every
 * figure a step shows (plans, fees, today's lines, the order summary) is derived here from src/domain, so the views
 * only format; views import the machines only through this module (biome.json, noRestrictedImports), so the machines
 * stay free to change their inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PaymentData, PaymentPlan, ProtectionPlan } from '../api/payment-data.schemas';
import {
  type ClientDiscount,
  describePlans,
  type FeeBreakdown,
  summarizeTeamFees,
  type TeamFeeSummary,
} from '../domain/fees';
import { assistedBreakdown, dueAfterAward, isFullAward, planTermsOf } from '../domain/help-paying';
import { hasWaiverText } from '../domain/payment-rules';
import { type PlanView, planView } from '../domain/plan-lines';
import type { AddAthleteActorRef } from './add-athlete.connect';
import type { AssistanceRequestActorRef } from './assistance-request.connect';
import {
  type CardPaymentActorRef,
  type CardPaymentSnapshot,
  type ReturnNotice,
  returnNoticeOf,
} from './card-return.connect';
import type { FamilyDocumentsActorRef } from './family-documents.connect';
import { type FeeTotalsView, feeTotalsView } from './fee-totals.connect';
import type { HouseholdCheckoutActorRef } from './household-checkout.connect';
import { lastResult } from './last-result';
import { checkOrCashOf } from './payment.check-or-cash';
import { checksOutWithoutCard, offeredPlansOf, type PaymentContext, protectionIncluded } from './payment.context';
import type { paymentMachine } from './payment.machine';
import type { ShownText } from './payment-texts';

export type { PlanView } from '../domain/plan-lines';
export type { CardFormHandle } from '../providers/card-payments/types';
export type {
  DraftChannelInput,
  DraftUpdated,
  PaymentConfirmation,
  PaymentDestination,
  PaymentInput,
} from './payment.context';

export type { CardPaymentActorRef, CardPaymentSnapshot, ShownText };
export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** Which screen the payment flow shows. A plan reload keeps the step it was asked from on screen (busy). */
export type PaymentScreen =
  | 'loading'
  | 'waiverOnly'
  | 'choosingPlan'
  | 'protection'
  | 'checkout'
  | 'returning'
  | 'loadFailed'
  | 'pageError'
  | 'noSeason'
  | 'addingAthlete'
  | 'household'
  /** Issue 32 point 2: the registration's documents step, after a checkout for a team that requires documents. */
  | 'documents'
  /** Issue 30 point 6: the code of 'Add another athlete' or of the family checkout loading (payment.children.ts). */
  | 'loadingStep'
  /** Issue 34 point 1: 'Request financial assistance', then 'We sent your request…'. */
  | 'askingAssistance'
  | 'assistanceSent'
  | 'leaving';

export function paymentScreenOf(snapshot: PaymentSnapshot): PaymentScreen {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.matches('waiverOnly')) return 'waiverOnly';
  // A child's code that could not be fetched: the load failure's screen, with its retry.
  if (
    snapshot.matches({ addingAthlete: 'failed' }) ||
    snapshot.matches({ household: 'failed' }) ||
    snapshot.matches({ documents: 'failed' }) ||
    snapshot.matches({ askingAssistance: 'failed' })
  ) {
    return 'loadFailed';
  }
  if (
    snapshot.matches({ addingAthlete: 'loading' }) ||
    snapshot.matches({ household: 'loading' }) ||
    snapshot.matches({ documents: 'loading' }) ||
    snapshot.matches({ askingAssistance: 'loading' })
  ) {
    return 'loadingStep';
  }
  if (snapshot.matches('documents')) return 'documents';
  if (snapshot.matches('askingAssistance')) return 'askingAssistance';
  if (snapshot.matches('assistanceSent')) return 'assistanceSent';
  if (snapshot.matches('addingAthlete')) return 'addingAthlete';
  if (snapshot.matches('household')) return 'household';
  if (snapshot.matches('choosingPlan')) return 'choosingPlan';
  if (snapshot.matches('protection')) return 'protection';
  // A reload keeps its step on screen; a first load (no plans yet, e.g. a resumed registration: issue 21) does not.
  if (snapshot.matches('loadingPlans') && snapshot.context.reloadFor !== null && snapshot.context.data !== null) {
    return snapshot.context.reloadFor;
  }
  // Pay Now keeps the checkout step (and its mounted card form) on screen; a return has its own screen.
  if (snapshot.matches('checkout')) return 'checkout';
  if (snapshot.matches('paying')) return snapshot.context.returned === null ? 'checkout' : 'returning';
  // Issue 32 point 3: the new waiver text loading after Pay Now was refused keeps checkout (and its card) on screen.
  if (snapshot.matches('rereadingWaiver')) return 'checkout';
  // Issue 34 point 4: 'Complete registration' by check or cash keeps checkout on screen while it is recorded.
  if (snapshot.matches('recordingCheckOrCash')) return 'checkout';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('pageError')) return 'pageError';
  if (snapshot.matches('noSeason')) return 'noSeason';
  return 'loading';
}

/** §9: every offered plan as shown, in order (the first is pay in full), with the protection when added. */
const plansOf = lastResult(
  (
    data: PaymentData | null,
    offered: readonly PaymentPlan[],
    discount: ClientDiscount | null,
    addedProtection: ProtectionPlan | null,
  ): readonly PlanView[] => {
    const team = data?.team ?? null;
    if (team === null) return [];
    // Issue 34 point 3: a full award is planned as a full discount (the app fee waived, nothing due today).
    const full = isFullAward(team, discount, data?.help_paying?.financial_assistance ?? 0);
    return describePlans(offered, { team, addedProtection, discount: planTermsOf(discount, full) }).map(planView);
  },
);

function plansView(context: PaymentContext): readonly PlanView[] {
  const protection = context.data?.injury_protection_insurance ?? null;
  return plansOf(
    context.data,
    offeredPlansOf(context),
    context.discount,
    protectionIncluded(context) ? protection : null,
  );
}

/** The plan the payer chose, as shown, when it is still offered. */
function chosenPlanView(context: PaymentContext): PlanView | null {
  return plansView(context).find((plan) => plan.month === context.selectedPlanMonth) ?? null;
}

/** The team's fees as step 1 shows them (§4 season started, non-itemized app fee; §9). */
export interface TeamFeesView {
  readonly summary: TeamFeeSummary;
  readonly breakdown: FeeBreakdown;
  readonly seasonName: string | null;
  readonly seasonStart: string | null;
  /**
   * Issue 20 point 2: the household discount the server applied to this athlete ('Sibling discount', its percent
   * and amount in cents) and the total due less it (fee-totals.connect.ts).
   */
  readonly totals: FeeTotalsView;
}

const teamFeesOf = lastResult(
  (data: PaymentData | null, discount: ClientDiscount | null, seasonStarted: boolean): TeamFeesView | null => {
    const team = data?.team ?? null;
    if (team === null) return null;
    // Issue 34 point 3: the approved award the server took off the dues: its own line, before the sibling discount.
    const award = data?.help_paying?.financial_assistance ?? 0;
    const breakdown = assistedBreakdown(team, discount, isFullAward(team, discount, award));
    const household = data?.household ?? null;
    return {
      summary: summarizeTeamFees(team, seasonStarted),
      breakdown,
      seasonName: data?.season?.name ?? null,
      seasonStart: data?.season?.start_date ?? null,
      totals: feeTotalsView(
        dueAfterAward(breakdown.total, award),
        household === null ? null : { cents: household.sibling_discount, percent: household.sibling_discount_percent },
        award,
      ),
    };
  },
);

/** 'Team · Season' above step 1, or null when neither is known. */
function teamLineOf(data: PaymentData | null): string | null {
  const parts = [data?.team?.name, data?.season?.name].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? null : parts.join(' · ');
}

/** Step 1, payment options (§2 (a), §4, §5). Every field keeps its identity between snapshots (shallowEqual). */
export function paymentOptionsView(snapshot: PaymentSnapshot) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  return {
    busy,
    teamLine: teamLineOf(context.data),
    fees: teamFeesOf(context.data, context.discount, context.seasonStarted),
    plans: plansView(context),
    selectedPlanMonth: context.selectedPlanMonth,
    discount: context.discount,
    discountError: context.discountError,
    canGoBack: !busy && snapshot.can({ type: 'BACK' }),
    canGoOn: !busy && snapshot.can({ type: 'NEXT' }),
    /** Issue 20 point 1: 'Add another athlete' is shown only where the machine takes it (a guardian, not /draft). */
    canAddAthlete: !busy && snapshot.can({ type: 'ADD_ATHLETE' }),
    /** Issue 34 point 1: 'Need help paying?' where the machine takes it; the request's standing, once there is one. */
    canAskForHelp: !busy && snapshot.can({ type: 'ASK_ASSISTANCE' }),
    assistance: assistanceNoteOf(context.data),
  };
}

/**
 * Issue 34: what step 1 says of the athlete's request for financial assistance this season (null: none): waiting for
 * the club, approved with the amount (its line is in the fee summary), or declined with the club's message.
 */
export type AssistanceNote =
  | { readonly status: 'pending'; readonly organization: string }
  | { readonly status: 'approved'; readonly organization: string; readonly amountCents: number }
  | { readonly status: 'declined'; readonly organization: string; readonly message: string | null };

const assistanceNoteOf = lastResult((data: PaymentData | null): AssistanceNote | null => {
  const request = data?.help_paying?.assistance_request ?? null;
  if (request === null) return null;
  const organization = request.organization.name;
  switch (request.status) {
    case 'pending':
      return { status: 'pending', organization };
    case 'approved':
      return { status: 'approved', organization, amountCents: request.amount_approved_cents ?? 0 };
    case 'declined':
      return { status: 'declined', organization, message: request.decision_message };
  }
});

/** Issue 34 point 1: the organization named by 'We sent your request to {organization}.'. */
export function assistanceSentView(snapshot: PaymentSnapshot) {
  return {
    organization: snapshot.context.data?.help_paying?.organization.name ?? '',
    canGoBack: snapshot.can({ type: 'BACK' }),
  };
}

/** 'Request financial assistance' (issue 34 point 1), while it runs. */
export function assistanceRequestOf(snapshot: PaymentSnapshot): AssistanceRequestActorRef | undefined {
  return snapshot.matches('askingAssistance') ? snapshot.children.assistanceRequest : undefined;
}

/** The injury protection page (§2 (b), §4): the plan, whether it is added, and today's charge with the chosen plan. */
export function protectionView(snapshot: PaymentSnapshot) {
  const { context } = snapshot;
  const chosen = chosenPlanView(context);
  return {
    busy: snapshot.hasTag('busy'),
    protection: context.data?.injury_protection_insurance ?? null,
    added: protectionIncluded(context),
    chosenPlanName: chosen?.name ?? null,
    chargedToday: chosen?.chargedToday ?? null,
  };
}

/** Step 2, checkout (§2 (c), §4, §5, §8), also while paying. */
export function checkoutView(snapshot: PaymentSnapshot) {
  const { context } = snapshot;
  const waiver = context.data?.team?.waiver ?? null;
  return {
    busy: snapshot.hasTag('busy'),
    /** The order summary: the chosen plan as shown. */
    plan: chosenPlanView(context),
    /** §4: a full discount with nothing due today: no billing details, no card. */
    free: checksOutWithoutCard(context),
    waiver: hasWaiverText(waiver) ? waiver : null,
    /** Issue 31 point 4: the waiver's Spanish text, shown instead on Spanish pages (views/payment/waiver-section). */
    waiverEs: context.data?.team?.waiver_es,
    user: context.user,
    cardPayments: context.cardPayments,
    cardsUnavailable: snapshot.matches({ checkout: 'unavailable' }),
    waiverAgreed: context.waiverAgreed,
    waiverTouched: context.waiverTouched,
    /** Issue 32 point 3: the server's 'The waiver has changed…' until the family agrees to the new text; else null. */
    waiverNotice: context.waiverNotice,
    message: context.message,
    error: context.error,
    ...checkOrCashView(context),
  };
}

/**
 * Issue 34 point 4: step 2's 'Pay by check or cash' where the club accepts it (its organization and instructions;
 * null where not offered, and then step 2 is as before), and whether it is the way chosen.
 */
function checkOrCashView(context: PaymentContext) {
  const offer = checkOrCashOf(context);
  return {
    checkOrCashOrganization: offer?.organization ?? null,
    checkOrCashInstructions: offer?.instructions ?? null,
    byCheckOrCash: offer !== null && context.paymentMethod === 'check_or_cash',
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

/**
 * A page-level text: the load failure (the server's text, or a catalogue message), or the error the payment data
 * carries; null for none (the view says 'Error').
 */
export function pageTextOf(snapshot: PaymentSnapshot): ShownText | null {
  return (snapshot.matches('pageError') ? snapshot.context.data?.error : snapshot.context.error) ?? null;
}

/** The athlete steps of 'Add another athlete' with their choice of team (issue 20 point 1), while they run. */
export function athleteStepsOf(snapshot: PaymentSnapshot): AddAthleteActorRef | undefined {
  return snapshot.matches('addingAthlete') ? snapshot.children.athleteSteps : undefined;
}

/** The family checkout (issue 20), while it runs. */
export function householdCheckoutOf(snapshot: PaymentSnapshot): HouseholdCheckoutActorRef | undefined {
  return snapshot.matches('household') ? snapshot.children.householdCheckout : undefined;
}

/** Issue 32 point 2: the documents step's child (family-documents.machine.ts), while it runs. */
export function familyDocumentsOf(snapshot: PaymentSnapshot): FamilyDocumentsActorRef | undefined {
  return snapshot.matches('documents') ? snapshot.children.familyDocuments : undefined;
}

/** Issue 32 point 2: the documents step: the team registered for (its heading names it). */
export function documentsStepView(snapshot: PaymentSnapshot) {
  return { team: snapshot.context.data?.team?.name ?? '' };
}

/** The running card payment (Pay Now, or the return from the provider), when the flow is paying. */
export function cardPaymentOf(snapshot: PaymentSnapshot): CardPaymentActorRef | undefined {
  return snapshot.matches('paying') ? snapshot.children.cardPayment : undefined;
}

/** What the return screen shows (§4/§8): checking, the result message, and which button it offers. */
export const returnNoticeView: (snapshot: CardPaymentSnapshot) => ReturnNotice = returnNoticeOf;

/**
 * The views' window on household-checkout.machine.ts (issue 20 points 1, 2, 6): the actor and snapshot types and the
 * view models the family checkout's views (src/views/payment/household-*.tsx) render. Every figure comes from the
 * server's quote or its receipt; here they only become rows with their labels. Views import no machine file but this.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { HouseholdLine } from '../api/household';
import type { HouseholdReceipt, Quote, QuoteLine } from '../api/household.schemas';
import type { ClientDiscount } from '../domain/fees';
import { hasWaiverText } from '../domain/payment-rules';
import type { Message } from '../i18n/runtime';
import type { AddAthleteActorRef } from './add-athlete.connect';
import type { CardPaymentActorRef } from './card-return.connect';
import { type FeeTotalsView, feeTotalsView, SIBLING_DISCOUNT, siblingDiscountLabel } from './fee-totals.connect';
import {
  checksOutWithoutCard,
  type HouseholdAthlete,
  type HouseholdCheckoutContext,
  householdCheckOrCashOf,
  paysByCheckOrCash,
} from './household-checkout.context';
import type { householdCheckoutMachine } from './household-checkout.machine';
import { lastResult } from './last-result';
import type { ShownText } from './payment-texts';

export type HouseholdCheckoutActorRef = ActorRefFrom<typeof householdCheckoutMachine>;
export type HouseholdCheckoutSnapshot = SnapshotFrom<typeof householdCheckoutMachine>;
export type { HouseholdReceipt };

export { SIBLING_DISCOUNT };

/** Which screen the family checkout shows. A re-quote keeps step 1 on screen (busy); Pay Now keeps step 2. */
export type HouseholdScreen =
  | 'loading'
  | 'quoteFailed'
  | 'editing'
  | 'addingAthlete'
  | 'review'
  | 'returning'
  | 'leaving';

export function householdScreenOf(snapshot: HouseholdCheckoutSnapshot): HouseholdScreen {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.matches('paying')) return snapshot.context.returned === null ? 'review' : 'returning';
  if (snapshot.matches('review')) return 'review';
  // Issue 32 point 3: the changed waiver loading again after Pay Now was refused keeps step 2 (and its card) on screen.
  if (snapshot.matches('rereadingWaivers')) return 'review';
  // Issue 34 point 4: 'Complete registration' by check or cash under way keeps step 2 on screen.
  if (snapshot.matches('recordingCheckOrCash')) return 'review';
  if (snapshot.matches('addingAthlete')) return 'addingAthlete';
  if (snapshot.matches('quoteFailed')) return 'quoteFailed';
  if (snapshot.matches('editing')) return 'editing';
  return snapshot.context.quote === null ? 'loading' : 'editing';
}

/** The athlete steps child (with its choice of team) while 'Add another athlete' runs. */
export function householdAthleteStepsOf(snapshot: HouseholdCheckoutSnapshot): AddAthleteActorRef | undefined {
  return snapshot.matches('addingAthlete') ? snapshot.children.athleteSteps : undefined;
}

/** One plan of one athlete as step 1 offers it. */
export interface HouseholdPlanView {
  readonly month: number;
  readonly name: string;
  /** Today's charge with this plan (its first phase), cents. */
  readonly todayCents: number;
  /** The number of later payments, and their sum, cents. */
  readonly laterCount: number;
  readonly laterCents: number;
}

/** One athlete of step 1. */
export interface HouseholdAthleteView {
  readonly id: number;
  readonly name: string;
  /** 'Team · Season', or null before the quote. */
  readonly teamLine: string | null;
  readonly plans: readonly HouseholdPlanView[];
  readonly selectedMonth: number | null;
  readonly protection: { readonly description: string; readonly amountCents: number; readonly added: boolean } | null;
  /**
   * What stands in the way of this athlete (the quote's problem or Pay Now's 409), shown beside it: the server's text,
   * or a catalogue message when it gave none.
   */
  readonly problem: ShownText | null;
}

function teamLineOf(line: QuoteLine | undefined): string | null {
  if (line === undefined) return null;
  const parts = [line.team?.name, line.season?.name].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? null : parts.join(' · ');
}

function planViewOf(plan: QuoteLine['payment_plans'][number]): HouseholdPlanView {
  const [first, ...later] = plan.phases;
  return {
    month: plan.month,
    name: plan.name,
    todayCents: first?.amount_cents ?? 0,
    laterCount: later.length,
    laterCents: later.reduce((sum, phase) => sum + phase.amount_cents, 0),
  };
}

const athleteViewsOf = lastResult(
  (
    athletes: readonly HouseholdAthlete[],
    lines: readonly HouseholdLine[],
    quote: Quote | null,
    problems: Readonly<Record<string, ShownText>>,
  ): readonly HouseholdAthleteView[] =>
    athletes.map((athlete) => {
      const quoted = quote?.athletes.find((line) => line.athlete_id === athlete.id);
      const chosen = lines.find((line) => line.athlete_id === athlete.id);
      const protection = quoted?.injury_protection_insurance ?? null;
      return {
        id: athlete.id,
        name: quoted?.name ?? athlete.name,
        teamLine: teamLineOf(quoted),
        plans: (quoted?.payment_plans ?? []).map(planViewOf),
        selectedMonth: chosen?.payment_plan_month ?? null,
        protection:
          protection === null
            ? null
            : {
                description: protection.description,
                amountCents: protection.amount_cents,
                added: chosen?.include_payment_protection_plan ?? false,
              },
        problem: quoted?.problem ?? problems[String(athlete.id)] ?? null,
      };
    }),
);

/** The family's totals as the quote has them (the one fee-totals view model, with today's and later charges), cents. */
export interface HouseholdTotals extends FeeTotalsView {
  readonly todayCents: number;
  readonly laterCents: number;
}

const totalsOf = lastResult((quote: Quote | null): HouseholdTotals | null =>
  quote === null
    ? null
    : {
        // The quote's total is after the household discount, which fee-totals takes off what was due before it.
        ...feeTotalsView(quote.total_cents + quote.sibling_discount_cents, {
          cents: quote.sibling_discount_cents,
          percent: 0,
        }),
        todayCents: quote.today_cents,
        laterCents: quote.later_cents,
      },
);

/** The code the quote applied, as the discount form shows it. */
const discountOf = lastResult((quote: Quote | null): ClientDiscount | null => {
  const discount = quote?.discount ?? null;
  return discount === null
    ? null
    : {
        code: discount.code,
        percentOff: discount.percent_off,
        flatAmount: discount.flat_discount_cents,
        applied: true,
      };
});

/** Step 1 of the family checkout. Every field keeps its identity between snapshots (shallowEqual). */
export function householdEditView(snapshot: HouseholdCheckoutSnapshot) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const editing = snapshot.matches('editing');
  return {
    busy,
    athletes: athleteViewsOf(context.athletes, context.lines, context.quote, context.problems),
    canRemove: editing && context.lines.length > 1,
    discount: discountOf(context.quote),
    codeError: context.codeError,
    /** Why the athlete added last was taken out again (another organization), until the next change. */
    notice: context.notice,
    totals: totalsOf(context.quote),
    canAddAthlete: editing && snapshot.can({ type: 'ADD_ATHLETE' }),
    canGoOn: editing && snapshot.can({ type: 'NEXT' }),
    canGoBack: editing,
  };
}

/** One row of the family fee summary: a label (a message, issue 31) and an amount in cents, negative for a discount. */
export interface SummaryRow {
  readonly key: string;
  readonly label: Message;
  readonly cents: number;
}

/** One athlete's block of the fee summary: always the same rows (fixed heights: no layout shift). */
export interface SummaryAthlete {
  readonly id: number;
  readonly name: string;
  readonly teamLine: string | null;
  readonly planName: string | null;
  readonly rows: readonly SummaryRow[];
}

function summaryRowsOf(line: QuoteLine, code: string | null): SummaryRow[] {
  return [
    { key: 'dues', label: { key: 'payment.dues' }, cents: line.dues_cents },
    {
      key: 'code',
      label: code === null ? { key: 'payment.discount' } : { key: 'payment.discountNamed', params: { code } },
      cents: -line.code_discount_cents,
    },
    {
      key: 'sibling',
      label: siblingDiscountLabel(line.sibling_discount_percent),
      cents: -line.sibling_discount_cents,
    },
    { key: 'protection', label: { key: 'payment.injuryProtection' }, cents: line.protection_cents },
    { key: 'appFee', label: { key: 'payment.appFeeNonRefundable' }, cents: line.app_fee_cents },
    { key: 'today', label: { key: 'payment.dueToday' }, cents: line.today_cents },
    { key: 'later', label: { key: 'payment.laterPayments' }, cents: line.later_cents },
  ];
}

const summaryOf = lastResult((quote: Quote | null): readonly SummaryAthlete[] =>
  (quote?.athletes ?? []).map((line) => ({
    id: line.athlete_id,
    name: line.name,
    teamLine: teamLineOf(line),
    planName: line.payment_plans.find((plan) => plan.month === line.payment_plan_month)?.name ?? null,
    rows: summaryRowsOf(line, quote?.discount?.code ?? null),
  })),
);

/** One organization's waiver on step 2 (every one must be agreed). */
export interface WaiverView {
  readonly organizationId: number;
  readonly organizationName: string;
  readonly waiver: string;
  /** Issue 31 point 4: its Spanish text, shown instead on Spanish pages; absent: none. */
  readonly waiverEs?: string | null | undefined;
  readonly agreed: boolean;
  readonly touched: boolean;
  /** Issue 32 point 3: the server's 'The waiver has changed…' until this waiver is agreed again; else null. */
  readonly notice: string | null;
}

const waiverViewsOf = lastResult(
  (
    quote: Quote | null,
    agreed: readonly number[],
    touched: readonly number[],
    notice: string | null,
  ): readonly WaiverView[] =>
    (quote?.waivers ?? [])
      .filter((waiver) => hasWaiverText(waiver.waiver))
      .map((waiver) => ({
        organizationId: waiver.organization_id,
        organizationName: waiver.organization_name,
        waiver: waiver.waiver,
        waiverEs: waiver.waiver_es,
        agreed: agreed.includes(waiver.organization_id),
        touched: touched.includes(waiver.organization_id),
        notice: agreed.includes(waiver.organization_id) ? null : notice,
      })),
);

/** Step 2 of the family checkout, also while paying. */
export function householdReviewView(snapshot: HouseholdCheckoutSnapshot) {
  const { context } = snapshot;
  const offer = householdCheckOrCashOf(context);
  return {
    busy: snapshot.hasTag('busy'),
    athletes: summaryOf(context.quote),
    totals: totalsOf(context.quote),
    free: checksOutWithoutCard(context),
    waivers: waiverViewsOf(context.quote, context.agreedWaivers, context.touchedWaivers, context.waiverNotice),
    user: context.user,
    cardPayments: context.cardPayments,
    cardsUnavailable: snapshot.matches({ review: 'unavailable' }),
    message: context.message,
    error: context.error,
    // Issue 34 point 4: 'Pay by check or cash' with the club's instructions, where the club accepts it.
    checkOrCashOrganization: offer?.organization ?? null,
    checkOrCashInstructions: offer?.instructions ?? null,
    byCheckOrCash: paysByCheckOrCash(context),
  };
}

/** The quote failure (§8): the server's text, or null for none (the view then says 'Error'). */
export function householdErrorOf(snapshot: HouseholdCheckoutSnapshot): ShownText | null {
  return snapshot.context.error;
}

/** The card payment (Pay Now, or the 3-D Secure return whose screen it drives), while it runs. */
export function householdCardPaymentOf(snapshot: HouseholdCheckoutSnapshot): CardPaymentActorRef | undefined {
  return snapshot.matches('paying') ? snapshot.children.cardPayment : undefined;
}

/** Context the views never read directly; exported for the tests' fixtures. */
export type { HouseholdCheckoutContext };

/**
 * What the family checkout (household-checkout.machine.ts) can do: its types and every named actor, guard, action
 * and delay. The statechart says when each runs; the payment page gives the card provider's actors with provide().
 */
import { assertEvent, assign, setup } from 'xstate';
import { errorText } from '../api/errors';
import {
  getHouseholdQuote,
  type HouseholdCheckoutRequest,
  householdCheckoutByCheckOrCash,
  type QuoteRequest,
} from '../api/household';
import type { HouseholdAwaiting, Quote } from '../api/household.schemas';
import { releaseRemovedAthlete } from '../api/seat-holds';
import { discountCodeAction } from '../domain/fees';
import { type BillingForm, toBillingDetails } from '../domain/forms/payment-billing';
import { PAYMENT_MESSAGE_MS } from '../domain/payment-rules';
import type { CardFormHandle, CardPayments } from '../providers/card-payments/types';
import { forgetHouseholdCheckout } from '../session/household-checkout';
import { addAthleteMachine } from './add-athlete.machine';
import type { AthleteStepsInput, AthleteStepsOutput } from './athlete-steps.machine';
import type { CardPaymentExit } from './card-payment.machine';
import { noCardProvider } from './card-provider';
import { householdCardPaymentMachine } from './household-card-payment';
import {
  allWaiversAgreed,
  canPayNow,
  checksOutWithoutCard,
  codeRefusalOf,
  type HouseholdCheckoutContext,
  type HouseholdCheckoutEvent,
  type HouseholdCheckoutExit,
  type HouseholdCheckoutInput,
  type HouseholdPayEvent,
  householdCheckOrCashOf,
  householdReceiptOf,
  householdRecordOf,
  lineProblemsOf,
  MAX_HOUSEHOLD_ATHLETES,
  organizationMixOf,
  paysByCheckOrCash,
  planOffered,
  protectionOffered,
  quoteReady,
  settledLines,
  validBilling,
} from './household-checkout.context';
import type { PaymentMethod } from './payment.context';
import { waiverChangedText } from './payment.failures';
import { apiCall } from './settle-unless-aborted';

function exitTo(context: HouseholdCheckoutContext, exit: HouseholdCheckoutExit['exit']): HouseholdCheckoutExit {
  switch (exit) {
    case 'paid':
      return {
        exit,
        receipt: context.refunded ? null : context.receipt,
        refunded: context.refunded,
        afterReturn: context.returned !== null,
        ...(context.awaiting === null ? {} : { awaiting: context.awaiting }),
      };
    case 'back':
    case 'retry':
      return { exit };
  }
}

export const householdCheckoutSetup = setup({
  types: {
    input: {} as HouseholdCheckoutInput,
    context: {} as HouseholdCheckoutContext,
    events: {} as HouseholdCheckoutEvent,
    output: {} as HouseholdCheckoutExit,
    children: {} as {
      athleteSteps: 'athleteSteps';
      cardPayment: 'cardPayment';
      checkOrCashCheckout: 'checkOrCashCheckout';
    },
  },
  delays: {
    /** §9: payment message timeout 5000 ms. */
    paymentMessage: PAYMENT_MESSAGE_MS,
  },
  actors: {
    /** Issue 30 point 4: 'Remove' gives the removed athlete's held seat back (one call) before the new quote. */
    quote: apiCall<Quote, QuoteRequest & { release?: number | null }>(async ({ release, ...request }, signal) => {
      if (release !== undefined && release !== null) await releaseRemovedAthlete(release, { signal });
      return getHouseholdQuote(request, { signal });
    }),
    // Pay Now and the 3-D Secure return: the one card payment with the family's calls; the page gives its
    // provider's look-up of a returning intent (src/routes/payment.page.tsx).
    cardPayment: householdCardPaymentMachine,
    // 'Add another athlete': the athlete steps with the choice of team (issue 20 point 1).
    athleteSteps: addAthleteMachine,
    // Issue 34 point 4: 'Complete registration' by check or cash (no card).
    checkOrCashCheckout: apiCall<HouseholdAwaiting, HouseholdCheckoutRequest>((input, signal) =>
      householdCheckoutByCheckOrCash(input, { signal }),
    ),
    // The card provider (not our API): the page gives it (src/providers/card-payments/payment.actors.ts).
    cardPayments: noCardProvider,
  },
  guards: {
    isReturn: ({ context }) => context.returned !== null,
    codeRefused: (_, params: { error: unknown }) => codeRefusalOf(params.error) !== null,
    hasLineProblems: (_, params: { error: unknown }) => Object.keys(lineProblemsOf(params.error)).length > 0,
    /** Issue 20 point 1: the athlete added last is of another organization than the others (the quote's 422). */
    addedOtherOrganization: ({ context }, params: { error: unknown }) =>
      organizationMixOf(params.error) !== null &&
      context.lastAdded !== null &&
      context.lines.length > 1 &&
      context.lines.some((line) => line.athlete_id === context.lastAdded),
    planOffered: ({ context }, params: { athleteId: number; month: number }) =>
      planOffered(context, params.athleteId, params.month),
    offersProtection: ({ context }, params: { athleteId: number }) => protectionOffered(context, params.athleteId),
    canRemove: ({ context }, params: { athleteId: number }) =>
      context.lines.length > 1 && context.lines.some((line) => line.athlete_id === params.athleteId),
    canAddAthlete: ({ context }) => context.license !== null && context.lines.length < MAX_HOUSEHOLD_ATHLETES,
    addsNewAthlete: ({ context }, params: AthleteStepsOutput) =>
      params.exit === 'continue' &&
      params.athlete !== null &&
      !context.lines.some((line) => line.athlete_id === params.athlete?.user_id),
    emptyCode: (_, params: { code: string }) => discountCodeAction(params.code, null) === 'clear',
    clearsCode: ({ context }, params: { code: string }) =>
      context.discountCode !== null && discountCodeAction(params.code, null) === 'clear',
    sameCode: ({ context }, params: { code: string }) =>
      discountCodeAction(params.code, context.discountCode) === 'unchanged',
    quoteReady: ({ context }) => quoteReady(context),
    checksOutWithoutCard: ({ context }) => checksOutWithoutCard(context),
    cardFormLoaded: ({ context }) => context.cardPayments !== null,
    canPayWithoutCard: ({ context }) => checksOutWithoutCard(context) && canPayNow(context),
    payableByCard: ({ context }, params: HouseholdPayEvent) =>
      !checksOutWithoutCard(context) && canPayNow(context) && params.card !== null && validBilling(params.billing),
    billingRefused: ({ context }, params: HouseholdPayEvent) =>
      !checksOutWithoutCard(context) && canPayNow(context) && params.card !== null && !validBilling(params.billing),
    alreadyPaid: ({ context }) => context.paidIntent !== null,
    allWaiversAgreed: ({ context }) => allWaiversAgreed(context),
    cardExited: (_, params: { exit: CardPaymentExit; is: CardPaymentExit['exit'] }) => params.exit.exit === params.is,
    /** Issue 34 point 4: the card is always offered; check or cash where the club accepts it. */
    methodOffered: ({ context }, params: { method: PaymentMethod }) =>
      params.method === 'card' || (params.method === 'check_or_cash' && householdCheckOrCashOf(context) !== null),
    paysByCheckOrCash: ({ context }) => paysByCheckOrCash(context),
    canPayNow: ({ context }) => canPayNow(context),
    /** Issue 32 point 3: Pay Now refused because a waiver changed since it was shown (422 on `waiver_version`). */
    waiverChanged: (_, params: { error: unknown }) => waiverChangedText(params.error) !== null,
  },
  actions: {
    startQuote: assign({ error: null }),
    storeQuote: assign(({ context }, params: { quote: Quote }) => ({
      quote: params.quote,
      releasing: null,
      lines: settledLines(context.lines, params.quote),
      athletes: context.athletes.map((athlete) => ({
        id: athlete.id,
        name: params.quote.athletes.find((line) => line.athlete_id === athlete.id)?.name ?? athlete.name,
      })),
      discountCode: context.pendingCode ?? context.discountCode,
      pendingCode: null,
      codeError: null,
      error: null,
    })),
    rejectCode: assign({
      codeError: (_, params: { error: unknown }) => codeRefusalOf(params.error),
      pendingCode: null,
    }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    selectPlan: assign({
      lines: ({ context }, params: { athleteId: number; month: number }) =>
        context.lines.map((line) =>
          line.athlete_id === params.athleteId ? { ...line, payment_plan_month: params.month } : line,
        ),
    }),
    toggleProtection: assign({
      lines: ({ context }, params: { athleteId: number }) =>
        context.lines.map((line) =>
          line.athlete_id === params.athleteId
            ? { ...line, include_payment_protection_plan: !line.include_payment_protection_plan }
            : line,
        ),
    }),
    removeAthlete: assign(({ context }, params: { athleteId: number }) => {
      const problems = { ...context.problems };
      delete problems[String(params.athleteId)];
      return {
        lines: context.lines.filter((line) => line.athlete_id !== params.athleteId),
        athletes: context.athletes.filter((athlete) => athlete.id !== params.athleteId),
        problems,
        lastAdded: context.lastAdded === params.athleteId ? null : context.lastAdded,
        releasing: params.athleteId,
      };
    }),
    /** The quote refused the athlete added last (another organization): out again, and the page says why. */
    dropAddedAthlete: assign(({ context }, params: { error: unknown }) => ({
      lines: context.lines.filter((line) => line.athlete_id !== context.lastAdded),
      athletes: context.athletes.filter((athlete) => athlete.id !== context.lastAdded),
      lastAdded: null,
      notice: organizationMixOf(params.error),
    })),
    forgetNotice: assign({ notice: null }),
    addAthlete: assign(({ context }, params: AthleteStepsOutput) => {
      if (params.exit !== 'continue' || params.athlete === null) return {};
      const { user_id: id, name } = params.athlete;
      return {
        athletes: [...context.athletes, { id, name }],
        lines: [...context.lines, { athlete_id: id, payment_plan_month: null, include_payment_protection_plan: false }],
        lastAdded: id,
      };
    }),
    lookUpCode: assign({ pendingCode: (_, params: { code: string }) => params.code.trim(), codeError: null }),
    clearCode: assign({ discountCode: null, pendingCode: null, codeError: null }),
    clearCodeError: assign({ codeError: null }),
    setWaiverAgreement: assign(({ context, event }) => {
      assertEvent(event, 'AGREE_WAIVER');
      const others = context.agreedWaivers.filter((id) => id !== event.organizationId);
      return {
        // Issue 32 point 3: agreeing to the new text answers the notice that it changed.
        waiverNotice: event.agreed ? null : context.waiverNotice,
        agreedWaivers: event.agreed ? [...others, event.organizationId] : others,
        touchedWaivers:
          event.agreed && !context.touchedWaivers.includes(event.organizationId)
            ? [...context.touchedWaivers, event.organizationId]
            : context.touchedWaivers,
      };
    }),
    storeCardPayments: assign({ cardPayments: (_, params: { cardPayments: CardPayments }) => params.cardPayments }),
    fixPayment: assign((_, params: { billing: BillingForm | null; card: CardFormHandle | null }) => ({
      card: params.card,
      billing: params.billing === null ? null : toBillingDetails(params.billing),
      message: null,
      error: null,
    })),
    forgetForReturn: () => forgetHouseholdCheckout(),
    /** Paid (or recorded, or refunded): what the server confirmed. */
    storePaid: assign((_, params: CardPaymentExit) =>
      params.exit === 'paid' ? { receipt: householdReceiptOf(params.receipt), refunded: params.refunded } : {},
    ),
    /** A card message or checkout failure for step 2, and a charge not recorded yet (the next Pay Now records it). */
    showOutcome: assign((_, params: CardPaymentExit) => {
      if (params.exit === 'refused')
        return { message: params.message, paidIntent: householdRecordOf(params.paidCheckout) };
      if (params.exit === 'failed') return { error: params.error, paidIntent: householdRecordOf(params.paidCheckout) };
      return {};
    }),
    clearMessages: assign({ message: null, error: null, waiverNotice: null }),
    choosePaymentMethod: assign({ paymentMethod: (_, params: { method: PaymentMethod }) => params.method }),
    /** Issue 34 point 4: recorded by check or cash: the claimed page shows every athlete 'Awaiting payment'. */
    storeAwaiting: assign({ awaiting: (_, params: HouseholdAwaiting) => params }),
    /**
     * Issue 32 point 3: a waiver changed since it was shown: every agreement is asked again (boxes unticked, as on a
     * first visit) and the server's text says why.
     */
    askWaiversAgain: assign((_, params: { error: unknown }) => ({
      agreedWaivers: [],
      touchedWaivers: [],
      waiverNotice: waiverChangedText(params.error),
    })),
    showProblems: assign({
      problems: (_, params: { error: unknown }) => lineProblemsOf(params.error),
      error: null,
      message: null,
    }),
    leave: assign({
      exit: ({ context }, params: { exit: HouseholdCheckoutExit['exit'] }) => exitTo(context, params.exit),
    }),
  },
});

export type { AthleteStepsInput };

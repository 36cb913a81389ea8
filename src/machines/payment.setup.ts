/**
 * What the payment flow (payment.machine.ts) can do: its types and every named actor, guard, action and delay. The
 * statechart in payment.machine.ts says when each runs; the draft preview (draft-preview.ts) replaces the plans and
 * discount actors and the `isPreview` guard. Guards and actions read call answers and event payloads through `params`.
 */
import { type AnyStateMachine, assign, fromCallback, type SnapshotFrom, setup, spawnChild } from 'xstate';
import { getUser } from '../api/auth';
import { errorText } from '../api/errors';
import { checkoutByCheckOrCash } from '../api/help-paying';
import type { AwaitingPayment } from '../api/help-paying.schemas';
import { type CheckoutRequest, getDiscount, getSubscriptionStatus } from '../api/memberships';
import { getPaymentPlans } from '../api/payment-data';
import type { PaymentData } from '../api/payment-data.schemas';
import type { ServerDiscount, SubscriptionStatus, User } from '../api/schemas';
import { discountCodeAction, toClientDiscount } from '../domain/fees';
import { type BillingForm, toBillingDetails } from '../domain/forms/payment-billing';
import { hasWaiverText, PAYMENT_MESSAGE_MS } from '../domain/payment-rules';
import type { CardFormHandle, CardPayments } from '../providers/card-payments/types';
import { updateCurrentUser } from '../session/current-user';
import type { addAthleteMachine } from './add-athlete.machine';
import type { AssistanceRequestOutput, assistanceRequestMachine } from './assistance-request.machine';
import type { AthleteStepsOutput } from './athlete-steps.machine';
import type { CardPaymentExit, cardPaymentMachine } from './card-payment.machine';
import { noCardProvider } from './card-provider';
import type { familyDocumentsMachine } from './family-documents.machine';
import type { HouseholdCheckoutExit } from './household-checkout.context';
import type { householdCheckoutMachine } from './household-checkout.machine';
import { checkOrCashOf } from './payment.check-or-cash';
import { noChildCode, type Provided } from './payment.children';
import {
  addedAthleteOf,
  athleteRecordOf,
  canAddAthleteOf,
  canPayNow,
  checkoutParamsOf,
  checksOutWithoutCard,
  confirmationOf,
  type DraftChannelEvent,
  type DraftChannelInput,
  exitTo,
  householdConfirmationOf,
  licenceCode,
  newHouseholdKey,
  offeredPlansOf,
  offersAssistanceOf,
  type PayEvent,
  type PaymentContext,
  type PaymentDestination,
  type PaymentEvent,
  type PaymentInput,
  type PaymentMethod,
  type PlansRequest,
  protectionOffered,
  type ReloadStep,
  seasonStartedOf,
  validBilling,
} from './payment.context';
import { requiredDocumentsOf } from './payment.documents';
import { checkoutFailureText, waiverChangedText } from './payment.failures';
import { CARD_TEXTS, PAYMENT_TEXTS, type ShownText } from './payment-texts';
import { apiCall } from './settle-unless-aborted';

/**
 * The placeholder of a child the page provides. The card payment and issue 20's athlete steps and family checkout
 * are given this way, so the staff draft preview (draft-preview.ts), which never invokes them (it cannot pay, and
 * ADD_ATHLETE is guarded off there), ships none of them nor their views; /payment provides the real machines
 * (src/routes/payment.page.tsx). Started without one, it fails with its name rather than wait forever.
 */
function notProvided<TMachine extends AnyStateMachine>(name: string): Provided<TMachine> {
  const placeholder = {
    id: 'notProvided',
    getInitialSnapshot: () => {
      throw new Error(`This page does not provide ${name}.`);
    },
    transition: (snapshot: SnapshotFrom<TMachine>) => snapshot,
    getPersistedSnapshot: (snapshot: SnapshotFrom<TMachine>) => snapshot,
  };
  return placeholder;
}

export const paymentSetup = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    output: {} as PaymentDestination,
    // Invoke ids and the actor each runs: types `snapshot.children.cardPayment` for the views.
    children: {} as {
      cardPayment: 'cardPayment';
      athleteSteps: 'athleteSteps';
      householdCheckout: 'householdCheckout';
      familyDocuments: 'familyDocuments';
      assistanceRequest: 'assistanceRequest';
    },
  },
  delays: {
    /** §9: payment message timeout 5000 ms. */
    paymentMessage: PAYMENT_MESSAGE_MS,
  },
  actors: {
    currentUser: apiCall<User>((_, signal) => getUser({ signal })),
    subscriptionStatus: apiCall<SubscriptionStatus>((_, signal) => getSubscriptionStatus({ signal })),
    // The draft preview gives its own plans and discount actors (draft-preview.ts): the same answers, for a draft,
    // without authorization (§6).
    paymentPlans: apiCall<PaymentData, PlansRequest>((input, signal) =>
      getPaymentPlans(
        { discount_code: input.discountCode, include_payment_protection_plan: input.includeProtection },
        { signal },
      ),
    ),
    discount: apiCall<ServerDiscount, { code: string }>((input, signal) => getDiscount(input.code, { signal })),
    // The card provider and the draft channel are the page's to give (machine.provide): /payment gives the card
    // provider (src/providers/card-payments/payment.actors.ts), /draft the realtime channel, so neither page
    // carries the other's code (bench). Without one, card payments are unavailable and the preview is not live.
    cardPayments: noCardProvider,
    // One payment (card-payment.machine.ts): /payment provides it with the provider's look-up of a returning payment;
    // the preview cannot pay (checkout ends in `preview`), so /draft provides none.
    cardPayment: notProvided<typeof cardPaymentMachine>('the card payment'),
    // Issue 20: 'Add another athlete' runs the athlete steps, then the family checkout: /payment provides both (with
    // the family checkout's card actors); /draft, which never adds an athlete, provides neither (bench: /draft).
    // Issue 30 point 6: their code loads only when the flow reaches them (payment.children.ts): each `…Code` actor
    // is that load, which the page gives with the child.
    athleteStepsCode: noChildCode('the athlete steps'),
    athleteSteps: notProvided<typeof addAthleteMachine>('the athlete steps'),
    householdCheckoutCode: noChildCode('the family checkout'),
    householdCheckout: notProvided<typeof householdCheckoutMachine>('the family checkout'),
    // Issue 32 point 2: the registration's documents step (payment.documents.ts) runs /payments' documents machine,
    // loaded when the flow reaches it; /payment provides both, /draft (which never pays) neither.
    familyDocumentsCode: noChildCode('the documents step'),
    familyDocuments: notProvided<typeof familyDocumentsMachine>('the documents step'),
    // Issue 34 point 1: 'Request financial assistance', loaded when 'Need help paying?' is chosen (/payment gives it).
    assistanceRequestCode: noChildCode('the request for financial assistance'),
    assistanceRequest: notProvided<typeof assistanceRequestMachine>('the request for financial assistance'),
    // Issue 34 point 4: 'Complete registration' by check or cash (the checkout's payment_method 'check_or_cash').
    checkOrCashCheckout: apiCall<AwaitingPayment, CheckoutRequest | null>((input, signal) => {
      if (input === null) return Promise.reject(new Error('Choose a payment plan first.'));
      return checkoutByCheckOrCash(input, { signal });
    }),
    draftChannel: fromCallback<DraftChannelEvent, DraftChannelInput>(() => undefined),
  },
  guards: {
    /** The draft preview says true (draft-preview.ts). */
    isPreview: () => false,
    /** The page came with the payment data (the server-rendered draft preview). */
    hasPlans: ({ context }) => context.data !== null,
    isReturnFromProvider: ({ context }) => context.returned !== null,
    paymentComplete: (_, params: SubscriptionStatus) => params.payment_complete === 1,
    hasWaiver: ({ context }) => hasWaiverText(context.user?.license?.organization?.waiver),
    hasLicence: ({ context }) => licenceCode(context) !== undefined,
    isNewUser: ({ context }) => context.user?.is_new === true,
    waiverAgreed: ({ context }) => context.waiverAgreed,
    hasPageError: ({ context }) => (context.data?.error ?? '').trim() !== '',
    noSeason: ({ context }) => context.data?.is_season_set === false,
    reloadedFor: ({ context }, params: { step: ReloadStep }) => context.reloadFor === params.step,
    planChosen: ({ context }) =>
      context.selectedPlanMonth !== null && offeredPlansOf(context).some((p) => p.month === context.selectedPlanMonth),
    planOffered: ({ context }, params: { month: number }) =>
      offeredPlansOf(context).some((plan) => plan.month === params.month),
    offersProtection: ({ context }) => protectionOffered(context),
    emptyCode: (_, params: { code: string }) => discountCodeAction(params.code, null) === 'clear',
    /** Spec §5: an empty code with a discount applied clears it. */
    clearsDiscount: ({ context }, params: { code: string }) =>
      context.discount !== null && discountCodeAction(params.code, null) === 'clear',
    sameCode: ({ context }, params: { code: string }) =>
      discountCodeAction(params.code, context.discount?.code ?? null) === 'unchanged',
    isActive: (_, params: ServerDiscount) => params.is_active,
    /** Issue 21: a resumed registration's discount code, applied again through the server before the plans load. */
    resumesDiscount: ({ context }) => context.pendingCode !== null && context.discount === null,
    /** §4: a full discount with nothing due today checks out without card payment. */
    checksOutWithoutCard: ({ context }) => checksOutWithoutCard(context),
    canPay: ({ context }) => canPayNow(context),
    /** Spec §5: ready to pay, a card entered and billing details the billing schema accepts. */
    payableByCard: ({ context }, params: PayEvent) =>
      canPayNow(context) && params.card !== null && validBilling(params.billing),
    /** Ready to pay by card, but the billing schema refuses the billing details. */
    billingRefused: ({ context }, params: PayEvent) =>
      canPayNow(context) && params.card !== null && !validBilling(params.billing),
    cardFormLoaded: ({ context }) => context.cardPayments !== null,
    alreadyPaid: ({ context }) => context.paidCheckout !== null,
    exited: (_, params: { exit: CardPaymentExit; is: CardPaymentExit['exit'] }) => params.exit.exit === params.is,
    /** Issue 32 point 3: Pay Now refused because the waiver changed since it was shown (422 on `waiver_version`). */
    waiverChanged: (_, params: CardPaymentExit) => params.exit === 'failed' && waiverChangedText(params.cause) !== null,
    /** Issue 20 point 1: a guardian paying for one of their athletes may add another (never on /draft). */
    canAddAthlete: ({ context }) => canAddAthleteOf(context),
    addsAthlete: ({ context }, params: AthleteStepsOutput) => addedAthleteOf(context, params) !== null,
    isHouseholdReturn: ({ context }) => context.returned !== null && context.householdCheckoutId !== null,
    /** Issue 32 point 2: the team paid for requires documents (never on /draft: its plans name none). */
    needsDocuments: ({ context }) => requiredDocumentsOf(context).length > 0,
    householdExited: (_, params: { exit: HouseholdCheckoutExit; is: HouseholdCheckoutExit['exit'] }) =>
      params.exit.exit === params.is,
    /** Issue 34 point 1: the organization offers financial assistance and the athlete has not asked this season. */
    offersAssistance: ({ context }) => offersAssistanceOf(context),
    assistanceSent: (_, params: AssistanceRequestOutput) => params.exit === 'sent',
    /** Issue 34 point 4: step 2 offers this way to pay (the card always; check or cash where the club accepts it). */
    methodOffered: ({ context }, params: { method: PaymentMethod }) =>
      params.method === 'card' || checkOrCashOf(context) !== null,
    /** Issue 34 point 4: 'Pay by check or cash' is chosen, and still offered. */
    paysByCheckOrCash: ({ context }) => context.paymentMethod === 'check_or_cash' && checkOrCashOf(context) !== null,
    /** Issue 32 point 3 for check or cash: refused because the waiver changed since it was shown. */
    refusedForWaiver: (_, params: { error: unknown }) => waiverChangedText(params.error) !== null,
  },
  actions: {
    listenToDraft: spawnChild('draftChannel', {
      id: 'draftChannel',
      input: ({ context }) => ({ draftId: context.draftId ?? 0 }),
    }),
    storeUser: assign({
      user: ({ context }, params: { user: User }) => {
        // The session keeps the token; the flow decides with the fresh licence, waiver and is_new.
        updateCurrentUser(params.user);
        return { ...params.user, token: context.user?.token };
      },
    }),
    storeData: assign(({ context }, params: { data: PaymentData }) => {
      const stillOffered = offeredPlansOf({ ...context, data: params.data }).some(
        (plan) => plan.month === context.selectedPlanMonth,
      );
      return {
        data: params.data,
        // §4: the season-started display is decided here, from the clock, so no view reads it.
        seasonStarted: seasonStartedOf(params.data, new Date()),
        selectedPlanMonth: stillOffered ? context.selectedPlanMonth : null,
        error: null,
      };
    }),
    rememberLoadError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    /** A child's code that could not be fetched (payment.children.ts): the connection, as a failed call says. */
    rememberCodeNotLoaded: assign({ error: PAYMENT_TEXTS.networkError }),
    reloadFor: assign({ reloadFor: (_, params: { step: ReloadStep }) => params.step }),
    selectPlan: assign({ selectedPlanMonth: (_, params: { month: number }) => params.month }),
    startLookup: assign({ pendingCode: (_, params: { code: string }) => params.code.trim(), discountError: null }),
    clearDiscount: assign({ discount: null, pendingCode: null, discountError: null }),
    clearDiscountError: assign({ discountError: null }),
    applyDiscount: assign({
      discount: (_, params: { discount: ServerDiscount }) => toClientDiscount(params.discount),
      pendingCode: null,
    }),
    rejectDiscount: assign({ discountError: (_, params: { message: ShownText }) => params.message, pendingCode: null }),
    toggleProtection: assign({ includeProtection: ({ context }) => !context.includeProtection }),
    clearError: assign({ error: null }),
    clearMessages: assign({ message: null, error: null, waiverNotice: null }),
    setWaiverAgreement: assign(({ context }, params: { agreed: boolean }) => ({
      waiverAgreed: params.agreed,
      waiverTouched: context.waiverTouched || params.agreed,
      // Issue 32 point 3: agreeing to the new text answers the notice that it changed.
      waiverNotice: params.agreed ? null : context.waiverNotice,
    })),
    /**
     * Issue 32 point 3: the waiver changed since it was shown: the agreement is asked again (box unticked, as on a
     * first visit), the server's text says why, and checkout is where the reload returns.
     */
    askWaiverAgain: assign((_, params: CardPaymentExit) => ({
      waiverAgreed: false,
      waiverTouched: false,
      waiverNotice: params.exit === 'failed' ? waiverChangedText(params.cause) : null,
      reloadFor: 'checkout' as const,
    })),
    storeCardPayments: assign({ cardPayments: (_, params: { cardPayments: CardPayments }) => params.cardPayments }),
    fixCheckout: assign(({ context }, params: { billing: BillingForm | null; card: CardFormHandle | null }) => ({
      checkout: checkoutParamsOf(context),
      card: params.card,
      billing: params.billing === null ? null : toBillingDetails(params.billing),
      message: null,
      error: null,
    })),
    /** A payment that ended on the checkout step: its message or failure, and the payment charged so far, if any. */
    showOutcome: assign((_, params: CardPaymentExit) => {
      if (params.exit === 'refused')
        return { message: params.message, paidCheckout: athleteRecordOf(params.paidCheckout) };
      if (params.exit === 'failed') return { error: params.error, paidCheckout: athleteRecordOf(params.paidCheckout) };
      return {};
    }),
    forgetReturn: assign({ returned: null }),
    /** What the payment just made confirms (issue 15): the claimed page shows it (issue 19.1). */
    storeConfirmation: assign({
      confirmation: ({ context }, params: CardPaymentExit) =>
        params.exit === 'paid' ? confirmationOf(params, context) : null,
    }),
    leave: assign({
      exit: ({ context }, params: { to: PaymentDestination['to'] }) => exitTo(context, params.to),
    }),
    /** Issue 20: the family checkout starts with the payment page's athlete and the one just added. */
    startHousehold: assign({
      household: ({ context }, params: AthleteStepsOutput) => {
        const first = context.data?.athlete ?? null;
        const added = addedAthleteOf(context, params);
        if (first === null || added === null) return context.household;
        return { athletes: [first, added], checkoutKey: newHouseholdKey() };
      },
    }),
    endHousehold: assign({ household: null }),
    choosePaymentMethod: assign({ paymentMethod: (_, params: { method: PaymentMethod }) => params.method }),
    /** Issue 34 point 4: the registration by check or cash: the claimed page shows 'Awaiting payment'. */
    storeAwaiting: assign({
      confirmation: (_, params: AwaitingPayment) => ({
        receipt: null,
        refunded: false,
        afterReturn: false,
        household: null,
        awaiting: params,
      }),
    }),
    rememberCheckoutError: assign({
      error: (_, params: { error: unknown }) => checkoutFailureText(params.error, CARD_TEXTS.somethingWentWrongDot),
    }),
    /** Issue 32 point 3 for check or cash: the agreement asked again, with the server's text. */
    askWaiverAgainAfter: assign((_, params: { error: unknown }) => ({
      waiverAgreed: false,
      waiverTouched: false,
      waiverNotice: waiverChangedText(params.error),
      reloadFor: 'checkout' as const,
    })),
    storeHouseholdConfirmation: assign({
      confirmation: (_, params: HouseholdCheckoutExit) =>
        params.exit === 'paid' ? householdConfirmationOf(params) : null,
    }),
  },
});

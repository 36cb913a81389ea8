import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { returnedPaymentFrom } from '../domain/payment-return';
import { loadGroups } from '../i18n/runtime';
import type { addAthleteMachine } from '../machines/add-athlete.machine';
import type { assistanceRequestMachine } from '../machines/assistance-request.machine';
import { cardPaymentMachine } from '../machines/card-payment.machine';
import type { familyDocumentsMachine } from '../machines/family-documents.machine';
import type { householdCheckoutMachine } from '../machines/household-checkout.machine';
import { lazyChild } from '../machines/payment.lazy-child';
import { type PaymentDestination, paymentMachine } from '../machines/payment.machine';
import { paymentProgress } from '../machines/payment.persist';
import { cardPaymentsActor, retrievePaymentIntentActor } from '../providers/card-payments/payment.actors';
import { getCurrentUser } from '../session/current-user';
import { householdCheckoutFor } from '../session/household-checkout';
import { useCurrentUser } from '../session/use-session';
import { PaymentFlow } from '../views/payment/payment-flow';
import { useJourneyStylesheet } from './branding';
import { handOverConfirmation } from './claimed-confirmation';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { paymentRoute } from './payment.route';
import { ResumeDiscardedNotice, useProgressSaving, useResumeOutcome } from './use-progress';

/**
 * Issue 20's children, which only 'Add another athlete' (or a family checkout's 3-D Secure return) starts: their code
 * loads when the flow reaches them (issue 30 point 6, payment.children.ts), with the screen each shows first, so
 * that screen does not wait for a second round trip. The athlete steps' texts (the `athletes` group, issue 31) load with
 * them, in the language in use.
 */
const athleteSteps = lazyChild<typeof addAthleteMachine>('the athlete steps', async () => {
  const [{ addAthleteMachine }] = await Promise.all([
    import('../machines/add-athlete.machine'),
    import('../views/payment/household-add-athlete'),
    loadGroups(['athletes']),
  ]);
  return addAthleteMachine;
});
const householdCheckout = lazyChild<typeof householdCheckoutMachine>('the family checkout', async () => {
  const [{ householdCheckoutMachine }, { householdCardPaymentMachine }] = await Promise.all([
    import('../machines/household-checkout.machine'),
    import('../machines/household-card-payment'),
    import('../views/payment/household-checkout-view'),
    // The family checkout's own 'Add another athlete' shows the athlete steps too.
    loadGroups(['athletes']),
  ]);
  return householdCheckoutMachine.provide({
    actors: {
      cardPayments: cardPaymentsActor,
      cardPayment: householdCardPaymentMachine.provide({
        actors: { retrievePaymentIntent: retrievePaymentIntentActor },
      }),
    },
  });
});

/** Issue 34 point 1: 'Request financial assistance', loaded when 'Need help paying?' is chosen, with its screen. */
const assistanceRequest = lazyChild<typeof assistanceRequestMachine>(
  'the request for financial assistance',
  async () => {
    const [{ assistanceRequestMachine }] = await Promise.all([
      import('../machines/assistance-request.machine'),
      import('../views/payment/assistance-request-view'),
    ]);
    return assistanceRequestMachine;
  },
);

/**
 * Issue 32 point 2: the registration's documents step runs /payments' documents machine (payment.documents.ts), its
 * code, its screen and its texts (the `documents` group and the step's own) loaded only when a checkout for a team
 * that requires documents reaches it.
 */
const familyDocuments = lazyChild<typeof familyDocumentsMachine>('the documents step', async () => {
  const [{ familyDocumentsMachine }] = await Promise.all([
    import('../machines/family-documents.machine'),
    import('../views/payment/documents-step'),
    loadGroups(['documents', 'registrationDocuments']),
  ]);
  return familyDocumentsMachine;
});

/**
 * /payment pays by card: the machine gets the card provider, and its card payment the provider's look-up of a
 * returning payment (and never the realtime client).
 */
const paymentPageMachine = paymentMachine.provide({
  actors: {
    cardPayments: cardPaymentsActor,
    cardPayment: cardPaymentMachine.provide({ actors: { retrievePaymentIntent: retrievePaymentIntentActor } }),
    // Issue 20: 'Add another athlete' (payment.setup.ts leaves both children to the page; /draft never runs them).
    athleteStepsCode: athleteSteps.code,
    athleteSteps: athleteSteps.logic,
    householdCheckoutCode: householdCheckout.code,
    householdCheckout: householdCheckout.logic,
    familyDocumentsCode: familyDocuments.code,
    familyDocuments: familyDocuments.logic,
    assistanceRequestCode: assistanceRequest.code,
    assistanceRequest: assistanceRequest.logic,
  },
});

function PaymentPage() {
  const search = paymentRoute.useSearch();
  const navigate = useNavigate();
  // Issue 21: a reload, or 'Continue where you left off', resumes from this tab's copy of the saved registration.
  const resumed = useResumeOutcome(
    paymentProgress,
    paymentPageMachine,
    getCurrentUser()?.license?.license_code ?? null,
  );
  // The input is read once: the flow owns what happens next (a return from the provider is handled exactly once).
  const [input] = useState(() => {
    const returned = returnedPaymentFrom(search);
    return {
      resume: returned === null && resumed.kind === 'resume' ? resumed.input.resume : null,
      user: getCurrentUser(),
      returned,
      returnUrl: `${window.location.origin}/payment`,
      // Issue 20 point 6: a family checkout this tab started is recorded with the checkout id it kept.
      householdCheckoutId:
        returned === null ? null : (householdCheckoutFor(returned.paymentIntentId)?.checkoutId ?? null),
    };
  });
  const actorRef = useFlowPage(paymentPageMachine, { flow: 'payment', input, follow });
  useProgressSaving(actorRef, { progress: paymentProgress });
  // §1: the stylesheet of the stored user's organization (or the client's) on every page of a licence's journey.
  useJourneyStylesheet(useCurrentUser());

  useEffect(() => {
    // The provider's query must not replay the result on a reload.
    if (input.returned !== null) void navigate({ to: '/payment', search: {}, replace: true });
  }, [input.returned, navigate]);

  return <PaymentFlow actorRef={actorRef} notice={resumed.kind === 'discarded' ? <ResumeDiscardedNotice /> : null} />;
}

/**
 * Where a payment leads replaces the payment page in the history: Back must not return to a finished checkout. The
 * claimed page gets the confirmation of the payment just made in memory (claimed-confirmation.ts), not in its URL.
 */
function follow(navigate: NavigateFunction, destination: PaymentDestination): void {
  switch (destination.to) {
    case '/licenses/$license': {
      const { confirmation, ...to } = destination;
      if (confirmation !== null) handOverConfirmation(to.params.license, confirmation);
      void navigate({ ...to, replace: true });
      return;
    }
    default:
      void navigate({ ...destination, replace: true });
  }
}

/** A tab holding a saved registration loads the resume chunk before the flow starts (use-progress.ts). */
function PaymentRoute() {
  return (
    <Suspense fallback={null}>
      <PaymentPage />
    </Suspense>
  );
}

export const Route = createLazyRoute('/_auth/payment')({ component: PaymentRoute });

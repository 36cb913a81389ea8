import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { returnedPaymentFrom } from '../domain/payment-return';
import { flowInspector } from '../flows/flow-inspector';
import { paymentMachine } from '../machines/payment.machine';
import { cardPaymentsActor, retrievePaymentIntentActor } from '../providers/card-payments/payment.actors';
import { getCurrentUser } from '../session/current-user';
import { useCurrentUser } from '../session/use-session';
import { useJourneyStylesheet } from '../views/common/branding/use-brand-stylesheet';
import { PaymentFlow } from '../views/payment/payment-flow';
import { paymentRoute } from './payment.route';

/** /payment pays by card: the machine gets the card provider (and never the realtime client). */
const paymentPageMachine = paymentMachine.provide({
  actors: { cardPayments: cardPaymentsActor, retrievePaymentIntent: retrievePaymentIntentActor },
});

function PaymentPage() {
  const search = paymentRoute.useSearch();
  const navigate = useNavigate();
  // The input is read once: the flow owns what happens next (a return from the provider is handled exactly once).
  const [input] = useState(() => ({
    mode: 'payment' as const,
    user: getCurrentUser(),
    returned: returnedPaymentFrom(search),
    returnUrl: `${window.location.origin}/payment`,
  }));
  const actorRef = useActorRef(paymentPageMachine, { inspect: flowInspector('payment'), input });
  const destination = useSelector(actorRef, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  // §1: the stylesheet of the stored user's organization (or the client's) on every page of a licence's journey.
  useJourneyStylesheet(useCurrentUser());

  useEffect(() => {
    // The provider's query must not replay the result on a reload.
    if (input.returned !== null) void navigate({ to: '/payment', search: {}, replace: true });
  }, [input.returned, navigate]);

  useEffect(() => {
    if (destination) void navigate({ ...destination, replace: true });
  }, [destination, navigate]);

  return <PaymentFlow actorRef={actorRef} />;
}

export const Route = createLazyRoute('/payment')({ component: PaymentPage });

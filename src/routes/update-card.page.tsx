import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { returnedPaymentFrom } from '../domain/payment-return';
import { type UpdateCardExit, updateCardMachine } from '../machines/update-card.machine';
import { updateCardPaymentMachine } from '../machines/update-card-payment';
import {
  handleNextActionActor,
  retrievePaymentIntentActor,
  setupCardPaymentsActor,
} from '../providers/card-payments/update-card.actors';
import { useCurrentUser } from '../session/use-session';
import { UpdateCardFlow } from '../views/payments/update-card-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';
import { updateCardRoute } from './update-card.route';

/**
 * The page gives the machine the card provider's actors, so card code loads only here and on /payment: its card
 * payment gets the provider's look-up of a returning SetupIntent, as /payment's does.
 */
const updateCardPageMachine = updateCardMachine.provide({
  actors: {
    cardPayments: setupCardPaymentsActor,
    cardPayment: updateCardPaymentMachine.provide({ actors: { retrievePaymentIntent: retrievePaymentIntentActor } }),
    handleNextAction: handleNextActionActor,
  },
});

function UpdateCardPage() {
  const search = updateCardRoute.useSearch();
  const navigate = useNavigate();
  // The input is read once: the flow owns what happens next (a return from the provider is handled exactly once).
  const [input] = useState(() => {
    const membershipId = search.membership_id ?? null;
    const url = new URL('/payments/update-card', window.location.origin);
    if (membershipId !== null) url.searchParams.set('membership_id', String(membershipId));
    // The way back from 3-D Secure reads as /payment's (a new card's SetupIntent, or the charge of it).
    return { membershipId, returned: returnedPaymentFrom(search), returnUrl: url.toString() };
  });
  const actorRef = useFlowPage(updateCardPageMachine, { flow: 'update-card', input, follow });
  useJourneyStylesheet(useCurrentUser());

  useEffect(() => {
    // The provider's query must not replay the result on a reload.
    if (input.returned === null) return;
    const membershipSearch = input.membershipId === null ? {} : { membership_id: input.membershipId };
    void navigate({ to: '/payments/update-card', search: membershipSearch, replace: true });
  }, [input, navigate]);

  return <UpdateCardFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: UpdateCardExit): void {
  void navigate({ to: exit.to, search: exit.search, replace: true });
}

export const Route = createLazyRoute('/_auth/payments/update-card')({ component: UpdateCardPage });

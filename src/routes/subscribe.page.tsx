import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { flowInspector } from '../flows/flow-inspector';
import { type SubscribeInput, subscribeMachine } from '../machines/subscribe.machine';
import { getCurrentUser } from '../session/current-user';
import { SubscribeFlow } from '../views/subscribe/subscribe-flow';

export const Route = createLazyRoute('/subscribe')({ component: SubscribePage });

function SubscribePage() {
  const search = Route.useSearch();
  // The flow starts from the link as it was opened; later changes of the URL do not restart it.
  const [input] = useState<SubscribeInput>(() => ({
    couponCode: search.coupon_code,
    term: search.term,
    organization: search.organization,
    user: getCurrentUser(),
  }));
  const actor = useActorRef(subscribeMachine, { inspect: flowInspector('subscribe'), input });
  const exit = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  const navigate = useNavigate();

  useEffect(() => {
    if (exit) void navigate({ to: exit.to });
  }, [exit, navigate]);

  return <SubscribeFlow actorRef={actor} />;
}

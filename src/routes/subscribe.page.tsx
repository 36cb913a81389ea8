import { createLazyRoute } from '@tanstack/react-router';
import { type SubscribeOutput, subscribeMachine } from '../machines/subscribe.machine';
import { getCurrentUser } from '../session/current-user';
import { SubscribeFlow } from '../views/subscribe/subscribe-flow';
import { type NavigateFunction, useFlowPage } from './flow-page';

export const Route = createLazyRoute('/_auth/subscribe')({ component: SubscribePage });

/** /subscribe: the flow starts from the link as it was opened (useFlowPage reads the input once). */
function SubscribePage() {
  const search = Route.useSearch();
  const actorRef = useFlowPage(subscribeMachine, {
    flow: 'subscribe',
    input: {
      couponCode: search.coupon_code,
      term: search.term,
      organization: search.organization,
      user: getCurrentUser(),
    },
    follow,
  });
  return <SubscribeFlow actorRef={actorRef} />;
}

function follow(navigate: NavigateFunction, exit: SubscribeOutput): void {
  void navigate({ to: exit.to });
}

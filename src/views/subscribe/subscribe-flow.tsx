import { shallowEqual, useSelector } from '@xstate/react';
import { BILLING_UNAVAILABLE_TEXT, type SubscribeActorRef, subscribePageView } from '../../machines/subscribe.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { BillingFormView } from './billing-form-view';
import { PlanTilesView } from './plan-tiles-view';
import './subscribe.css';

/**
 * /subscribe (§2 Subscribe): 'Your plan' (or the link's organization or coupon problem in its place), the plan
 * tiles, and the billing form once the billing provider is ready.
 */
export function SubscribeFlow({ actorRef }: { actorRef: SubscribeActorRef }) {
  const view = useSelector(actorRef, subscribePageView, shallowEqual);

  return (
    <Page wide>
      {/* Keyed by its text: when a link problem replaces 'Your plan', focus moves to the new heading. */}
      <StepHeading key={view.heading}>{view.heading}</StepHeading>
      {view.moreProblems.map((problem) => (
        <Alert key={problem}>{problem}</Alert>
      ))}
      {view.loadError !== null && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.loadError}</RetryAlert>
      )}
      {view.tiles.length > 0 && (
        <PlanTilesView
          tiles={view.tiles}
          selected={view.selectedTerm}
          canSelect={(term) => view.selectableTerms.includes(term)}
          onSelect={(term) => actorRef.send({ type: 'SELECT_TERM', term })}
          couponApplied={view.couponApplied}
        />
      )}
      {view.billingUnavailable && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{BILLING_UNAVAILABLE_TEXT}</RetryAlert>
      )}
      {view.showBillingForm && <BillingFormView actorRef={actorRef} />}
      {view.leaving && <p role="status">Taking you to your account…</p>}
    </Page>
  );
}

import { shallowEqual, useSelector } from '@xstate/react';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { type SubscribeActorRef, subscribePageView } from '../../machines/subscribe.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { BillingFormView } from './billing-form-view';
import { failureText } from './failure-text';
import { PlanTilesView } from './plan-tiles-view';
import './subscribe.css';

/**
 * /subscribe (§2 Subscribe): 'Your plan' (or the link's organization or coupon problem in its place), the plan
 * tiles, and the billing form once the billing provider is ready.
 */
export function SubscribeFlow({ actorRef }: { actorRef: SubscribeActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, subscribePageView, shallowEqual);

  return (
    <Page wide>
      {/* Keyed by its text: when a link problem replaces 'Your plan', focus moves to the new heading. */}
      <StepHeading key={view.heading.key}>{text(view.heading)}</StepHeading>
      {view.moreProblems.map((problem) => (
        <Alert key={problem.key}>{text(problem)}</Alert>
      ))}
      {view.loadError !== null && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{failureText(view.loadError)}</RetryAlert>
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
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{t('subscribe.billingUnavailable')}</RetryAlert>
      )}
      {view.showBillingForm && <BillingFormView actorRef={actorRef} />}
      {view.leaving && <p role="status">{t('subscribe.leaving')}</p>}
    </Page>
  );
}

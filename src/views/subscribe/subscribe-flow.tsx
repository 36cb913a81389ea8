import { useSelector } from '@xstate/react';
import { describePlanTiles } from '../../domain/subscription-pricing';
import type { SubscribeActorRef } from '../../machines/subscribe.connect';
import { BILLING_UNAVAILABLE_TEXT } from '../../providers/billing/billing-provider';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { BillingFormView } from './billing-form-view';
import { INVALID_ORGANIZATION_TEXT, INVALID_URL_COUPON_TEXT, YOUR_PLAN_HEADING } from './plan-texts';
import { PlanTilesView } from './plan-tiles-view';
import './subscribe.css';

/**
 * /subscribe (§2 Subscribe): 'Your plan' (or the link's organization or coupon problem in its place), the plan
 * tiles, and the billing form once the billing provider is ready.
 */
export function SubscribeFlow({ actorRef }: { actorRef: SubscribeActorRef }) {
  const snapshot = useSelector(actorRef, (state) => state);
  const { context } = snapshot;
  const problems = [
    context.organizationInvalid ? INVALID_ORGANIZATION_TEXT : null,
    context.urlCouponInvalid ? INVALID_URL_COUPON_TEXT : null,
  ].filter((text): text is string => text !== null);
  const heading = problems[0] ?? YOUR_PLAN_HEADING;
  const tiles = context.prices
    ? describePlanTiles(context.prices, { coupon: context.coupon, urlTerm: context.urlTerm })
    : [];
  const leaving = snapshot.matches('toDashboard');

  return (
    <Page wide>
      {/* Keyed by its text: when a link problem replaces 'Your plan', focus moves to the new heading. */}
      <StepHeading key={heading}>{heading}</StepHeading>
      {problems.slice(1).map((problem) => (
        <Alert key={problem}>{problem}</Alert>
      ))}
      {snapshot.matches('loadFailed') && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{context.error}</RetryAlert>
      )}
      {!leaving && tiles.length > 0 && (
        <PlanTilesView
          tiles={tiles}
          selected={context.term}
          canSelect={(term) => snapshot.can({ type: 'SELECT_TERM', term })}
          onSelect={(term) => actorRef.send({ type: 'SELECT_TERM', term })}
          couponApplied={context.coupon !== null}
        />
      )}
      {snapshot.matches('billingUnavailable') && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{BILLING_UNAVAILABLE_TEXT}</RetryAlert>
      )}
      {!leaving && context.billing && <BillingFormView snapshot={snapshot} send={actorRef.send} />}
      {leaving && <p role="status">Taking you to your account…</p>}
    </Page>
  );
}

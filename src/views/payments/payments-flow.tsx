import './payments.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { type PaymentsActorRef, paymentsScreenOf } from '../../machines/payments.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { MembershipCard } from './membership-card';
import {
  BACK_TO_ACCOUNT,
  INVITE_GUARDIAN_LINK,
  LOADING_PAYMENTS_TEXT,
  MY_PAYMENTS_HEADING,
  NO_PAYMENTS_TEXT,
} from './payment-texts';

/** /payments ("My payments", issue 15 point 3), rendered from the payments machine's state. */
export function PaymentsFlow({ actorRef }: { actorRef: PaymentsActorRef }) {
  const screen = useSelector(actorRef, paymentsScreenOf, shallowEqual);
  return (
    <Page>
      <div className="payments">
        <StepHeading>{MY_PAYMENTS_HEADING}</StepHeading>
        {screen.busy && <p role="status">{LOADING_PAYMENTS_TEXT}</p>}
        {screen.failed && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{screen.errorText}</RetryAlert>}
        {screen.empty && <Alert tone="info">{NO_PAYMENTS_TEXT}</Alert>}
        {screen.loaded &&
          screen.memberships.map((membership) => <MembershipCard key={membership.id} membership={membership} />)}
        <p>
          <Link to="/household">{INVITE_GUARDIAN_LINK}</Link>
        </p>
        <p>
          <Link to="/dashboard">{BACK_TO_ACCOUNT}</Link>
        </p>
      </div>
    </Page>
  );
}

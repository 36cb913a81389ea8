import type { FormEvent } from 'react';
import { hasWaiverText } from '../../domain/payment-rules';
import { StepHeading } from '../common/step-heading';
import type { StepProps } from './types';
import { WaiverSection } from './waiver-section';

/** The waiver-only page (§2 (d), §4: payment complete, organization waiver): 'Accept' once the box is ticked (§5). */
export function WaiverOnlyStep({ snapshot, actorRef }: StepProps) {
  const { context } = snapshot;
  const waiver = context.user?.license?.organization?.waiver ?? null;
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (snapshot.can({ type: 'ACCEPT' })) actorRef.send({ type: 'ACCEPT' });
  };
  return (
    <form onSubmit={accept}>
      <StepHeading>Team Waiver</StepHeading>
      {context.user?.license?.organization?.name && (
        <p className="payment-team">{context.user.license.organization.name}</p>
      )}
      {hasWaiverText(waiver) && (
        <WaiverSection
          waiver={waiver}
          agreed={context.waiverAgreed}
          touched={context.waiverTouched}
          onChange={(agreed) => actorRef.send({ type: 'AGREE_WAIVER', agreed })}
        />
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={!snapshot.can({ type: 'ACCEPT' })}>
          Accept
        </button>
      </div>
    </form>
  );
}

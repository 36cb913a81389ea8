import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { hasWaiverText } from '../../domain/payment-rules';
import { useT } from '../../i18n/use-t';
import { waiverOnlyView } from '../../machines/payment.connect';
import { StepHeading } from '../common/step-heading';
import type { StepProps } from './types';
import { WaiverSection } from './waiver-section';

/**
 * The waiver-only page (§2 (d), §4: payment complete, organization waiver): 'Accept' once the box is ticked (§5). In
 * Spanish, the organization's Spanish text when it wrote one (issue 31 point 4, ./waiver-section.tsx).
 */
export function WaiverOnlyStep({ actorRef }: StepProps) {
  const t = useT();
  const { organization, agreed, touched, canAccept } = useSelector(actorRef, waiverOnlyView, shallowEqual);
  const waiver = organization?.waiver ?? null;
  const accept = (event: FormEvent) => {
    event.preventDefault();
    if (canAccept) actorRef.send({ type: 'ACCEPT' });
  };
  return (
    <form onSubmit={accept}>
      <StepHeading>{t('payment.teamWaiver')}</StepHeading>
      {organization?.name && <p className="payment-team">{organization.name}</p>}
      {hasWaiverText(waiver) && (
        <WaiverSection
          waiver={waiver}
          waiverEs={organization?.waiver_es}
          agreed={agreed}
          touched={touched}
          onChange={(agreed) => actorRef.send({ type: 'AGREE_WAIVER', agreed })}
        />
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={!canAccept}>
          {t('payment.accept')}
        </button>
      </div>
    </form>
  );
}

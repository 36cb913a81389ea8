import { shallowEqual, useSelector } from '@xstate/react';
import { type HouseholdCheckoutActorRef, householdReviewView } from '../../machines/household-checkout.connect';
import { CheckOrCashChoice } from './check-or-cash-choice';
import { HouseholdSummary } from './household-summary';
import { PayNowForm } from './pay-now-form';

/**
 * Step 2 of the family checkout (issue 20 point 1): one fee summary, one waiver per organization, billing details,
 * one card form and one 'Pay Now' (PayNowForm); where the club accepts it, 'Pay by check or cash' beside the card
 * (issue 34 point 4). Rendered while paying too, so the card form stays mounted across
 * attempts.
 */
export function HouseholdReviewStep({ actorRef }: { actorRef: HouseholdCheckoutActorRef }) {
  const view = useSelector(actorRef, householdReviewView, shallowEqual);
  const waivers = view.waivers.map((waiver) => ({
    key: waiver.organizationId,
    organization: waiver.organizationName,
    waiver: waiver.waiver,
    waiverEs: waiver.waiverEs,
    agreed: waiver.agreed,
    touched: waiver.touched,
    notice: waiver.notice,
    onChange: (agreed: boolean) =>
      actorRef.send({ type: 'AGREE_WAIVER', organizationId: waiver.organizationId, agreed }),
  }));

  return (
    <PayNowForm
      actorRef={actorRef}
      view={view}
      amount={view.totals?.todayCents ?? 0}
      waivers={waivers}
      byCheckOrCash={view.byCheckOrCash}
      choice={
        view.checkOrCashOrganization !== null && (
          <CheckOrCashChoice
            actorRef={actorRef}
            organization={view.checkOrCashOrganization}
            instructions={view.checkOrCashInstructions ?? ''}
            chosen={view.byCheckOrCash}
            disabled={view.busy}
          />
        )
      }
    >
      <HouseholdSummary athletes={view.athletes} totals={view.totals} />
    </PayNowForm>
  );
}

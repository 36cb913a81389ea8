import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { birthDatesMachine } from '../machines/birth-dates.machine';
import { familyDocumentsMachine } from '../machines/family-documents.machine';
import { familyFilesMachine } from '../machines/family-files.machine';
import { type PaymentsExit, paymentsMachine } from '../machines/payments.machine';
import { useCurrentUser } from '../session/use-session';
import { PaymentsFlow } from '../views/payments/payments-flow';
import { useJourneyStylesheet } from './branding';
import { type NavigateFunction, useFlowPage } from './flow-page';

/** /payments: the machine loads the family's memberships; a session the server refuses goes back through login. */
function PaymentsPage() {
  const actorRef = useFlowPage(paymentsMachine, { flow: 'payments', input: undefined, follow });
  // §1: the stylesheet of the stored user's organization (or the client's), as on the dashboard.
  useJourneyStylesheet(useCurrentUser());
  // Issue 32 point 2: the documents the memberships require (all of the household's: no scope), uploaded from here.
  const documents = useActorRef(familyDocumentsMachine, { input: { scope: null } });
  // Issue 32 points 2 and 3: the family's signed waivers and uploaded documents, downloaded from here.
  const files = useActorRef(familyFilesMachine);
  // Issue 32: the athletes' dates of birth, corrected from here until a proof of age is approved.
  const birthDates = useActorRef(birthDatesMachine);
  return <PaymentsFlow actorRef={actorRef} documents={documents} files={files} birthDates={birthDates} />;
}

function follow(navigate: NavigateFunction, exit: PaymentsExit): void {
  void navigate({ to: exit.to, search: exit.search, replace: true });
}

export const Route = createLazyRoute('/_auth/payments')({ component: PaymentsPage });

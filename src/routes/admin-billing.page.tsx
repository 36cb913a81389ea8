import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { adminBillingMachine } from '../machines/admin-billing.machine';
import { adminDeadLettersMachine } from '../machines/admin-dead-letters.machine';
import { createBillingChannelActor } from '../providers/realtime/billing-channel.actor';
import { getStaffSession } from '../session/staff';
import { BillingView } from '../views/admin/billing-view';
import { DeadLettersView } from '../views/admin/dead-letters-view';

export const Route = createLazyRoute('/_admin/admin/billing')({ component: AdminBillingPage });

/** The billing flow with the organization's live channel (a billing run's changes show as they happen). */
const liveBillingMachine = adminBillingMachine.provide({ actors: { live: createBillingChannelActor() } });

/** /admin/billing: the first organization where the staff member reads money. */
function AdminBillingPage() {
  const [organizationId] = useState(
    () => getStaffSession()?.staff.organizations.find((place) => place.can.read_money)?.id ?? null,
  );
  const [readsJobs] = useState(
    () => getStaffSession()?.staff.organizations.some((place) => place.can.read_jobs) === true,
  );
  const actorRef = useActorRef(liveBillingMachine, { input: { organizationId } });
  return <BillingView actorRef={actorRef} deadLetters={readsJobs ? <DeadLetters /> : null} />;
}

/** Issue 33 point 4: the job engine's dead letters with 'Try again', their own flow. */
function DeadLetters() {
  const actorRef = useActorRef(adminDeadLettersMachine);
  return <DeadLettersView actorRef={actorRef} />;
}

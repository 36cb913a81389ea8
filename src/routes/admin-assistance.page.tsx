import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { adminAssistanceMachine } from '../machines/admin-assistance.machine';
import { getStaffSession } from '../session/staff';
import { AssistanceView } from '../views/admin/assistance-view';

export const Route = createLazyRoute('/_admin/admin/assistance')({ component: AdminAssistancePage });

/** /admin/assistance: the first organization where the staff member reads assistance requests (`can` from /me). */
function AdminAssistancePage() {
  const [organizationId] = useState(
    () => getStaffSession()?.staff.organizations.find((place) => place.can.read_assistance)?.id ?? null,
  );
  const actorRef = useActorRef(adminAssistanceMachine, { input: { organizationId } });
  return <AssistanceView actorRef={actorRef} />;
}

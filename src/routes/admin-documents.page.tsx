import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { adminDocumentsMachine } from '../machines/admin-documents.machine';
import { getStaffSession } from '../session/staff';
import { DocumentsView } from '../views/admin/documents-view';

export const Route = createLazyRoute('/_admin/admin/documents')({ component: AdminDocumentsPage });

/** /admin/documents: the queue of the first organization where the staff member verifies documents. */
function AdminDocumentsPage() {
  const [organizationId] = useState(
    () => getStaffSession()?.staff.organizations.find((place) => place.can.verify_documents)?.id ?? null,
  );
  const actorRef = useActorRef(adminDocumentsMachine, { input: { organizationId } });
  return <DocumentsView actorRef={actorRef} />;
}

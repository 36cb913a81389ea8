import { createLazyRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { adminDraftMachine } from '../machines/admin-draft.machine';
import { DraftEditor } from '../views/admin/draft-editor';

export const Route = createLazyRoute('/_admin/admin/drafts/$draftId')({ component: AdminDraftPage });

/** /admin/drafts/$draftId: the admin-draft flow (load, edit, save); it has no exit. An id that is not a number answers 'Draft not found.' from the server. */
function AdminDraftPage() {
  const { draftId } = Route.useParams();
  const actorRef = useActorRef(adminDraftMachine, {
    input: { draftId: /^\d{1,10}$/.test(draftId) ? Number(draftId) : 0 },
  });
  return <DraftEditor actorRef={actorRef} />;
}

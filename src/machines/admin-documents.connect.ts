/**
 * The view's window on admin-documents.machine.ts (/admin/documents, issue 32 point 2): the queue's rows with what each
 * offers, the reject form's state, the notice after a decision and a failure's text. Dates are written while
 * rendering, in the language in use (`uploadedText`).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { formatHoldUntil } from '../domain/dates';
import { PROOF_OF_AGE } from '../domain/documents';
import { intlLocale } from '../i18n/runtime';
import type { adminDocumentsMachine } from './admin-documents.machine';

export type AdminDocumentsActorRef = ActorRefFrom<typeof adminDocumentsMachine>;
export type AdminDocumentsSnapshot = SnapshotFrom<typeof adminDocumentsMachine>;

export interface QueueRow {
  id: number;
  athlete: string;
  team: string;
  document: string;
  uploadedAt: string;
}

export type AdminDocumentsView =
  | { kind: 'notAllowed' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: string | null }
  | {
      kind: 'loaded';
      rows: QueueRow[];
      busy: boolean;
      /** 'approved': a proof of age (the date of birth is now locked); 'approvedOther': a club's own document. */
      notice: 'approved' | 'approvedOther' | 'rejected' | null;
      error: string | null;
      /** The document the reject form is for, and whether its reason is missing. */
      rejecting: { row: QueueRow; reasonMissing: boolean } | null;
    };

/** When it was uploaded, in the reader's language ('Dec 6, 2026, 7:02 AM UTC'): call it while rendering. */
export function uploadedText(row: Pick<QueueRow, 'uploadedAt'>): string {
  return formatHoldUntil(row.uploadedAt, intlLocale());
}

export function adminDocumentsView(snapshot: AdminDocumentsSnapshot): AdminDocumentsView {
  const { documents, error, selected } = snapshot.context;
  if (snapshot.matches('notAllowed')) return { kind: 'notAllowed' };
  if (snapshot.matches('loading') || snapshot.matches('start')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error };
  const rows = documents.map((doc) => ({
    id: doc.id,
    athlete: doc.athlete.name,
    team: doc.team.name,
    document: doc.name,
    uploadedAt: doc.uploaded_at,
  }));
  const formRow = snapshot.matches({ loaded: 'rejectForm' }) ? rows.find((row) => row.id === selected) : undefined;
  return {
    kind: 'loaded',
    rows,
    busy: snapshot.hasTag('busy'),
    notice: snapshot.matches({ loaded: 'approved' })
      ? snapshot.context.decided?.name === PROOF_OF_AGE
        ? 'approved'
        : 'approvedOther'
      : snapshot.matches({ loaded: 'rejected' })
        ? 'rejected'
        : null,
    error: snapshot.matches({ loaded: 'actionFailed' }) ? error : null,
    rejecting:
      formRow === undefined
        ? null
        : { row: formRow, reasonMissing: snapshot.matches({ loaded: { rejectForm: 'reasonMissing' } }) },
  };
}

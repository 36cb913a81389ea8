/**
 * The club console's documents queue (issue 32 point 2, /admin/documents): the documents waiting for review in the
 * staff member's organization (the first where the server's `can.verify_documents` is on: owners and registrars, never
 * coaches). Each can be viewed (the file, downloaded with the staff token), approved, or rejected with a reason the
 * family receives by e-mail. Load and action failures are states with their text.
 */
import { assign, setup } from 'xstate';
import {
  approveDocument,
  type DocumentQueue,
  fetchStaffDocument,
  getDocumentQueue,
  type QueueDocument,
  rejectDocument,
} from '../api/documents';
import { type DownloadedFile, saveFile } from '../api/download';
import { errorText } from '../api/errors';
import { apiCall } from './settle-unless-aborted';

export interface AdminDocumentsInput {
  /** The organization whose queue is shown; null: the staff member verifies nowhere. */
  organizationId: number | null;
}

export type AdminDocumentsEvent =
  | { type: 'RETRY' }
  | { type: 'VIEW'; documentId: number }
  | { type: 'APPROVE'; documentId: number }
  | { type: 'REJECT'; documentId: number }
  | { type: 'SUBMIT_REJECT'; reason: string }
  | { type: 'CANCEL' };

export interface AdminDocumentsContext {
  organizationId: number | null;
  documents: readonly QueueDocument[];
  /** The document being viewed, approved or rejected (or the last one). */
  selected: number | null;
  /** The reason of the rejection being sent. */
  reason: string;
  error: string | null;
  /** The last document approved or rejected, as the server answered it (its name says whether a date got locked). */
  decided: QueueDocument | null;
}

export const adminDocumentsMachine = setup({
  types: {
    input: {} as AdminDocumentsInput,
    context: {} as AdminDocumentsContext,
    events: {} as AdminDocumentsEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: apiCall<DocumentQueue, { organizationId: number }>((input, signal) =>
      getDocumentQueue(input.organizationId, { signal }),
    ),
    view: apiCall<DownloadedFile, { documentId: number }>((input) => fetchStaffDocument(input.documentId)),
    // Decisions are never aborted: once sent, the answer is what the server did.
    approve: apiCall<QueueDocument, { documentId: number }>((input) => approveDocument(input.documentId)),
    reject: apiCall<QueueDocument, { documentId: number; reason: string }>((input) =>
      rejectDocument(input.documentId, input.reason),
    ),
  },
  guards: {
    hasOrganization: ({ context }) => context.organizationId !== null,
    inQueue: ({ context }, params: { documentId: number }) =>
      context.documents.some((doc) => doc.id === params.documentId),
    reasonBlank: (_, params: { reason: string }) => params.reason.trim() === '',
  },
  actions: {
    storeQueue: assign({ documents: (_, queue: DocumentQueue) => queue.documents, error: null }),
    select: assign({ selected: (_, params: { documentId: number }) => params.documentId, error: null }),
    rememberReason: assign({ reason: (_, params: { reason: string }) => params.reason.trim() }),
    removeDecided: assign({
      documents: ({ context }, decided: QueueDocument) => context.documents.filter((doc) => doc.id !== decided.id),
      decided: (_, decided: QueueDocument) => decided,
    }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ error: null }),
    saveFile: (_, file: DownloadedFile) => saveFile(file),
  },
}).createMachine({
  id: 'adminDocuments',
  description:
    '§1 club console, issue 32 point 2: the documents queue: view, approve (a proof of age locks the date of birth) or reject with a reason (e-mailed)',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    documents: [],
    selected: null,
    reason: '',
    error: null,
    decided: null,
  }),
  initial: 'start',
  states: {
    start: {
      description:
        "§1 club console, issue 32 point 2: the staff member's organization where they verify documents, if any",
      always: [{ guard: 'hasOrganization', target: 'loading' }, { target: 'notAllowed' }],
    },
    notAllowed: {
      description: '§1 club console, issue 32 point 2: coaches (and anyone without the permission) have no queue',
    },
    loading: {
      description: "§1 club console, issue 32 point 2: GET the organization's documents waiting for review",
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ organizationId: context.organizationId ?? 0 }),
        onDone: { target: 'loaded', actions: { type: 'storeQueue', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: "§8 general mapping: the queue did not load: the text and 'Try again'",
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    loaded: {
      description: "§1 club console, issue 32 point 2: each document with 'View', 'Approve' and 'Reject'",
      initial: 'ready',
      on: {
        VIEW: {
          guard: { type: 'inQueue', params: ({ event }) => event },
          target: 'viewing',
          actions: { type: 'select', params: ({ event }) => event },
        },
        APPROVE: {
          guard: { type: 'inQueue', params: ({ event }) => event },
          target: 'approving',
          actions: { type: 'select', params: ({ event }) => event },
        },
        REJECT: {
          guard: { type: 'inQueue', params: ({ event }) => event },
          target: '.rejectForm',
          actions: { type: 'select', params: ({ event }) => event },
        },
      },
      states: {
        ready: { description: '§1 club console, issue 32 point 2: the queue as loaded' },
        approved: {
          description: "§1 club console, issue 32 point 2: 'Approved. The athlete's date of birth is now locked.'",
        },
        rejected: { description: "§1 club console, issue 32 point 2: 'Rejected. The family was e-mailed.'" },
        actionFailed: { description: '§8 general mapping: the view or the decision was refused: its text' },
        rejectForm: {
          description: "§1 club console, issue 32 point 2: the reason the family reads, 'Reject document' or 'Cancel'",
          initial: 'editing',
          on: {
            CANCEL: { target: 'ready' },
            SUBMIT_REJECT: [
              { guard: { type: 'reasonBlank', params: ({ event }) => event }, target: '.reasonMissing' },
              {
                target: '#adminDocuments.rejecting',
                actions: { type: 'rememberReason', params: ({ event }) => event },
              },
            ],
          },
          states: {
            editing: { description: '§1 club console, issue 32 point 2: the reason field' },
            reasonMissing: { description: "§1 club console, issue 32 point 2: 'Enter a reason.' on the field" },
          },
        },
      },
    },
    viewing: {
      description: '§1 club console, issue 32 point 2: GET the file (an attachment with its checked type) and save it',
      tags: ['busy'],
      invoke: {
        id: 'view',
        src: 'view',
        input: ({ context }) => ({ documentId: context.selected ?? 0 }),
        onDone: { target: 'loaded.ready', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: {
          target: 'loaded.actionFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    approving: {
      description: "§1 club console, issue 32 point 2: POST approve (audited); the athlete's date of birth is locked",
      tags: ['busy'],
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ documentId: context.selected ?? 0 }),
        onDone: { target: 'loaded.approved', actions: { type: 'removeDecided', params: ({ event }) => event.output } },
        onError: {
          target: 'loaded.actionFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    rejecting: {
      description:
        '§1 club console, issue 32 point 2: POST reject with the reason (audited); the guardians are e-mailed',
      tags: ['busy'],
      invoke: {
        id: 'reject',
        src: 'reject',
        input: ({ context }) => ({ documentId: context.selected ?? 0, reason: context.reason }),
        onDone: { target: 'loaded.rejected', actions: { type: 'removeDecided', params: ({ event }) => event.output } },
        onError: {
          target: 'loaded.actionFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

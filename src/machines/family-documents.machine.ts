/**
 * The family's documents on /payments (issue 32 point 2): what each membership's team requires ('Proof of age'), its
 * state ('Documents needed' until verified), and the upload of a PNG, JPEG or PDF up to 10 MB per document. A file
 * over 10 MB or none at all is refused here before sending; the server checks the bytes again. Load and upload
 * failures are states with their text.
 *
 * The registration's documents step (payment.documents.ts) invokes this same machine as a child, with a `scope`: the
 * team and athletes just registered, so it lists only the new memberships' documents. /payments gives none: all of
 * the household's.
 */
import { assign, setup } from 'xstate';
import { type FamilyDocument, type FamilyDocuments, getDocuments, uploadDocument } from '../api/documents';
import { errorText } from '../api/errors';
import { documentPick } from '../domain/documents';
import { apiCall } from './settle-unless-aborted';

/** A document of a membership: the membership and the document's name. */
export interface DocumentSlot {
  membershipId: number;
  name: string;
}

/** Why the last upload did not happen: none chosen, over 10 MB (before sending), or the server's text. */
export type UploadRefusal = { kind: 'none' } | { kind: 'tooLarge' } | { kind: 'server'; text: string };

export interface FamilyDocumentsContext {
  scope: DocumentScope | null;
  documents: readonly FamilyDocument[];
  error: string | null;
  /** The document being uploaded, or the last one tried. */
  slot: DocumentSlot | null;
  file: File | null;
  refusal: UploadRefusal | null;
}

/** Which documents the list keeps: those of one team's memberships of these athletes (null: all of them). */
export interface DocumentScope {
  teamId: number;
  athleteIds: readonly number[];
}

export interface FamilyDocumentsInput {
  scope?: DocumentScope | null;
}

/** The documents of the scope, in the server's order. */
export function scopedDocuments(answer: FamilyDocuments, scope: DocumentScope | null): FamilyDocuments {
  if (scope === null) return answer;
  return {
    documents: answer.documents.filter(
      (doc) => doc.team.id === scope.teamId && scope.athleteIds.includes(doc.athlete.id),
    ),
  };
}

export type FamilyDocumentsEvent =
  | { type: 'RETRY' }
  | { type: 'UPLOAD'; membershipId: number; name: string; file: File | null };

const sameSlot = (doc: FamilyDocument, slot: DocumentSlot) =>
  doc.membership_id === slot.membershipId && doc.name === slot.name;

/** Whether the list shows the document and it still takes a file (not verified). */
const takesFile = (documents: readonly FamilyDocument[], slot: DocumentSlot) =>
  documents.some((doc) => sameSlot(doc, slot) && doc.status !== 'approved');

export const familyDocumentsMachine = setup({
  types: {
    context: {} as FamilyDocumentsContext,
    events: {} as FamilyDocumentsEvent,
    input: {} as FamilyDocumentsInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    load: apiCall<FamilyDocuments, DocumentScope | null>(async (scope, signal) =>
      scopedDocuments(await getDocuments({ signal }), scope),
    ),
    // An upload is never aborted: once sent, its answer is what the server did.
    upload: apiCall<FamilyDocument, { slot: DocumentSlot; file: File }>((input) =>
      uploadDocument(input.slot.membershipId, input.slot.name, input.file),
    ),
  },
  guards: {
    /** A document that takes a file, sent without one. */
    noFile: ({ context }, params: DocumentSlot & { file: File | null }) =>
      takesFile(context.documents, params) && documentPick(params.file) === 'none',
    /** A document that takes a file, sent one over 10 MB. */
    tooLarge: ({ context }, params: DocumentSlot & { file: File | null }) =>
      takesFile(context.documents, params) && documentPick(params.file) === 'tooLarge',
    /** A document the list shows that still takes a file (not verified). */
    takesUpload: ({ context }, params: DocumentSlot) => takesFile(context.documents, params),
  },
  actions: {
    storeDocuments: assign({ documents: (_, params: FamilyDocuments) => params.documents, error: null }),
    storeError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ error: null }),
    choose: assign({
      slot: (_, params: DocumentSlot & { file: File | null }) => ({
        membershipId: params.membershipId,
        name: params.name,
      }),
      file: (_, params: DocumentSlot & { file: File | null }) => params.file,
      refusal: null,
    }),
    refuse: assign({ refusal: (_, refusal: UploadRefusal) => refusal }),
    refuseFromServer: assign({
      refusal: (_, params: { error: unknown }): UploadRefusal => ({ kind: 'server', text: errorText(params.error) }),
      file: null,
    }),
    storeUploaded: assign({
      documents: ({ context }, uploaded: FamilyDocument) =>
        context.documents.map((doc) =>
          sameSlot(doc, { membershipId: uploaded.membership_id, name: uploaded.name }) ? uploaded : doc,
        ),
      file: null,
    }),
  },
}).createMachine({
  id: 'familyDocuments',
  description:
    "§9 payment plans, issue 32 point 2: /payments lists each membership's required documents ('Documents needed' until verified) and takes their uploads.",
  context: ({ input }) => ({
    scope: input?.scope ?? null,
    documents: [],
    error: null,
    slot: null,
    file: null,
    refusal: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "§9 payment plans, issue 32 point 2: GET /api/documents, what the household's memberships require",
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.scope,
        onDone: { target: 'ready', actions: { type: 'storeDocuments', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "§8 general mapping: the documents did not load: the text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    ready: {
      description:
        "§9 payment plans, issue 32 point 2: each required document with its state and, until verified, a file field and 'Upload'",
      initial: 'idle',
      on: {
        UPLOAD: [
          {
            guard: { type: 'noFile', params: ({ event }) => event },
            target: '.refused',
            actions: [
              { type: 'choose', params: ({ event }) => event },
              { type: 'refuse', params: { kind: 'none' } },
            ],
          },
          {
            guard: { type: 'tooLarge', params: ({ event }) => event },
            target: '.refused',
            actions: [
              { type: 'choose', params: ({ event }) => event },
              { type: 'refuse', params: { kind: 'tooLarge' } },
            ],
          },
          {
            guard: {
              type: 'takesUpload',
              params: ({ event }) => ({ membershipId: event.membershipId, name: event.name }),
            },
            target: 'uploading',
            actions: { type: 'choose', params: ({ event }) => event },
          },
        ],
      },
      states: {
        idle: { description: '§9 payment plans, issue 32 point 2: the documents as loaded' },
        uploaded: { description: "§9 payment plans, issue 32 point 2: the upload was accepted: 'Waiting for review'" },
        refused: {
          description:
            '§9 payment plans, issue 32 point 2: no file, over 10 MB (refused before sending), or the server refused it (type, script): its text on the field',
        },
      },
    },
    uploading: {
      description:
        '§9 payment plans, issue 32 point 2: PUT the file to /api/memberships/{id}/documents; the server reads its type from its bytes',
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({
          slot: context.slot ?? { membershipId: 0, name: '' },
          file: context.file ?? new File([], ''),
        }),
        onDone: { target: 'ready.uploaded', actions: { type: 'storeUploaded', params: ({ event }) => event.output } },
        onError: {
          target: 'ready.refused',
          actions: { type: 'refuseFromServer', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

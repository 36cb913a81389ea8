/**
 * The family's own files on /payments (issue 32 points 2 and 3): 'Download' a membership's signed waiver (PDF) or a
 * document the family uploaded. What the page offers is derived from the payments flow's memberships and the
 * documents flow's list (family-files.connect.ts); this flow fetches one file with the user's token and hands it to
 * the browser to save. A failure is a state with its text; the next 'Download' tries again.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { saveFile } from '../api/download';
import { errorText } from '../api/errors';
import { type FamilyFileRef, fetchFamilyFile } from '../api/family-files';
import { settleUnlessAborted } from './settle-unless-aborted';

export interface FamilyFilesContext {
  /** The file being fetched, or the last one tried. */
  file: FamilyFileRef | null;
  error: string | null;
}

export type FamilyFilesEvent = { type: 'DOWNLOAD'; file: FamilyFileRef };

/** 'Download' (not while a file is being fetched: its buttons are disabled then). */
const download = {
  guard: { type: 'isFileRef', params: ({ event }: { event: FamilyFilesEvent }) => event.file },
  target: 'downloading',
  actions: { type: 'choose', params: ({ event }: { event: FamilyFilesEvent }) => event.file },
} as const;

export const familyFilesMachine = setup({
  types: {
    context: {} as FamilyFilesContext,
    events: {} as FamilyFilesEvent,
    tags: {} as 'busy',
    children: {} as { download: 'download' },
  },
  actors: {
    download: fromPromise<void, FamilyFileRef>(async ({ input, signal }) => {
      saveFile(await settleUnlessAborted(fetchFamilyFile(input, { signal }), signal));
    }),
  },
  guards: {
    /** A file named by a positive id (the list only offers those). */
    isFileRef: (_, file: FamilyFileRef) => (file.kind === 'waiver' ? file.membershipId : file.documentId) > 0,
  },
  actions: {
    choose: assign({ file: (_, file: FamilyFileRef) => file, error: null }),
    storeError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
  },
}).createMachine({
  id: 'familyFiles',
  description:
    "§9 payment plans, issue 32 points 2 and 3: /payments offers the family's signed waivers (PDF) and uploaded documents for download",
  context: { file: null, error: null },
  initial: 'idle',
  states: {
    idle: { description: "§9 payment plans, issue 32: each file's 'Download' link", on: { DOWNLOAD: download } },
    downloading: {
      description: '§9 payment plans, issue 32: GET the file with the user’s token, then the browser saves it',
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ event }) => {
          assertEvent(event, 'DOWNLOAD');
          return event.file;
        },
        onDone: { target: 'downloaded' },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    downloaded: {
      description: '§9 payment plans, issue 32: the file was handed to the browser: "Downloaded."',
      on: { DOWNLOAD: download },
    },
    failed: {
      description: "§8 general mapping: the file could not be fetched: its text; 'Download' tries again",
      on: { DOWNLOAD: download },
    },
  },
});

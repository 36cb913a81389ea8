/**
 * The draft editor (issue 22 point 6): /admin/drafts/$draftId loads the draft, the staff member edits it beside the
 * family preview and saves it (PUT /api/admin/drafts/{id}). The server sends `updated` on `team.draft.{id}`, so every
 * open preview (/draft?draft_id=…) reloads by itself: this machine never reloads the preview. A refusal keeps the
 * form with the server's messages by field (the shared schema's keys, src/domain/forms/admin-draft.ts).
 */
import { assertEvent, assign, setup } from 'xstate';
import { type AdminDraft, type AdminDraftBody, getAdminDraft, saveAdminDraft } from '../api/admin-drafts';
import { getAdminSetup } from '../api/admin-setup';
import { errorText, type FieldMessages } from '../api/errors';
import { type AdminDraftValues, toAdminDraftBody } from '../domain/forms/admin-draft';
import { fieldMessagesOf } from './refusal-messages';
import { apiCall } from './settle-unless-aborted';

export interface AdminDraftInput {
  draftId: number;
}

export type AdminDraftEvent = { type: 'SUBMIT'; values: AdminDraftValues } | { type: 'RETRY' };

/** What the draft's season and protection plan can be: its organization's seasons and the protection plans. */
export interface DraftChoices {
  seasons: { id: number; name: string }[];
  protectionPlans: { id: number; name: string }[];
}

export interface LoadedDraft {
  draft: AdminDraft;
  choices: DraftChoices;
}

async function loadDraft(draftId: number, signal: AbortSignal): Promise<LoadedDraft> {
  const draft = await getAdminDraft(draftId, { signal });
  const setup = await getAdminSetup(draft.organization_id, { signal });
  return {
    draft,
    choices: {
      seasons: setup.seasons.map((season) => ({ id: season.id, name: season.name })),
      protectionPlans: setup.protection_plans.map((plan) => ({ id: plan.id, name: plan.name })),
    },
  };
}

export interface AdminDraftContext {
  draftId: number;
  draft: AdminDraft | null;
  choices: DraftChoices;
  /** The failure's text, or null. */
  error: string | null;
  /** The server's messages by field of the form. */
  fieldErrors: FieldMessages;
}

export const adminDraftMachine = setup({
  types: {
    input: {} as AdminDraftInput,
    context: {} as AdminDraftContext,
    events: {} as AdminDraftEvent,
    children: {} as { load: 'load'; save: 'save' },
  },
  actors: {
    load: apiCall<LoadedDraft, { draftId: number }>((input, signal) => loadDraft(input.draftId, signal)),
    save: apiCall<AdminDraft, { draftId: number; body: AdminDraftBody }>((input, signal) =>
      saveAdminDraft(input.draftId, input.body, { signal }),
    ),
  },
  guards: {
    isValidDraft: (_, values: AdminDraftValues) => toAdminDraftBody(values) !== null,
  },
  actions: {
    storeDraft: assign({ draft: (_, params: { draft: AdminDraft }) => params.draft }),
    storeLoaded: assign((_, loaded: LoadedDraft) => ({ draft: loaded.draft, choices: loaded.choices })),
    rememberError: assign({
      error: (_, params: { error: unknown }) => errorText(params.error),
      fieldErrors: (_, params: { error: unknown }) => fieldMessagesOf(params.error),
    }),
    forgetError: assign({ error: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'adminDraft',
  description: '§2 draft preview, issue 22 point 6: staff edit a team draft beside its live family preview',
  context: ({ input }) => ({
    draftId: input.draftId,
    draft: null,
    choices: { seasons: [], protectionPlans: [] },
    error: null,
    fieldErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        "§2 draft preview, issue 22 point 6: GET /api/admin/drafts/{id}, then its organization's seasons and protection plans",
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ draftId: context.draftId }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'storeLoaded', params: ({ event }) => event.output }, 'forgetError'],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: "§2 draft preview, issue 22 point 6: the draft did not load ('Draft not found.'); 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    editing: {
      description:
        '§2 draft preview, issue 22 point 6: the form (name, fees in dollars, plans, waiver) beside the preview',
      initial: 'idle',
      states: {
        idle: { description: '§2 draft preview, issue 22 point 6: the draft as saved last' },
        saved: { description: "§2 draft preview, issue 22 point 6: 'Draft saved.': every open preview reloads" },
        failed: { description: "§2 draft preview, issue 22 point 6: the server's refusal, by field" },
      },
      on: {
        SUBMIT: {
          guard: { type: 'isValidDraft', params: ({ event }) => event.values },
          target: 'saving',
          actions: 'forgetError',
        },
      },
    },
    saving: {
      description: '§2 draft preview, issue 22 point 6: PUT /api/admin/drafts/{id} (the server sends `updated`)',
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          const body = toAdminDraftBody(event.values);
          if (body === null) throw new Error('SUBMIT is guarded by isValidDraft.');
          return { draftId: context.draftId, body };
        },
        onDone: {
          target: 'editing.saved',
          actions: { type: 'storeDraft', params: ({ event }) => ({ draft: event.output }) },
        },
        onError: {
          target: 'editing.failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

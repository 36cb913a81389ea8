/**
 * Issue 32 point 4: the console's editor of a team's own questions (owners; registrars read them). It loads the list,
 * edits it in place (add, change, move up or down, remove) and saves the whole list in its order
 * (PUT /api/admin/teams/{id}/questions), validated first with the schema the server uses
 * (src/domain/team-questions.ts `teamQuestionsBodySchema`): a refused Save shows each question's errors and stays.
 */
import { assign, setup } from 'xstate';
import { getTeamQuestions, putTeamQuestions } from '../api/admin-questions';
import { errorText } from '../api/errors';
import {
  optionsFromText,
  QUESTIONS_MAX,
  type QuestionKind,
  type TeamQuestion,
  teamQuestionsBodySchema,
} from '../domain/team-questions';
import { apiCall } from './settle-unless-aborted';

/** A question as the editor holds it: its options as the owner types them, one per line. */
export interface QuestionDraftValues {
  id: number | null;
  kind: QuestionKind;
  prompt: string;
  optionsText: string;
  required: boolean;
}

export type DraftField =
  | { field: 'prompt' | 'optionsText'; value: string }
  | { field: 'kind'; value: QuestionKind }
  | { field: 'required'; value: boolean };

export type AdminQuestionsEvent =
  | { type: 'ADD' }
  | ({ type: 'EDIT'; index: number } & DraftField)
  | { type: 'MOVE'; index: number; by: -1 | 1 }
  | { type: 'REMOVE'; index: number }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export interface AdminQuestionsContext {
  teamId: number;
  canEdit: boolean;
  drafts: QuestionDraftValues[];
  showErrors: boolean;
  errorText: string | null;
  saved: boolean;
}

const NEW_QUESTION: QuestionDraftValues = {
  id: null,
  kind: 'short_text',
  prompt: '',
  optionsText: '',
  required: false,
};

export const draftOf = (question: TeamQuestion): QuestionDraftValues => ({
  id: question.id,
  kind: question.kind,
  prompt: question.prompt,
  optionsText: question.options.join('\n'),
  required: question.required,
});

/** The body PUT sends: the drafts in order, options split one per line. */
export const bodyOf = (drafts: readonly QuestionDraftValues[]) => ({
  questions: drafts.map((draft) => ({
    id: draft.id,
    kind: draft.kind,
    prompt: draft.prompt,
    options: draft.kind === 'choice' ? optionsFromText(draft.optionsText) : [],
    required: draft.required,
  })),
});

export const adminQuestionsMachine = setup({
  types: {
    context: {} as AdminQuestionsContext,
    events: {} as AdminQuestionsEvent,
    input: {} as { teamId: number; canEdit: boolean },
    tags: {} as 'busy',
  },
  actors: {
    loadQuestions: apiCall<TeamQuestion[], { teamId: number }>(({ teamId }, signal) =>
      getTeamQuestions(teamId, { signal }),
    ),
    saveQuestions: apiCall<TeamQuestion[], { teamId: number; drafts: QuestionDraftValues[] }>(({ teamId, drafts }) =>
      putTeamQuestions(teamId, bodyOf(drafts).questions),
    ),
  },
  guards: {
    canAdd: ({ context }) => context.canEdit && context.drafts.length < QUESTIONS_MAX,
    canEdit: ({ context }) => context.canEdit,
    isQuestion: ({ context }, params: { index: number }) =>
      context.canEdit && params.index >= 0 && params.index < context.drafts.length,
    canMove: ({ context }, params: { index: number; by: -1 | 1 }) => {
      const inList = (index: number) => index >= 0 && index < context.drafts.length;
      return context.canEdit && inList(params.index) && inList(params.index + params.by);
    },
    isValid: ({ context }) => context.canEdit && teamQuestionsBodySchema.safeParse(bodyOf(context.drafts)).success,
  },
  actions: {
    store: assign({ drafts: (_, questions: TeamQuestion[]) => questions.map(draftOf), showErrors: false }),
    add: assign({ drafts: ({ context }) => [...context.drafts, NEW_QUESTION], saved: false }),
    edit: assign({
      drafts: ({ context }, params: { index: number } & DraftField) =>
        context.drafts.map((draft, index) =>
          index === params.index ? { ...draft, [params.field]: params.value } : draft,
        ),
      saved: false,
    }),
    move: assign({
      drafts: ({ context }, params: { index: number; by: -1 | 1 }) => {
        const drafts = [...context.drafts];
        const [moved] = drafts.splice(params.index, 1);
        if (moved) drafts.splice(params.index + params.by, 0, moved);
        return drafts;
      },
      saved: false,
    }),
    remove: assign({
      drafts: ({ context }, params: { index: number }) => context.drafts.filter((_, index) => index !== params.index),
      saved: false,
    }),
    showErrors: assign({ showErrors: true }),
    markSaved: assign({ saved: true }),
    storeError: assign({ errorText: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ errorText: null }),
  },
}).createMachine({
  id: 'adminQuestions',
  description: "§1 club console, issue 32 point 4: a team's own questions, added, changed, ordered and removed",
  context: ({ input }) => ({
    teamId: input.teamId,
    canEdit: input.canEdit,
    drafts: [],
    showErrors: false,
    errorText: null,
    saved: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "§1 club console (issue 32): GET /api/admin/teams/{id}/questions, the team's questions in order",
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'loadQuestions',
        src: 'loadQuestions',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'editing', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: '§8 general mapping of the failed load, with a retry',
      on: { RETRY: 'loading' },
    },
    editing: {
      description: "§5 validation (issue 32): the list as the owner edits it; Save checks it with the server's schema",
      on: {
        ADD: { guard: 'canAdd', actions: 'add' },
        EDIT: {
          guard: { type: 'isQuestion', params: ({ event }) => event },
          actions: { type: 'edit', params: ({ event }) => event },
        },
        MOVE: {
          guard: { type: 'canMove', params: ({ event }) => event },
          actions: { type: 'move', params: ({ event }) => event },
        },
        REMOVE: {
          guard: { type: 'isQuestion', params: ({ event }) => event },
          actions: { type: 'remove', params: ({ event }) => event },
        },
        SAVE: [
          { guard: 'isValid', target: 'saving' },
          { guard: 'canEdit', actions: 'showErrors' },
        ],
      },
    },
    saving: {
      description: '§1 club console (issue 32): PUT /api/admin/teams/{id}/questions, the whole list in its order',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'saveQuestions',
        src: 'saveQuestions',
        input: ({ context }) => ({ teamId: context.teamId, drafts: context.drafts }),
        onDone: { target: 'editing', actions: [{ type: 'store', params: ({ event }) => event.output }, 'markSaved'] },
        onError: {
          target: 'editing',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

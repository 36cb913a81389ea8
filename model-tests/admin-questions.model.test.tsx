/**
 * Issue 32 point 4: the console's editor of a team's own questions (admin-questions.machine.ts), rendered alone for an
 * owner (who edits) and a registrar (who reads): load, add, change, move, remove, a refused and an accepted Save.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { TeamQuestion } from '../src/domain/team-questions';
import { type AdminQuestionsSnapshot, adminQuestionsMachine } from '../src/machines/admin-questions.connect';
import { TeamQuestionsEditor } from '../src/views/admin/team-questions-section';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const questions: TeamQuestion[] = [
  { id: 1, kind: 'choice', prompt: 'Jersey size', options: ['YS', 'YM', 'YL', 'AS', 'AM'], required: true },
];
const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });

/** A coarse state: the list's length (up to 3), whether it would save, and the flags the screen shows. */
function serialize(snapshot: AdminQuestionsSnapshot): string {
  const { drafts, showErrors, errorText, saved, canEdit } = snapshot.context;
  const valid = drafts.every((draft) => draft.prompt.trim() !== '');
  return JSON.stringify({
    value: snapshot.value,
    canEdit,
    count: Math.min(drafts.length, 3),
    valid,
    showErrors,
    errorText,
    saved,
  });
}

const model = defineModel({
  machine: adminQuestionsMachine,
  inputs: { owner: { teamId: 9, canEdit: true }, registrar: { teamId: 9, canEdit: false } },
  serializeState: serialize,
  events: {
    ADD: [{ type: 'ADD' }],
    EDIT: [
      { type: 'EDIT', index: 0, field: 'prompt', value: '' },
      { type: 'EDIT', index: 0, field: 'prompt', value: 'Shirt size' },
    ],
    MOVE: [
      { type: 'MOVE', index: 0, by: 1 },
      { type: 'MOVE', index: 1, by: -1 },
    ],
    REMOVE: [{ type: 'REMOVE', index: 0 }],
    SAVE: [{ type: 'SAVE' }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.loadQuestions': [doneEvent('loadQuestions', questions)],
    'xstate.error.actor.loadQuestions': [errorEvent('loadQuestions', unavailable)],
    'xstate.done.actor.saveQuestions': [doneEvent('saveQuestions', questions)],
    'xstate.error.actor.saveQuestions': [errorEvent('saveQuestions', unavailable)],
  },
  states: {
    saving: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ teamId: 9, drafts: snapshot.context.drafts }),
  },
});

const driver: Driver<typeof adminQuestionsMachine> = {
  ADD: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Add a question' })),
  EDIT: async (event) => {
    const input = screen.getAllByLabelText('Question')[event.index];
    if (input && event.field === 'prompt') fireEvent.change(input, { target: { value: event.value } });
  },
  MOVE: async (event, { user }) => {
    const number = event.index + 1;
    const name = event.by === 1 ? `Move question ${number} down` : `Move question ${number} up`;
    await user.click(screen.getByRole('button', { name }));
  },
  REMOVE: async (event, { user }) =>
    user.click(screen.getByRole('button', { name: `Remove question ${event.index + 1}` })),
  SAVE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Save questions' })),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
};

runPaths({
  model,
  uiPaths: 'covering',
  uiRun: {
    name: 'questions editor driver',
    render: ({ actor }) => render(<TeamQuestionsEditor actorRef={actor} teamName="12U Sharks" />),
    driver,
    // The team's name, as the page gives it.
    data: ['12U Sharks'],
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading the questions…'),
      loadFailed: () =>
        expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.'),
      editing: ({ snapshot }) => {
        const { drafts, canEdit, showErrors, saved } = snapshot.context;
        expect(screen.getByRole('region', { name: 'Questions of 12U Sharks' })).toBeTruthy();
        expect(screen.queryAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual(
          drafts.map((_, index) => `Question ${index + 1}`),
        );
        if (drafts.length === 0) expect(screen.getByText('This team asks no questions.')).toBeTruthy();
        const prompts = screen.queryAllByLabelText('Question') as HTMLInputElement[];
        expect(prompts.map((input) => input.value)).toEqual(drafts.map((draft) => draft.prompt));
        if (drafts[0]?.kind === 'choice') {
          expect((screen.getAllByLabelText('Options (one per line)')[0] as HTMLTextAreaElement).value).toBe(
            drafts[0].optionsText,
          );
        }
        expect(screen.queryByRole('button', { name: 'Save questions' }) !== null).toBe(canEdit);
        if (!canEdit) expect(prompts.every((input) => input.readOnly)).toBe(true);
        const empty = drafts.findIndex((draft) => draft.prompt.trim() === '');
        if (showErrors && empty >= 0) {
          const input = prompts[empty];
          expect(input?.getAttribute('aria-invalid')).toBe('true');
          expect(document.getElementById(input?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
            'The question is required.',
          );
        }
        if (saved) expect(screen.getByRole('status').textContent).toBe('Questions saved.');
        if (snapshot.context.errorText) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.errorText);
      },
      saving: () => expect(screen.getByText('Saving…')).toBeTruthy(),
    },
  },
});

/**
 * Issue 32 point 4: a membership's answers in the console (admin-answers.machine.ts), the 'Answers' disclosure of the
 * roster's rows and the membership page: opened, loaded (answered, unanswered, yes/no in words), failed and retried,
 * closed again.
 */
import { render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { StaffMembershipAnswers } from '../src/api/admin-questions';
import { ApiError } from '../src/api/errors';
import { adminAnswersMachine } from '../src/machines/admin-answers.connect';
import { MembershipAnswersView } from '../src/views/admin/membership-answers';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const answered: StaffMembershipAnswers = {
  questions: [
    { id: 1, kind: 'choice', prompt: 'Jersey size', options: ['YS', 'YM'], required: true },
    { id: 2, kind: 'short_text', prompt: 'Allergies or medical notes', options: [], required: false },
    { id: 3, kind: 'yes_no', prompt: 'May we share photos?', options: [], required: false },
  ],
  answers: { 1: 'YM', 2: '', 3: 'no' },
};
const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });

const model = defineModel({
  machine: adminAnswersMachine,
  input: { membershipId: 40 },
  events: {
    OPEN: [{ type: 'OPEN' }],
    CLOSE: [{ type: 'CLOSE' }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.loadAnswers': [
      doneEvent('loadAnswers', answered),
      doneEvent('loadAnswers', { questions: [], answers: {} }),
    ],
    'xstate.error.actor.loadAnswers': [errorEvent('loadAnswers', unavailable)],
  },
  context: ['answers', 'errorText'],
  states: {
    loading: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ membershipId: 40 }),
  },
});

const toggle = () => screen.getByRole('button', { name: 'Answers of Sam Rivera' });
const driver: Driver<typeof adminAnswersMachine> = {
  OPEN: async (_event, { user }) => user.click(toggle()),
  CLOSE: async (_event, { user }) => user.click(toggle()),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
};

runPaths({
  model,
  uiRun: {
    name: 'membership answers driver',
    render: ({ actor }) => render(<MembershipAnswersView actorRef={actor} athlete="Sam Rivera" />),
    driver,
    data: ['Sam Rivera'],
    states: {
      closed: () => {
        expect(toggle().getAttribute('aria-expanded')).toBe('false');
        expect(screen.queryByRole('term')).toBeNull();
      },
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading the questions…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.'),
      shown: ({ snapshot }) => {
        expect(toggle().getAttribute('aria-expanded')).toBe('true');
        if (snapshot.context.answers?.questions.length === 0) {
          expect(screen.getByText('This team asks no questions.')).toBeTruthy();
          return;
        }
        const answer = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
        expect(answer('Jersey size')).toBe('YM');
        expect(answer('Allergies or medical notes')).toBe('Not answered');
        expect(answer('May we share photos?')).toBe('No');
      },
    },
  },
});

/**
 * Issue 32 point 4: the questions step on its own (team-questions.machine.ts), rendered alone: asked in the athlete
 * steps (the questions given, the answers collected) and behind /payments' 'Change answers' (a membership's answers
 * loaded and saved, or shown read-only once the season has started); every answer, refusal and exit.
 */
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../src/api/errors';
import type { MembershipAnswers } from '../src/api/team-questions';
import type { TeamQuestion } from '../src/domain/team-questions';
import { teamQuestionsMachine } from '../src/machines/team-questions.machine';
import { TeamQuestionsStep } from '../src/views/questions/team-questions-step';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const questions: TeamQuestion[] = [
  { id: 1, kind: 'choice', prompt: 'Jersey size', options: ['YS', 'YM', 'YL', 'AS', 'AM'], required: true },
  { id: 2, kind: 'short_text', prompt: 'Allergies or medical notes', options: [], required: false },
  { id: 3, kind: 'yes_no', prompt: 'May we share photos?', options: [], required: false },
  { id: 4, kind: 'date', prompt: 'Last physical', options: [], required: false },
];
const loaded = (changeable: boolean): MembershipAnswers => ({
  questions,
  answers: { 1: 'YS', 2: 'Peanuts', 3: 'yes', 4: '' },
  changeable,
});

const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });
const refused = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Choose one of the options.',
  messages: { 'answers.1': ['Choose one of the options.'] },
});

const model = defineModel({
  machine: teamQuestionsMachine,
  inputs: {
    // The athlete steps: the athlete's answers for the licence's team, loaded (pre-filled) and saved.
    athleteSteps: {
      athleteName: 'Sam Rivera',
      teamName: '12U Sharks',
      membershipId: null,
      athlete: { athleteId: 11, licenseCode: 'SHARKS-2027' },
    },
    // The questions given, the answers only collected (the output).
    collecting: { athleteName: 'Sam Rivera', teamName: '12U Sharks', membershipId: null, questions },
    payments: { athleteName: 'Sam Rivera', teamName: '12U Sharks', membershipId: 31 },
  },
  events: {
    CHANGE: [
      { type: 'CHANGE', question: '1', value: 'YM' },
      { type: 'CHANGE', question: '1', value: '' },
    ],
    SUBMIT: [{ type: 'SUBMIT' }],
    BACK: [{ type: 'BACK' }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.loadAnswers': [doneEvent('loadAnswers', loaded(true)), doneEvent('loadAnswers', loaded(false))],
    'xstate.error.actor.loadAnswers': [errorEvent('loadAnswers', unavailable)],
    'xstate.done.actor.saveAnswers': [doneEvent('saveAnswers', loaded(true))],
    'xstate.error.actor.saveAnswers': [errorEvent('saveAnswers', refused), errorEvent('saveAnswers', unavailable)],
  },
  context: ['answers', 'showErrors', 'serverErrors', 'errorText', 'membershipId', 'athlete'],
  states: {
    loading: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual(
        snapshot.context.membershipId === null ? { athleteId: 11, licenseCode: 'SHARKS-2027' } : { membershipId: 31 },
      ),
    saving: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({
        home:
          snapshot.context.membershipId === null ? { athleteId: 11, licenseCode: 'SHARKS-2027' } : { membershipId: 31 },
        answers: snapshot.context.answers,
      }),
    done: (snapshot) =>
      expect(snapshot.output).toEqual({ result: 'done', answers: expect.objectContaining({ 1: expect.any(String) }) }),
    back: (snapshot) => expect(snapshot.output).toEqual({ result: 'back' }),
    loadFailed: (snapshot) => expect(snapshot.context.errorText).toBe('The service is unavailable. Try again soon.'),
  },
});

const jersey = () => screen.getByLabelText(/^Jersey size/);

const driver: Driver<typeof teamQuestionsMachine> = {
  CHANGE: async (event, { user }) => {
    if (event.value === '') await user.selectOptions(jersey(), 'Choose…');
    else await user.selectOptions(jersey(), event.value);
  },
  SUBMIT: async (_event, { user }) => user.click(screen.getByRole('button', { name: /^(Continue|Save answers)$/ })),
  BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
};

/** The step's heading; it takes focus when the step appears (later clicks move focus on, as they should). */
function expectHeading({ focused }: { focused: boolean }) {
  const heading = screen.getByRole('heading', { level: 2, name: '12U Sharks asks' });
  expect(heading.getAttribute('tabindex')).toBe('-1');
  if (focused) expect(document.activeElement).toBe(heading);
}

runPaths({
  model,
  uiRun: {
    name: 'team questions driver',
    render: ({ actor }) => render(<TeamQuestionsStep actorRef={actor} />),
    driver,
    states: {
      loading: () => {
        expectHeading({ focused: true });
        expect(screen.getByRole('status').textContent).toBe('Loading the questions…');
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.');
        expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
      },
      locked: () => {
        expect(screen.getByRole('status').textContent).toBe(
          'The answers can no longer be changed: the season has started.',
        );
        expect(screen.getByText('Jersey size').nextElementSibling?.textContent).toBe('YS');
        expect(screen.getByText('May we share photos?').nextElementSibling?.textContent).toBe('Yes');
        expect(screen.getByText('Last physical').nextElementSibling?.textContent).toBe('Not answered');
        expect(screen.queryByRole('combobox')).toBeNull();
      },
      editing: ({ snapshot }) => {
        expectHeading({ focused: false });
        expect(screen.getByText(/^Answers about Sam Rivera\./)).toBeTruthy();
        // Every question has a labelled control: the club's prompt with its mark.
        expect(jersey().tagName).toBe('SELECT');
        expect(screen.getByLabelText('Allergies or medical notes (optional)').getAttribute('type')).toBe('text');
        expect(screen.getByLabelText('Last physical (optional)').getAttribute('type')).toBe('date');
        expect(screen.getByRole('group', { name: 'May we share photos? (optional)' })).toBeTruthy();
        expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
        expect((jersey() as HTMLSelectElement).value).toBe(snapshot.context.answers['1']);
        const saves = snapshot.context.membershipId !== null;
        expect(screen.getByRole('button', { name: saves ? 'Save answers' : 'Continue' })).toBeTruthy();
        const shown = snapshot.context.showErrors && snapshot.context.answers['1'] === '';
        const server = snapshot.context.serverErrors['1'];
        if (shown || server) {
          const message = shown ? 'Answer this question.' : server;
          const errorId = jersey().getAttribute('aria-describedby');
          expect(errorId).toBeTruthy();
          expect(document.getElementById(errorId ?? '')?.textContent).toBe(message);
          expect(jersey().getAttribute('aria-invalid')).toBe('true');
          expect(screen.getAllByRole('alert')[0]?.textContent).toBe('Check the answers marked below.');
        } else {
          expect(jersey().getAttribute('aria-invalid')).toBeNull();
        }
        if (snapshot.context.errorText) {
          expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(snapshot.context.errorText);
        }
      },
      saving: () => expect(screen.getByRole('status').textContent).toBe('Saving…'),
    },
  },
});

it('asked in the athlete steps, the step opens with its heading focused', () => {
  const actor = createActor(teamQuestionsMachine, {
    input: { athleteName: 'Sam Rivera', teamName: '12U Sharks', membershipId: null, questions },
  }).start();
  render(<TeamQuestionsStep actorRef={actor} />);
  expectHeading({ focused: true });
  actor.stop();
});

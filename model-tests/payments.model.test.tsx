import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import { currentUserSchema } from '../src/api/schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import type { PaymentsActorRef } from '../src/machines/payments.connect';
import { paymentsMachine } from '../src/machines/payments.machine';
import { teamQuestionsMachine } from '../src/machines/team-questions.machine';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { PaymentsFlow } from '../src/views/payments/payments-flow';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';
import { memberships } from './payments.fixtures';

const stored = currentUserSchema.parse({ ...wireUser, token: 'session-token' });

const unauthenticated = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });

beforeEach(() => {
  setCurrentUser(stored);
});

// Issue 32 point 4: 'Change answers' runs the questions step for real (its own model test walks all of it).
const answers = {
  questions: [{ id: 1, kind: 'choice' as const, prompt: 'Jersey size', options: ['YS', 'YM'], required: true }],
  answers: { 1: 'YS' },
  changeable: true,
};
const teamQuestionsChild = defineModel({
  machine: teamQuestionsMachine,
  input: { athleteName: 'Sam Parent', teamName: 'Tigers 12U', membershipId: 31 },
  events: {
    CHANGE: [{ type: 'CHANGE', question: '1', value: 'YM' }],
    SUBMIT: [{ type: 'SUBMIT' }],
    BACK: [{ type: 'BACK' }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.loadAnswers': [doneEvent('loadAnswers', answers)],
    'xstate.done.actor.saveAnswers': [doneEvent('saveAnswers', answers)],
  },
});
const teamQuestionsViews: Driver<typeof teamQuestionsMachine> = {
  CHANGE: async (event, { user }) => user.selectOptions(screen.getByLabelText(/^Jersey size/), event.value),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  SUBMIT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Save answers' })),
  BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
};

const model = defineModel({
  machine: paymentsMachine,
  children: { teamQuestions: teamQuestionsChild },
  events: {
    RETRY: [{ type: 'RETRY' }],
    CHANGE_ANSWERS: [{ type: 'CHANGE_ANSWERS', membershipId: 31 }],
    'xstate.done.actor.memberships': [
      doneEvent('memberships', { memberships }),
      doneEvent('memberships', { memberships: [] }),
    ],
    'xstate.error.actor.memberships': [
      errorEvent('memberships', unavailable),
      errorEvent('memberships', unauthenticated),
    ],
  },
  context: ['errorText', 'answersSaved'],
  states: {
    loaded: (snapshot) => expect(snapshot.context.memberships).toEqual(memberships),
    empty: (snapshot) => expect(snapshot.context.memberships).toEqual([]),
    error: (snapshot) => expect(snapshot.context.errorText).toBe('The service is unavailable. Try again soon.'),
    // A token the server no longer accepts: silently logged out, back through login to /payments.
    toLogin: (snapshot) => {
      expect(getCurrentUser()).toBeNull();
      expect(snapshot.output).toEqual({ to: '/login', search: { returnUrl: '/payments' } });
    },
  },
});

const driver: Driver<typeof paymentsMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  CHANGE_ANSWERS: async (_event, { user }) =>
    user.click(screen.getByRole('button', { name: 'Change answers for Sam Parent' })),
};

async function renderInRouter(actor: PaymentsActorRef) {
  // The views link to other routes (/dashboard, the update-card page), so they render inside a router.
  const rootRoute = createRootRoute({ component: () => <PaymentsFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/payments'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

function expectFrame() {
  expect(screen.getByRole('heading', { level: 1, name: 'My payments' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/dashboard');
  // Issue 20 point 4: a second guardian is invited from the household page.
  expect(screen.getByRole('link', { name: 'Invite a guardian' }).getAttribute('href')).toBe('/household');
}

runPaths({
  model,
  uiRun: {
    name: 'payments driver',
    render: ({ actor }) => renderInRouter(actor),
    driver,
    children: {
      teamQuestions: {
        driver: teamQuestionsViews,
        states: {
          editing: ({ snapshot }) =>
            expect((screen.getByLabelText(/^Jersey size/) as HTMLSelectElement).value).toBe(
              snapshot.context.answers['1'],
            ),
        },
      },
    },
    states: {
      loading: () => {
        expectFrame();
        expect(screen.getByRole('status').textContent).toBe('Loading your payments…');
      },
      loaded: ({ snapshot }) => {
        expectFrame();
        const tigers = screen.getByRole('article', { name: 'Tigers 12U' });
        // Issue 32 point 4: Tigers asks questions, Lions none; saved answers are said so on their membership.
        expect(within(tigers).getByRole('button', { name: 'Change answers for Sam Parent' })).toBeTruthy();
        expect(screen.getAllByRole('button', { name: /^Change answers/ })).toHaveLength(1);
        if (snapshot.context.answersSaved)
          expect(within(tigers).getByRole('status').textContent).toBe('Answers saved.');
        const facts = (term: string) => within(tigers).getByText(term).nextElementSibling?.textContent;
        expect(facts('Season')).toBe('Spring 2027');
        expect(facts('Athlete')).toBe('Sam Parent');
        expect(facts('Plan')).toBe('3 monthly payments');
        expect(facts('Paid so far')).toBe('$300.00');
        // Issue 20 point 2: the household discount in this membership's amounts, as its own line.
        expect(facts('Sibling discount')).toBe('−$45.00');
        expect(facts('Remaining')).toBe('$300.00');
        expect(facts('Next payment')).toBe('$100.00 on Mar 1, 2027');
        expect(facts('Card')).toBe('Visa ending in 0341');
        // A failed phase: the notice and its 'Update card' action for this membership.
        const notice = within(tigers).getByRole('alert');
        expect(notice.textContent).toContain('A payment could not be charged to your card.');
        expect(within(notice).getByRole('link', { name: 'Update card for Tigers 12U' }).getAttribute('href')).toBe(
          '/payments/update-card?membership_id=31',
        );
        const schedule = within(tigers).getByRole('table', { name: 'Payment schedule' });
        expect(
          within(schedule)
            .getAllByRole('columnheader')
            .map((cell) => cell.textContent),
        ).toEqual(['Date', 'Amount', 'Status']);
        expect(
          within(schedule)
            .getAllByRole('row')
            .slice(1)
            .map((row) =>
              within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent),
            ),
        ).toEqual([
          ['Jan 15, 2027', '$300.00', 'Paid'],
          ['Mar 1, 2027', '$100.00', 'Failed'],
          ['Apr 1, 2027', '$100.00', 'Scheduled'],
          ['May 1, 2027', '$100.00', 'Scheduled'],
        ]);
        // Paid in full: nothing due, no notice; no season, athlete or card is left out rather than shown empty.
        const lions = screen.getByRole('article', { name: 'Lions 10U' });
        expect(within(lions).queryByRole('alert')).toBeNull();
        expect(within(lions).getByText('Next payment').nextElementSibling?.textContent).toBe('Nothing more is due.');
        expect(within(lions).queryByText('Season')).toBeNull();
        expect(within(lions).queryByText('Card')).toBeNull();
        expect(within(lions).queryByText('Sibling discount')).toBeNull();
        // Issue 22 point 4: a refund, as a line of the membership and under its phase's status; none on Tigers (whose
        // answer has no refunded_cents at all: an older server).
        expect(within(lions).getByText('Refunded').nextElementSibling?.textContent).toBe('$225.00');
        expect(within(lions).getByText('Refunded $225.00').closest('td')?.textContent).toBe('PaidRefunded $225.00');
        expect(within(tigers).queryByText(/Refunded/)).toBeNull();
      },
      empty: () => {
        expectFrame();
        expect(screen.getByRole('status').textContent).toBe('You have no team payments yet.');
        expect(screen.queryByRole('article')).toBeNull();
      },
      error: () => {
        expectFrame();
        expect(screen.getByRole('alert').textContent).toContain('The service is unavailable. Try again soon.');
        expect(screen.queryByRole('article')).toBeNull();
      },
    },
  },
});

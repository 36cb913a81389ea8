import { screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { AssistanceBudget, AssistanceQueue, StaffAssistanceRequest } from '../src/api/admin-assistance';
import { ApiError } from '../src/api/errors';
import { adminAssistanceMachine } from '../src/machines/admin-assistance.machine';
import { AssistanceView } from '../src/views/admin/assistance-view';
import { sentRequest } from './assistance-request.model.ts';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { signInNorthsideRegistrar } from './staff.fixtures';

/**
 * The console's 'Financial assistance' page (issue 34 point 2): a season's requests with the reason, 'Approve',
 * 'Approve another amount', 'Decline' with a message; the budget, approved and left, the owner's budget; the budget's
 * refusal of an approval shown by the request.
 */

const season = { id: 1, name: 'Spring 2027' };
const fall = { id: 2, name: 'Fall 2026' };
const budget = (approved: number): AssistanceBudget => ({
  season,
  budget_cents: 200_000,
  approved_cents: approved,
  left_cents: 200_000 - approved,
});
/** The family's request (the request flow's sample) as staff see it: with the reason and who asked. */
const pending: StaffAssistanceRequest = {
  ...sentRequest,
  id: 5,
  reason: 'Two kids on the team this spring.',
  guardian: { id: 9, name: 'Pat Rivera', email: 'pat@example.com' },
  decided_by: null,
};
const approved: StaffAssistanceRequest = {
  ...pending,
  status: 'approved',
  amount_approved_cents: 22_500,
  decided_at: '2026-12-06T13:00:00.000Z',
  held_until: '2026-12-10T13:00:00.000Z',
  decided_by: { id: 3, name: 'Riley Registrar' },
};
const declined: StaffAssistanceRequest = {
  ...approved,
  status: 'declined',
  amount_approved_cents: null,
  decision_message: 'The fund is spent for this season.',
};
const queue: AssistanceQueue = {
  season,
  seasons: [season, fall],
  budget: budget(0),
  requests: [pending],
  can_edit_budget: true,
};
/** Fall 2026: no budget set (0), no request. */
const fallQueue: AssistanceQueue = {
  ...queue,
  season: fall,
  budget: { season: fall, budget_cents: 0, approved_cents: 0, left_cents: 0 },
  requests: [],
};

const EXCEEDS = "This would exceed the season's assistance budget ($1,775.00 left).";
const exceeds = new ApiError({
  kind: 'http',
  status: 422,
  message: EXCEEDS,
  messages: { amount_cents: [EXCEEDS] },
});
const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const TOO_LOW = 'The budget cannot be less than what is already approved ($225.00).';
const tooLow = new ApiError({ kind: 'http', status: 422, message: TOO_LOW, messages: { budget_cents: [TOO_LOW] } });

beforeEach(signInNorthsideRegistrar);

const model = defineModel({
  machine: adminAssistanceMachine,
  inputs: { northside: { organizationId: 1 }, none: { organizationId: null } },
  events: {
    RETRY: [{ type: 'RETRY' }],
    CHOOSE_SEASON: [{ type: 'CHOOSE_SEASON', seasonId: 2 }],
    APPROVE: [{ type: 'APPROVE', requestId: 5 }],
    APPROVE_AMOUNT: [{ type: 'APPROVE_AMOUNT', requestId: 5, values: { amount: '300' } }],
    DECLINE: [{ type: 'DECLINE', requestId: 5, values: { message: 'The fund is spent for this season.' } }],
    SET_BUDGET: [{ type: 'SET_BUDGET', values: { budget: '2000.00' } }],
    'xstate.done.actor.load': [doneEvent('load', queue), doneEvent('load', fallQueue)],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.decide': (snapshot) => [
      doneEvent('decide', {
        request: snapshot.context.decision?.kind === 'decline' ? declined : approved,
        budget: budget(snapshot.context.decision?.kind === 'decline' ? 0 : 22_500),
      }),
    ],
    'xstate.error.actor.decide': [errorEvent('decide', exceeds)],
    'xstate.done.actor.saveBudget': (snapshot) => [
      doneEvent('saveBudget', { ...budget(0), season: snapshot.context.queue?.season ?? season }),
    ],
    'xstate.error.actor.saveBudget': [errorEvent('saveBudget', tooLow)],
  },
  context: ['seasonId', 'decision', 'error'],
  states: {
    loading: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ organizationId: 1, seasonId: snapshot.context.seasonId }),
    'loaded.deciding': (snapshot, { invocations }) => {
      const call = invocations.at(-1)?.input;
      expect([
        { kind: 'approve', requestId: 5, amountCents: null },
        { kind: 'approve', requestId: 5, amountCents: 30_000 },
        { kind: 'decline', requestId: 5, message: 'The fund is spent for this season.' },
      ]).toContainEqual(call);
      expect(call).toEqual(snapshot.context.decision);
    },
    'loaded.savingBudget': (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ seasonId: snapshot.context.queue?.season?.id, budgetCents: 200_000 }),
  },
});

const card = () => screen.getByRole('article', { name: /^Sam Rivera on 12U Tigers/ });

/** Opens a request's 'Approve another amount' or 'Decline' (a disclosure), unless it is open already. */
async function open(summary: string, user: { click: (element: Element) => Promise<void> }) {
  const toggle = within(card()).getByText(summary);
  if (!toggle.parentElement?.hasAttribute('open')) await user.click(toggle);
}

const driver: Driver<typeof adminAssistanceMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  CHOOSE_SEASON: async (_event, { user }) => {
    await user.selectOptions(screen.getByLabelText('Season'), 'Fall 2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
  },
  APPROVE: async (_event, { user }) => user.click(within(card()).getByRole('button', { name: 'Approve' })),
  APPROVE_AMOUNT: async (event, { user }) => {
    await open('Approve another amount', user);
    const field = within(card()).getByLabelText('Amount to approve (dollars)');
    await user.clear(field);
    await user.type(field, event.values.amount);
    await user.click(within(card()).getByRole('button', { name: 'Approve this amount' }));
  },
  DECLINE: async (event, { user }) => {
    await open('Decline', user);
    const field = within(card()).getByLabelText('Message to the family');
    await user.clear(field);
    await user.type(field, event.values.message);
    await user.click(within(card()).getByRole('button', { name: 'Decline the request' }));
  },
  SET_BUDGET: async (event, { user }) => {
    const field = screen.getByLabelText('Season budget (dollars)');
    await user.clear(field);
    await user.type(field, event.values.budget);
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
  },
};

runPaths({
  model,
  uiRun: {
    name: 'admin assistance driver',
    render: ({ actor }) => renderInRouter(<AssistanceView actorRef={actor} />, '/admin/assistance'),
    driver,
    states: {
      noOrganization: () =>
        expect(screen.getByText('You have no organization whose assistance requests you can see.')).toBeTruthy(),
      loading: () => expect(screen.getByText('Loading the requests…')).toBeTruthy(),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      loaded: ({ snapshot }) => {
        const shown = snapshot.context.queue;
        if (shown?.budget) {
          expect(screen.getByRole('heading', { name: `Budget for ${shown.budget.season.name}` })).toBeTruthy();
          expect(screen.getByText('Left').nextElementSibling?.textContent).toMatch(/^\$/);
          if (shown.budget.budget_cents === 0)
            expect(screen.getByText(/^No budget is set for this season/)).toBeTruthy();
        }
        if (shown?.requests.length === 0) expect(screen.getByText('No requests this season.')).toBeTruthy();
        const request = shown?.requests[0];
        if (request === undefined) return;
        // The reason is shown here, and only here (never e-mailed or exported).
        expect(within(card()).getByText('Two kids on the team this spring.')).toBeTruthy();
        expect(within(card()).getByText('Asked for 50% of $450.00: $225.00')).toBeTruthy();
        const decidable = request.status === 'pending';
        const approve = within(card()).queryByRole('button', { name: /^(Approve|Saving…)$/ });
        expect(approve !== null).toBe(decidable);
        if (request.status === 'approved') expect(within(card()).getByText('Approved: $225.00')).toBeTruthy();
        if (request.status === 'declined') {
          expect(within(card()).getByText('Message to the family: The fund is spent for this season.')).toBeTruthy();
        }
      },
      'loaded.ready.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
      // The budget's refusal, by the request it refused.
      'loaded.ready.decisionRefused': () => expect(within(card()).getByRole('alert').textContent).toBe(EXCEEDS),
      'loaded.ready.budgetRefused': () => expect(screen.getByRole('alert').textContent).toBe(TOO_LOW),
      'loaded.deciding': () => expect(card().getAttribute('aria-busy')).toBe('true'),
      'loaded.savingBudget': () => expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy(),
    },
  },
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AssistanceDecision, AssistanceQueue } from '../api/admin-assistance';
import { ApiError } from '../api/errors';
import { adminAssistanceView } from './admin-assistance.connect';
import { type AssistanceDecisionCall, adminAssistanceMachine } from './admin-assistance.machine';

/** The server's text for a money move by staff without the second factor their owner requires (issue 30 point 2). */
const TWO_FACTOR_NEEDED =
  'Your organization requires two-step verification to move money. Turn it on under Security first.';

const queue: AssistanceQueue = {
  season: { id: 1, name: 'Spring 2027' },
  seasons: [{ id: 1, name: 'Spring 2027' }],
  budget: { season: { id: 1, name: 'Spring 2027' }, budget_cents: 200_000, approved_cents: 0, left_cents: 200_000 },
  requests: [
    {
      id: 5,
      status: 'pending',
      athlete: { id: 30, name: 'Sam Rivera' },
      team: { id: 4, name: '12U Tigers' },
      season: { id: 1, name: 'Spring 2027' },
      organization: { id: 1, name: 'Northside Youth Baseball' },
      share_percent: 50,
      free_or_reduced_meals: false,
      dues_cents: 45_000,
      asked_cents: 22_500,
      amount_approved_cents: null,
      decision_message: null,
      decided_at: null,
      created_at: '2027-01-10T10:00:00.000Z',
      held_until: null,
      reason: 'A hard winter.',
      guardian: null,
      decided_by: null,
    },
  ],
  can_edit_budget: false,
};

describe('an approval refused for want of a second factor (issue 34 with issue 30 point 2)', () => {
  it("shows the server's text by the request, as the membership page shows a refused refund; the request stays open", async () => {
    const machine = adminAssistanceMachine.provide({
      actors: {
        load: fromPromise(async () => queue),
        decide: fromPromise<AssistanceDecision, AssistanceDecisionCall>(() =>
          Promise.reject(new ApiError({ kind: 'http', status: 403, message: TWO_FACTOR_NEEDED })),
        ),
      },
    });
    const actor = createActor(machine, { input: { organizationId: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'APPROVE', requestId: 5 });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: { ready: 'decisionRefused' } }));
    const view = adminAssistanceView(actor.getSnapshot());
    if (view.kind !== 'loaded') throw new Error('not loaded');
    expect(view.requests[0]).toMatchObject({ refusal: TWO_FACTOR_NEEDED, decidable: true, deciding: false });
  });
});

/**
 * The model of 'Request financial assistance' (assistance-request.machine.ts, issue 34 point 1): its input, the stub
 * API's answers and per-state checks. Its own model test runs it alone; the payment flow's runs it as its child
 * `assistanceRequest`.
 */
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { AssistanceRequest } from '../src/api/help-paying.schemas';
import { assistanceRequestMachine } from '../src/machines/assistance-request.machine';
import { defineModel, doneEvent, errorEvent } from './harness/index.ts';

export const ORGANIZATION_NAME = 'Northside Youth Baseball';
export const assistanceInputFixture = { teamId: 1, organization: ORGANIZATION_NAME };

export const requestValues = { share_percent: '50', free_or_reduced_meals: 'yes', reason: 'Two kids on the team.' };

export const sentRequest: AssistanceRequest = {
  id: 1,
  status: 'pending',
  athlete: { id: 12, name: 'Sam Rivera' },
  team: { id: 1, name: '12U Tigers' },
  season: { id: 1, name: 'Spring 2027' },
  organization: { id: 1, name: ORGANIZATION_NAME },
  share_percent: 50,
  free_or_reduced_meals: true,
  dues_cents: 45_000,
  asked_cents: 22_500,
  amount_approved_cents: null,
  decision_message: null,
  decided_at: null,
  created_at: '2026-12-06T12:00:00.000Z',
  held_until: null,
};

export const ALREADY_ASKED = 'You have already asked for help for this athlete this season.';
export const alreadyAsked = new ApiError({
  kind: 'http',
  status: 409,
  message: ALREADY_ASKED,
  body: { message: ALREADY_ASKED, messages: {} },
});

export const assistanceRequestModel = defineModel({
  machine: assistanceRequestMachine,
  input: assistanceInputFixture,
  events: {
    SEND: [{ type: 'SEND', values: requestValues }],
    BACK: [{ type: 'BACK' }],
    'xstate.done.actor.sendRequest': [doneEvent('sendRequest', sentRequest)],
    'xstate.error.actor.sendRequest': [errorEvent('sendRequest', alreadyAsked)],
  },
  context: ['error'],
  states: {
    sending: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({
        teamId: 1,
        answers: { share_percent: 50, free_or_reduced_meals: true, reason: 'Two kids on the team.' },
      }),
    'editing.refused': (snapshot) => expect(snapshot.context.error).toBe(ALREADY_ASKED),
    sent: (snapshot) => expect(snapshot.output).toEqual({ exit: 'sent', request: sentRequest }),
    back: (snapshot) => expect(snapshot.output).toEqual({ exit: 'back' }),
  },
});

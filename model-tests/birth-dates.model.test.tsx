import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { AthleteBirthDate } from '../src/api/birth-dates';
import { ApiError } from '../src/api/errors';
import { birthDatesMachine } from '../src/machines/birth-dates.machine';
import { BirthDatesSection } from '../src/views/payments/birth-dates-section';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';

/**
 * /payments' dates of birth (issue 32): Sam's is corrected (a date that is not real refused here, a server refusal on
 * the field, a proof of age approved meanwhile: locked), Jo's is locked already, Alex's is unknown (not listed).
 */

const sam: AthleteBirthDate = { id: 11, name: 'Sam Rivera', birth_date: '2015-05-01', birth_date_locked: false };
const jo: AthleteBirthDate = { id: 12, name: 'Jo Rivera', birth_date: '2013-02-03', birth_date_locked: true };
const alex: AthleteBirthDate = { id: 13, name: 'Alex Rivera', birth_date: null, birth_date_locked: false };
const kim: AthleteBirthDate = { id: 14, name: 'Kim Rivera', birth_date: '2016-07-08', birth_date_locked: false };

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const LOCKED =
  'The date of birth can no longer be changed: the club has verified a proof of age. Contact the club to correct it.';
const locked = new ApiError({ kind: 'http', status: 409, message: LOCKED });
const refused = new ApiError({ kind: 'http', status: 422, message: "Enter the athlete's real date of birth." });

const model = defineModel({
  machine: birthDatesMachine,
  events: {
    RETRY: [{ type: 'RETRY' }],
    EDIT: [
      { type: 'EDIT', athleteId: 11 },
      { type: 'EDIT', athleteId: 14 },
    ],
    CANCEL: [{ type: 'CANCEL' }],
    SAVE: [
      { type: 'SAVE', birthDate: '2015-06-30' },
      { type: 'SAVE', birthDate: '' },
    ],
    'xstate.done.actor.load': [doneEvent('load', [sam, jo, alex, kim])],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.save': [doneEvent('save', { ...sam, birth_date: '2015-06-30' })],
    'xstate.error.actor.save': [errorEvent('save', locked), errorEvent('save', refused)],
  },
  context: ['athletes', 'athleteId', 'refusal', 'error'],
  states: {
    saving: (snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ athleteId: snapshot.context.athleteId, birthDate: '2015-06-30' }),
  },
});

const nameOf = (id: number | null) => (id === 14 ? 'Kim Rivera' : 'Sam Rivera');

const driver: Driver<typeof birthDatesMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  EDIT: async (event, { user }) =>
    user.click(screen.getByRole('button', { name: `Change the date of birth of ${nameOf(event.athleteId)}` })),
  CANCEL: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
  SAVE: async (event, { user, actor }) => {
    const field = screen.getByLabelText(`Date of birth of ${nameOf(actor.getSnapshot().context.athleteId)}`);
    await user.clear(field);
    if (event.birthDate !== '') await user.type(field, event.birthDate);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  },
};

runPaths({
  model,
  uiRun: {
    name: 'birth dates driver',
    render: ({ actor }) => renderInRouter(<BirthDatesSection actorRef={actor} />, '/payments'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading dates of birth…'),
      failed: () => expect(screen.getByRole('alert').textContent).toContain(offline.message),
      idle: () => {
        expect(screen.getByText('Jo Rivera').parentElement?.textContent).toContain(
          'February 3, 2013 Locked: the club verified a proof of age.',
        );
        expect(screen.queryByText('Alex Rivera')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Change the date of birth of Jo Rivera' })).toBeNull();
      },
      editing: ({ snapshot }) =>
        expect(screen.getByLabelText(`Date of birth of ${nameOf(snapshot.context.athleteId)}`)).toBeTruthy(),
      invalid: ({ snapshot }) => {
        const field = screen.getByLabelText(`Date of birth of ${nameOf(snapshot.context.athleteId)}`);
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(field.getAttribute('aria-describedby')).toContain('-error');
        expect(screen.getByText('Enter a real date of birth.')).toBeTruthy();
      },
      refused: () => expect(screen.getByText(refused.message)).toBeTruthy(),
      saving: () => expect(screen.getByRole('button', { name: 'Saving…' }).hasAttribute('disabled')).toBe(true),
      saved: () => expect(screen.getByRole('status').textContent).toBe('Date of birth saved.'),
      lockedMeanwhile: ({ snapshot }) => {
        expect(screen.getByRole('alert').textContent).toBe(LOCKED);
        const name = nameOf(snapshot.context.athleteId);
        expect(screen.queryByRole('button', { name: `Change the date of birth of ${name}` })).toBeNull();
      },
    },
  },
});

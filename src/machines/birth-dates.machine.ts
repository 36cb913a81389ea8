/**
 * The household's athletes' dates of birth on /payments (issue 32): each known date, 'Change' until a proof of age is
 * approved (then shown as locked), a correction checked here (a real date, 1900 to today) and again by the server,
 * whose refusal (409 once locked, 422) shows on the field. Load and save failures are states with their text.
 */
import { assign, setup } from 'xstate';
import { type AthleteBirthDate, correctBirthDate, getBirthDates } from '../api/birth-dates';
import { ApiError, errorText } from '../api/errors';
import { toIsoDate } from '../domain/dates';
import { isBirthDateText } from '../domain/eligibility-check';
import { apiCall } from './settle-unless-aborted';

export interface BirthDatesContext {
  athletes: readonly AthleteBirthDate[];
  /** The athlete whose date is being changed, or the last one changed. */
  athleteId: number | null;
  error: string | null;
  /** The server's refusal of the last change, shown on the field. */
  refusal: string | null;
}

export type BirthDatesEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT'; athleteId: number }
  | { type: 'CANCEL' }
  | { type: 'SAVE'; birthDate: string };

const editableIn = (athletes: readonly AthleteBirthDate[], athleteId: number) =>
  athletes.some((athlete) => athlete.id === athleteId && !athlete.birth_date_locked);

const edit = {
  guard: { type: 'isEditable', params: ({ event }: { event: BirthDatesEvent }) => event },
  target: 'editing',
  actions: { type: 'choose', params: ({ event }: { event: BirthDatesEvent }) => event },
} as const;

const save = [
  {
    guard: { type: 'isBirthDate', params: ({ event }: { event: BirthDatesEvent }) => event },
    target: 'saving',
  },
  { target: 'invalid' },
] as const;

export const birthDatesMachine = setup({
  types: {
    context: {} as BirthDatesContext,
    events: {} as BirthDatesEvent,
    tags: {} as 'busy',
    children: {} as { load: 'load'; save: 'save' },
  },
  actors: {
    load: apiCall<AthleteBirthDate[], void>((_, signal) => getBirthDates({ signal })),
    save: apiCall<AthleteBirthDate, { athleteId: number; birthDate: string }>((input, signal) =>
      correctBirthDate(input.athleteId, input.birthDate, { signal }),
    ),
  },
  guards: {
    isEditable: ({ context }, event: BirthDatesEvent) =>
      event.type === 'EDIT' && editableIn(context.athletes, event.athleteId),
    isBirthDate: (_, event: BirthDatesEvent) =>
      // The server's rule (1900 to today) without the age rules' date arithmetic, which /payments does not load.
      event.type === 'SAVE' && isBirthDateText(event.birthDate) && event.birthDate <= toIsoDate(new Date()),
    /** The server says the date is locked now (a proof of age was approved meanwhile). */
    isLocked: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 409,
  },
  actions: {
    store: assign({ athletes: (_, athletes: AthleteBirthDate[]) => athletes, error: null }),
    storeError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    choose: assign({
      athleteId: (_, event: BirthDatesEvent) => (event.type === 'EDIT' ? event.athleteId : null),
      refusal: null,
    }),
    storeSaved: assign({
      athletes: ({ context }, saved: AthleteBirthDate) =>
        context.athletes.map((athlete) => (athlete.id === saved.id ? saved : athlete)),
      refusal: null,
    }),
    storeRefusal: assign({ refusal: (_, params: { error: unknown }) => errorText(params.error) }),
    markLocked: assign({
      athletes: ({ context }) =>
        context.athletes.map((athlete) =>
          athlete.id === context.athleteId ? { ...athlete, birth_date_locked: true } : athlete,
        ),
    }),
  },
}).createMachine({
  id: 'birthDates',
  description:
    "§9 payment plans, issue 32: /payments lists the athletes' dates of birth, changeable until a proof of age is approved",
  context: { athletes: [], athleteId: null, error: null, refusal: null },
  initial: 'loading',
  states: {
    loading: {
      description: "§9 payment plans, issue 32: GET /api/eligibility/athletes, the household's dates of birth",
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'idle', actions: { type: 'store', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "§8 general mapping: the dates of birth did not load: the text and 'Try again'",
      on: { RETRY: 'loading' },
    },
    idle: {
      description: "§9 payment plans, issue 32: each date, 'Change' where not locked, 'Locked' where verified",
      on: { EDIT: edit },
    },
    editing: {
      description: "§9 payment plans, issue 32: the athlete's date of birth field, 'Save' and 'Cancel'",
      on: { SAVE: save, CANCEL: 'idle' },
    },
    invalid: {
      description: '§9 payment plans, issue 32: not a real date of birth (1900 to today): its text on the field',
      on: { SAVE: save, CANCEL: 'idle' },
    },
    saving: {
      description: '§9 payment plans, issue 32: PUT /api/eligibility/athletes/{id}',
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }) => ({
          athleteId: context.athleteId ?? 0,
          birthDate: event.type === 'SAVE' ? event.birthDate : '',
        }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isLocked', params: ({ event }) => ({ error: event.error }) },
            target: 'lockedMeanwhile',
            actions: ['markLocked', { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: 'refused',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saved: {
      description: "§9 payment plans, issue 32: 'Date of birth saved.'; the eligibility follows the new date",
      on: { EDIT: edit },
    },
    refused: {
      description: '§9 payment plans, issue 32: the server refused the date: its text on the field',
      on: { SAVE: save, CANCEL: 'idle' },
    },
    lockedMeanwhile: {
      description:
        "§9 payment plans, issue 32: a proof of age was approved meanwhile (409): the date shows as locked, with the server's text",
      on: { EDIT: edit },
    },
  },
});

import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import { HOLD_DAYS_RANGE, INSTRUCTIONS_REQUIRED } from '../src/domain/forms/admin-help-paying';
import { t } from '../src/i18n/runtime';
import { adminFormMachine } from '../src/machines/admin-form.machine';
import { HelpPayingForm } from '../src/views/admin/help-paying-settings';
import { defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';

/**
 * Issue 34: the owner's 'Change help paying' form of the set-up page (admin-form.machine.ts with the target
 * 'helpPaying'), run through its real view: the four settings typed and ticked, the call's body built by the shared
 * schema, the server's refusal above the form and on its field, a lost session.
 */

const northside = {
  offers_assistance: 'true',
  accepts_check_or_cash: 'true',
  check_or_cash_instructions:
    'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.',
  check_or_cash_hold_days: '14',
};
const changed = {
  offers_assistance: 'false',
  accepts_check_or_cash: 'true',
  check_or_cash_instructions: 'Checks to Northside Youth Baseball, at the club house.',
  check_or_cash_hold_days: '10',
};

// The server answers in English: its text for the field, as the form's own (the same words on both sides).
const refused = new ApiError({
  kind: 'http',
  status: 422,
  message: t(INSTRUCTIONS_REQUIRED),
  messages: { check_or_cash_instructions: [t(INSTRUCTIONS_REQUIRED)] },
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });

const model = defineModel({
  machine: adminFormMachine,
  input: { target: { form: 'helpPaying', organizationId: 1 } },
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: changed }],
    EDIT: [{ type: 'EDIT' }],
    'xstate.done.actor.submit': [doneEvent('submit', { draftId: null })],
    'xstate.error.actor.submit': [errorEvent('submit', refused), errorEvent('submit', gone)],
  },
  context: ['target', 'error', 'fieldErrors', 'sessionGone', 'result'],
  states: {
    submitting: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ target: { form: 'helpPaying', organizationId: 1 }, values: changed }),
    failed: (snapshot) =>
      expect(snapshot.context.fieldErrors).toEqual({ check_or_cash_instructions: t(INSTRUCTIONS_REQUIRED) }),
    saved: (snapshot) => expect(snapshot.output).toEqual({ saved: true, draftId: null }),
    sessionGone: (snapshot) => expect(snapshot.output).toEqual({ sessionGone: true }),
  },
});

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const instructions = () => screen.getByLabelText('Instructions for paying by check or cash') as HTMLTextAreaElement;
const holdDays = () => screen.getByLabelText('Days the seat is held while the payment is awaited') as HTMLInputElement;
const OFFERS = 'Offer financial assistance (families can ask for help with the dues)';
const ACCEPTS = 'Accept payment by check or cash';

runPaths({
  model,
  uiRun: {
    name: 'help paying settings driver',
    // The settings the form opens with (the page's, from the server), shown as they are.
    data: Object.values(northside),
    render: ({ actor }) =>
      renderInRouter(
        <HelpPayingForm actorRef={actor} onCancel={() => undefined} initial={northside} />,
        '/admin/organizations/1/setup',
      ),
    driver: {
      SUBMIT: async (event, { user }) => {
        for (const [name, key] of [
          [OFFERS, 'offers_assistance'],
          [ACCEPTS, 'accepts_check_or_cash'],
        ] as const) {
          if (box(name).checked !== (event.values[key] === 'true')) await user.click(box(name));
        }
        await user.clear(instructions());
        await user.type(instructions(), event.values.check_or_cash_instructions ?? '');
        await user.clear(holdDays());
        await user.type(holdDays(), event.values.check_or_cash_hold_days ?? '');
        await user.click(screen.getByRole('button', { name: 'Save' }));
      },
      EDIT: async (_event, { user }) => user.type(instructions(), '.'),
    },
    states: {
      editing: () => {
        expect(screen.getByRole('heading', { level: 3, name: 'Change help paying' })).toBeTruthy();
        expect(screen.queryByRole('alert')).toBeNull();
        expect(holdDays().getAttribute('aria-invalid')).toBeNull();
      },
      submitting: () => expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy(),
      failed: () => {
        expect(screen.getByRole('alert').textContent).toBe(refused.message);
        // The server's message is on its field, tied to it for assistive technology.
        const field = instructions();
        expect(field.getAttribute('aria-invalid')).toBe('true');
        const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
        const messages = described.map((id) => document.getElementById(id)?.textContent);
        expect(messages).toContain(t(INSTRUCTIONS_REQUIRED));
        expect(messages).not.toContain(t(HOLD_DAYS_RANGE));
      },
    },
  },
});

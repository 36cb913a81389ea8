import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDraft } from '../src/api/admin-drafts';
import { ApiError } from '../src/api/errors';
import { DEPOSIT_TOO_BIG as DEPOSIT_TOO_BIG_KEY } from '../src/domain/forms/admin-team';
import { t } from '../src/i18n/runtime';
import { draftValues } from '../src/machines/admin-draft.connect';
import { adminDraftMachine } from '../src/machines/admin-draft.machine';
import { DraftEditor } from '../src/views/admin/draft-editor';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

const draft: AdminDraft = {
  id: 1,
  organization_id: 1,
  team_id: 4,
  season_id: 2,
  name: '12U Tigers',
  total_dues_cents: 50_000,
  athlete_deposit_cents: 10_000,
  payment_plan_fee_cents: 2_500,
  total_app_fee_cents: 1_500,
  is_app_fee_itemized: true,
  plan_months: [3, 6],
  protection_plan_id: null,
  waiver: null,
  updated_at: '2026-11-27T01:00:00.000Z',
  preview_path: '/draft?draft_id=1',
};
const choices = {
  seasons: [
    { id: 2, name: 'Spring 2027' },
    { id: 3, name: 'Fall 2027' },
  ],
  protectionPlans: [{ id: 1, name: 'Injury protection' }],
};
const saved: AdminDraft = { ...draft, total_dues_cents: 55_000, updated_at: '2026-11-27T01:05:00.000Z' };

const NOT_FOUND = 'Draft not found.';
/** The server's English answer for the shared schema's key. */
const DEPOSIT_TOO_BIG = t(DEPOSIT_TOO_BIG_KEY);
const notFound = new ApiError({ kind: 'http', status: 404, message: NOT_FOUND, messages: {} });
const refused = new ApiError({
  kind: 'http',
  status: 422,
  message: DEPOSIT_TOO_BIG,
  messages: { athlete_deposit_cents: [DEPOSIT_TOO_BIG] },
});

const model = defineModel({
  machine: adminDraftMachine,
  inputs: { draftOne: { draftId: 1 } },
  events: {
    SUBMIT: [{ type: 'SUBMIT', values: { ...draftValues(draft), total_dues_cents: '550.00' } }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.load': [doneEvent('load', { draft, choices })],
    'xstate.error.actor.load': [errorEvent('load', notFound)],
    'xstate.done.actor.save': [doneEvent('save', saved)],
    'xstate.error.actor.save': [errorEvent('save', refused)],
  },
  context: ['error'],
  states: {
    saving: (_snapshot, { invocations }) =>
      // Dollars typed, cents sent.
      expect(invocations.at(-1)).toMatchObject({
        id: 'save',
        input: { draftId: 1, body: { total_dues_cents: 55_000, athlete_deposit_cents: 10_000, plan_months: [3, 6] } },
      }),
    'editing.saved': (snapshot) => expect(snapshot.context.draft).toEqual(saved),
    'editing.failed': (snapshot) =>
      expect(snapshot.context.fieldErrors).toEqual({ athlete_deposit_cents: [DEPOSIT_TOO_BIG] }),
    loadFailed: (snapshot) => expect(snapshot.context.error).toBe(NOT_FOUND),
  },
});

const driver: Driver<typeof adminDraftMachine> = {
  SUBMIT: async (event, { user }) => {
    const dues = screen.getByLabelText('Total dues ($)');
    await user.clear(dues);
    await user.type(dues, event.values.total_dues_cents);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
  },
  RETRY: async (_event, { user }) => {
    await user.click(screen.getByRole('button', { name: 'Try again' }));
  },
};

runPaths({
  model,
  uiRun: {
    name: 'admin draft driver',
    render: ({ actor }) => render(<DraftEditor actorRef={actor} />),
    driver,
    states: {
      loading: () => expect(screen.getByText('Loading the draft…')).toBeTruthy(),
      loadFailed: () => expect(screen.getByRole('alert').textContent).toBe(NOT_FOUND),
      editing: () => {
        expect(screen.getByRole('heading', { level: 1, name: 'Edit draft' })).toBeTruthy();
        // The preview is the family page, beside the form.
        expect(screen.getByTitle('Draft preview').getAttribute('src')).toBe('/draft?draft_id=1');
      },
      'editing.idle': () => {
        expect(screen.queryByRole('status')).toBeNull();
        // The draft's season among its organization's, and the protection plans (issue 22 point 6).
        expect(screen.getByLabelText('Season')).toHaveProperty('value', '2');
        expect(screen.getByRole('option', { name: 'Fall 2027' })).toBeTruthy();
        expect(screen.getByLabelText('Protection plan')).toHaveProperty('value', '');
        expect(screen.getByRole('option', { name: 'Injury protection' })).toBeTruthy();
      },
      'editing.saved': () => {
        expect(screen.getByRole('status').textContent).toBe(t('admin.draftSaved'));
        expect(screen.getByLabelText('Total dues ($)')).toHaveProperty('value', '550.00');
      },
      'editing.failed': () => {
        expect(screen.getByRole('alert').textContent).toBe(DEPOSIT_TOO_BIG);
        const deposit = screen.getByLabelText('Athlete deposit ($)');
        expect(deposit.getAttribute('aria-invalid')).toBe('true');
        const describedBy = deposit.getAttribute('aria-describedby') ?? '';
        expect(document.getElementById(describedBy)?.textContent).toBe(DEPOSIT_TOO_BIG);
      },
      saving: () => expect(screen.getByRole('button', { name: 'Save draft' }).hasAttribute('disabled')).toBe(true),
    },
  },
});

describe('admin draft machine', () => {
  it('refuses a draft whose deposit exceeds the dues, or with an amount that is not dollars', () => {
    const editing = snapshotAt(model, 'editing.idle');
    const values = draftValues(draft);
    expect(isRefused(editing, { type: 'SUBMIT', values })).toBe(false);
    expect(isRefused(editing, { type: 'SUBMIT', values: { ...values, athlete_deposit_cents: '600.00' } })).toBe(true);
    expect(isRefused(editing, { type: 'SUBMIT', values: { ...values, total_dues_cents: 'lots' } })).toBe(true);
  });
});

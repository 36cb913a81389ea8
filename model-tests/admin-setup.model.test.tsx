import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import { adminFormMachine } from '../src/machines/admin-form.machine';
import type { AdminSetupData } from '../src/machines/admin-setup.machine';
import { adminSetupMachine } from '../src/machines/admin-setup.machine';
import { getStaffSession, setStaffSession } from '../src/session/staff';
import { AdminSetupView } from '../src/views/admin/setup-page-view';
import { defineModel, doneEvent, errorEvent, renderInRouter, runPaths, type Views } from './harness/index.ts';
import { canOf, staffFixture } from './staff.fixtures';

/**
 * The season set-up page (issue 22 point 2) with its forms running for real (admin-form.machine.ts as the child
 * `form`): an owner changes a team's fees or starts a new draft, which opens in the draft editor (point 6); the
 * staff list and pending invitations (point 1) are shown to an owner.
 */

const storm = {
  id: 4,
  season_id: 2,
  name: '14U Storm',
  total_dues_cents: 32_000,
  athlete_deposit_cents: 5_000,
  payment_plan_fee_cents: 1_500,
  total_app_fee_cents: 0,
  is_app_fee_itemized: false,
  plan_months: [3, 6],
  protection_plan_id: null,
  licences: [
    {
      code: 'STORM-2026',
      name: '14U Storm',
      kind: 'team' as const,
      available_licenses: 12,
      claimed: 3,
      paused: false,
      link: '/licenses/STORM-2026',
      expires_on: null,
      team_id: 4,
    },
  ],
};

const data: AdminSetupData = {
  role: 'owner',
  can: canOf('owner'),
  setup: {
    organization: { id: 1, name: 'Northside', waiver: null, household_discount: null },
    seasons: [
      { id: 2, name: 'Fall 2026', start_date: '2026-09-01', first_installment_on: '2026-10-01', teams: [storm] },
    ],
    coach_licences: [],
    protection_plans: [],
  },
  discountCodes: [],
  drafts: [
    {
      id: 1,
      organization_id: 1,
      team_id: 4,
      season_id: 2,
      name: '14U Storm (draft)',
      total_dues_cents: 32_000,
      athlete_deposit_cents: 5_000,
      payment_plan_fee_cents: 1_500,
      total_app_fee_cents: 0,
      is_app_fee_itemized: false,
      plan_months: [3, 6],
      protection_plan_id: null,
      waiver: null,
      updated_at: '2026-11-20T15:00:00.000Z',
      preview_path: '/draft?draft_id=1',
    },
  ],
  staff: {
    staff: [
      { id: 1, name: 'Olivia Grant', email: 'owner@northside.example', role: 'owner', teams: null },
      {
        id: 3,
        name: 'Chris Tanaka',
        email: 'coach.tigers@northside.example',
        role: 'coach',
        teams: [{ id: 5, name: '12U Tigers' }],
      },
    ],
    invites: [
      {
        id: 9,
        name: 'Sam Reyes',
        email: 'sam@example.com',
        role: 'registrar',
        team: null,
        expires_at: '2026-12-04T12:00:00.000Z',
      },
    ],
  },
  // Issue 34: the help paying settings (model-tests/admin-help-paying.model.test.tsx runs their form).
  helpPaying: null,
};
const registrarData: AdminSetupData = { ...data, role: 'registrar', can: canOf('registrar'), staff: null };

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const depositTooBig = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The athlete deposit may not exceed the total dues.',
  messages: { athlete_deposit_cents: ['The athlete deposit may not exceed the total dues.'] },
});

beforeEach(() => {
  setStaffSession({
    token: 'staff-token',
    staff: staffFixture({ id: 1, name: 'Olivia Grant', email: 'o@example.com', organizations: [] }),
  });
});

const newDraft = { team_id: '4' };
const newFees = { total_dues_cents: '350.00' };

/** One form of the page (the child `form`): a team's new dues, a new draft from a team. */
const formModel = defineModel({
  machine: adminFormMachine,
  input: { target: { form: 'draft', organizationId: 1 } },
  events: {
    SUBMIT: [
      { type: 'SUBMIT', values: newDraft },
      { type: 'SUBMIT', values: { ...teamValues(), ...newFees } },
    ],
    EDIT: [{ type: 'EDIT' }],
    'xstate.done.actor.submit': [doneEvent('submit', { draftId: 7 }), doneEvent('submit', { draftId: null })],
    'xstate.error.actor.submit': [errorEvent('submit', depositTooBig), errorEvent('submit', gone)],
  },
  context: ['target', 'error', 'fieldErrors', 'sessionGone', 'result'],
});

function teamValues() {
  return {
    name: '14U Storm',
    total_dues_cents: '320.00',
    athlete_deposit_cents: '50.00',
    payment_plan_fee_cents: '15.00',
    total_app_fee_cents: '0.00',
    is_app_fee_itemized: 'false',
    plan_months: '3,6',
    protection_plan_id: '',
  };
}

const model = defineModel({
  machine: adminSetupMachine,
  input: { organizationId: 1 },
  children: { form: formModel },
  events: {
    RETRY: [{ type: 'RETRY' }],
    OPEN: [
      { type: 'OPEN', target: { form: 'draft', organizationId: 1 } },
      { type: 'OPEN', target: { form: 'editTeam', teamId: 4 } },
    ],
    CLOSE: [{ type: 'CLOSE' }],
    'xstate.done.actor.load': [doneEvent('load', data), doneEvent('load', registrarData)],
    'xstate.error.actor.load': [errorEvent('load', offline), errorEvent('load', gone)],
  },
  context: ['data', 'target', 'error', 'saved'],
  states: {
    toLogin: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin/login' });
      expect(getStaffSession()).toBeNull();
    },
    toDraft: (snapshot) => expect(snapshot.output).toEqual({ to: '/admin/drafts/$draftId', params: { draftId: '7' } }),
    loading: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ organizationId: 1 }),
  },
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** The open form: a new draft (its team select) or a team's change (its fee fields). */
const formViews: Views<typeof adminFormMachine> = {
  name: 'set-up form driver',
  driver: {
    SUBMIT: async (event, { user }) => {
      if ('team_id' in event.values) {
        await user.selectOptions(screen.getByLabelText('Start from team'), event.values.team_id ?? '');
        await user.click(button('Create draft'));
        return;
      }
      const dues = screen.getByLabelText('Total dues ($)');
      await user.clear(dues);
      await user.type(dues, event.values.total_dues_cents ?? '');
      await user.click(button('Save'));
    },
    EDIT: async (_event, { user }) => {
      const field = screen.queryByLabelText('Total dues ($)');
      if (field !== null) await user.type(field, '0');
      else await user.selectOptions(screen.getByLabelText('Start from team'), '4');
    },
  },
  states: {
    editing: () => expect(screen.queryByRole('alert')).toBeNull(),
    submitting: () => expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy(),
    failed: () => {
      expect(screen.getByRole('alert').textContent).toBe(depositTooBig.message);
      const field = screen.queryByLabelText('Athlete deposit ($)');
      if (field !== null) expect(field.getAttribute('aria-invalid')).toBe('true');
    },
  },
};

function pageShown(owner: boolean) {
  expect(screen.getByRole('heading', { level: 1, name: 'Season set-up: Northside' })).toBeTruthy();
  const drafts = screen.getByRole('table', { name: 'Team drafts' });
  const draft = within(drafts).getByRole('link', { name: '14U Storm (draft)' });
  expect(draft.getAttribute('href')).toBe('/admin/drafts/1');
  expect(within(drafts).getByText('14U Storm (Fall 2026)')).toBeTruthy();
  // Owners see the staff (a coach with their team) and the pending invitations; registrars neither nor 'Change team'.
  const staff = screen.queryByRole('table', { name: 'Staff of Northside' });
  if (owner) {
    expect(staff && within(staff).getByRole('row', { name: /Chris Tanaka/ }).textContent).toContain(
      'Coach (12U Tigers)',
    );
    const invites = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invites).getByRole('row', { name: /Sam Reyes/ }).textContent).toContain('Registrar');
  } else {
    expect(staff).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change team 14U Storm' })).toBeNull();
  }
}

runPaths({
  model,
  uiRun: {
    name: 'admin set-up driver',
    render: ({ actor }) => renderInRouter(<AdminSetupView actorRef={actor} />, '/admin/organizations/1/setup'),
    driver: {
      RETRY: async (_event, { user }) => user.click(button('Try again')),
      OPEN: async (event, { user }) => {
        await user.click(button(event.target.form === 'draft' ? 'New draft' : 'Change team 14U Storm'));
        // The new form's heading takes the focus.
        const name = event.target.form === 'draft' ? 'New draft' : 'Change 14U Storm';
        await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name })));
      },
      CLOSE: async (_event, { user }) => user.click(button('Cancel')),
    },
    children: { form: formViews },
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      loaded: ({ snapshot }) => pageShown(snapshot.context.data?.role === 'owner'),
      'loaded.browsing': ({ snapshot }) => {
        const saved = snapshot.context.saved;
        if (saved !== null) expect(screen.getByText(saved === 'draft' ? 'Draft created.' : 'Team saved.')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Create draft' })).toBeNull();
      },
      'loaded.editing': ({ snapshot }) => {
        expect(screen.getByRole('heading', { level: 3, name: /^(New draft|Change 14U Storm)$/ })).toBeTruthy();
        if (snapshot.context.target?.form === 'editTeam') {
          expect(screen.getByText(/families who have already paid keep what they owe/)).toBeTruthy();
        }
      },
    },
  },
});

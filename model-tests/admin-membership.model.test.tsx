import { screen, within } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import type { MembershipDetail } from '../src/api/admin';
import { ApiError } from '../src/api/errors';
import type { AdminMembershipData, adminMembershipMachine } from '../src/machines/admin-membership.machine';
import { adminMembershipMachine as machine } from '../src/machines/admin-membership.machine';
import { getStaffSession, setStaffSession } from '../src/session/staff';
import { MembershipPageView } from '../src/views/admin/membership-page';
import { refundModel } from './admin-refund.model.ts';
import { refundViews } from './admin-refund.views.ts';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

// The longest paths open the refund child and fill its form through the views.
vi.setConfig({ testTimeout: 20_000 });

const membership: MembershipDetail = {
  id: 12,
  athlete: { id: 30, name: 'Drew Patel' },
  guardian: { id: 31, name: 'Priya Patel', email: 'priya.patel@example.com' },
  plan: '3 monthly payments',
  paid_cents: 10_500,
  remaining_cents: 21_000,
  next_due: '2026-10-01',
  status: 'overdue',
  team: { id: 4, name: '14U Storm' },
  season: { id: 2, name: 'Fall 2026' },
  organization_id: 1,
  card: { brand: 'visa', last4: '4242' },
  // Issue 32 point 3: the signed waiver on record.
  waiver_agreement: {
    version: 2,
    language: 'en',
    sha256: 'a'.repeat(64),
    agreed_at: '2026-09-01T09:58:00.000Z',
    guardian: { id: 31, name: 'Priya Patel' },
    ip_address: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
  },
  phases: [
    {
      id: 1,
      label: 'Deposit',
      due_on: '2026-09-01',
      amount_cents: 10_500,
      status: 'paid',
      paid_at: '2026-09-01T10:00:00.000Z',
      refunded_cents: 2_000,
      offline: null,
      payment_id: 'pi_deposit',
    },
    {
      id: 2,
      label: 'Payment 2 of 3',
      due_on: '2026-10-01',
      amount_cents: 10_500,
      status: 'overdue',
      paid_at: null,
      refunded_cents: 0,
      offline: null,
      payment_id: null,
    },
    {
      id: 3,
      label: 'Payment 3 of 3',
      due_on: '2026-11-01',
      amount_cents: 10_500,
      status: 'scheduled',
      paid_at: null,
      refunded_cents: 0,
      offline: null,
      payment_id: null,
    },
  ],
  emails: [{ subject: 'Your payment failed', to: 'priya.patel@example.com', sent_at: '2026-10-01T12:00:00.000Z' }],
  audit: [
    {
      id: 5,
      staff: { id: 2, name: 'Ray Ortiz' },
      action: 'refund',
      before: { refunded_cents: 0 },
      after: { refunded_cents: 2_000 },
      reason: 'Missed the tournament',
      created_at: '2026-09-15T09:00:00.000Z',
    },
  ],
};

const registrar: AdminMembershipData = { membership, canManage: true };
const coach: AdminMembershipData = { membership, canManage: false };

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const notFound = new ApiError({ kind: 'http', status: 404, message: 'Membership not found.' });
const busy = new ApiError({
  kind: 'http',
  status: 409,
  message: 'This payment is being charged right now. Try again in a moment.',
});

const noteTooLong = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Use at most 500 characters.',
  messages: { note: ['Use at most 500 characters.'] },
});

beforeEach(() => {
  setStaffSession({
    token: 'staff-token',
    staff: staffFixture({
      id: 2,
      name: 'Ray Ortiz',
      email: 'registrar@northside.example',
      organizations: [{ id: 1, name: 'Northside', role: 'registrar', teams: null }],
    }),
  });
});

const model = defineModel({
  machine,
  input: { membershipId: 12 },
  children: { refund: refundModel },
  events: {
    RETRY: [{ type: 'RETRY' }],
    REFUND: [{ type: 'REFUND', phaseId: 1 }],
    RETRY_PHASE: [{ type: 'RETRY_PHASE', phaseId: 2 }],
    MARK_OFFLINE: [{ type: 'MARK_OFFLINE', phaseId: 3 }],
    SUBMIT_OFFLINE: [{ type: 'SUBMIT_OFFLINE', values: { method: 'cheque', note: 'Cheque 104' } }],
    CLOSE: [{ type: 'CLOSE' }],
    CANCEL_SCHEDULE: [{ type: 'CANCEL_SCHEDULE' }],
    CONFIRM_CANCEL: [{ type: 'CONFIRM_CANCEL', values: { reason: 'The family moved away' } }],
    DOWNLOAD_WAIVER: [{ type: 'DOWNLOAD_WAIVER' }],
    'xstate.done.actor.load': [doneEvent('load', registrar), doneEvent('load', coach)],
    'xstate.error.actor.load': [errorEvent('load', offline), errorEvent('load', notFound), errorEvent('load', gone)],
    'xstate.done.actor.retryCharge': [doneEvent('retryCharge', membership)],
    'xstate.error.actor.retryCharge': [errorEvent('retryCharge', busy)],
    'xstate.done.actor.markOffline': [doneEvent('markOffline', membership)],
    'xstate.error.actor.markOffline': [errorEvent('markOffline', busy), errorEvent('markOffline', noteTooLong)],
    'xstate.done.actor.cancel': [doneEvent('cancel', membership)],
    'xstate.error.actor.cancel': [errorEvent('cancel', busy)],
    'xstate.done.actor.downloadWaiver': [doneEvent('downloadWaiver', undefined)],
    'xstate.error.actor.downloadWaiver': [errorEvent('downloadWaiver', offline)],
    'xstate.done.actor.reload': [doneEvent('reload', registrar)],
    'xstate.error.actor.reload': [errorEvent('reload', offline)],
  },
  context: ['data', 'error', 'actionError', 'notice'],
  states: {
    toLogin: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin/login' });
      expect(getStaffSession()).toBeNull();
    },
    'loaded.retrying': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ membershipId: 12, phaseId: 2 }),
    'loaded.markingOffline': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({
        membershipId: 12,
        phaseId: 3,
        body: { method: 'cheque', note: 'Cheque 104' },
      }),
    'loaded.cancelling': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ membershipId: 12, reason: 'The family moved away' }),
    'loaded.downloadingWaiver': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ membershipId: 12 }),
  },
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

const driver: Driver<typeof adminMembershipMachine> = {
  RETRY: async (_event, { user }) => user.click(button('Try again')),
  REFUND: async (_event, { user }) => user.click(button('Refund Deposit')),
  RETRY_PHASE: async (_event, { user }) => user.click(button('Retry Payment 2 of 3 now')),
  MARK_OFFLINE: async (_event, { user }) => user.click(button('Mark Payment 3 of 3 paid offline')),
  SUBMIT_OFFLINE: async (event, { user }) => {
    await user.click(screen.getByRole('radio', { name: event.values.method === 'cash' ? 'Cash' : 'Cheque' }));
    const note = screen.getByLabelText('Note (optional)');
    await user.clear(note);
    await user.type(note, event.values.note);
    await user.click(button('Mark as paid'));
  },
  CLOSE: async (_event, { user }) =>
    user.click(screen.queryByRole('button', { name: 'Keep the schedule' }) ?? button('Cancel')),
  CANCEL_SCHEDULE: async (_event, { user }) => user.click(button('Cancel the remaining schedule')),
  DOWNLOAD_WAIVER: async (_event, { user }) => user.click(button('Download the signed waiver (PDF)')),
  CONFIRM_CANCEL: async (event, { user }) => {
    const reason = screen.getByLabelText('Reason for cancelling');
    await user.clear(reason);
    await user.type(reason, event.values.reason);
    await user.click(button('Cancel the schedule'));
  },
};

function expectActions(shown: boolean) {
  for (const name of ['Refund Deposit', 'Retry Payment 2 of 3 now', 'Mark Payment 3 of 3 paid offline']) {
    expect(screen.queryByRole('button', { name }) !== null).toBe(shown);
  }
}

runPaths({
  model,
  uiRun: {
    name: 'admin membership driver',
    render: ({ actor }) => renderInRouter(<MembershipPageView actorRef={actor} />, '/admin/memberships/12'),
    driver,
    children: { refund: refundViews },
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      notFound: () => {
        expect(screen.getByRole('alert').textContent).toBe('Membership not found.');
        expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      },
      loaded: ({ snapshot }) => {
        expect(screen.getByRole('heading', { level: 1, name: 'Drew Patel: 14U Storm' })).toBeTruthy();
        for (const text of ['Priya Patel (priya.patel@example.com)', 'Fall 2026', '3 monthly payments']) {
          expect(screen.getByText(text)).toBeTruthy();
        }
        expect(screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Overdue');
        expect(screen.getByText('Visa ending 4242')).toBeTruthy();
        const payments = screen.getByRole('table', { name: 'Payments of this membership' });
        const deposit = within(payments).getByRole('row', { name: /Deposit/ });
        expect(within(deposit).getByText('Refunded $20.00')).toBeTruthy();
        expect(within(deposit).getByText('Sep 1, 2026', { selector: 'td:nth-child(2)' })).toBeTruthy();
        const emails = screen.getByRole('table', { name: 'E-mails sent about this membership' });
        expect(within(emails).getByText('Your payment failed')).toBeTruthy();
        const audit = screen.getByRole('table', { name: 'Staff actions on this membership' });
        const row = within(audit).getByRole('row', { name: /Ray Ortiz/ });
        expect(row.textContent).toContain('Refund');
        expect(row.textContent).toContain('refunded $0.00 → refunded $20.00');
        expect(row.textContent).toContain('Missed the tournament');
        expect(screen.getByRole('region', { name: 'Payments' }).tabIndex).toBe(0);
        // Issue 32 point 3: the signed waiver on record.
        const waiver = screen.getByRole('region', { name: 'Signed waiver' });
        expect(within(waiver).getByText('2 (in English)')).toBeTruthy();
        expect(within(waiver).getByText('a'.repeat(64))).toBeTruthy();
        expect(within(waiver).getByText('203.0.113.7 · Mozilla/5.0')).toBeTruthy();
        // A coach reads only: no action at all.
        if (snapshot.context.data?.canManage === false) {
          expectActions(false);
          expect(screen.queryByRole('button', { name: 'Cancel the remaining schedule' })).toBeNull();
          expect(within(payments).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
        }
      },
      'loaded.ready': ({ snapshot }) => {
        if (snapshot.context.data?.canManage) {
          expectActions(true);
          expect(button('Refund Deposit').disabled).toBe(false);
          expect(button('Cancel the remaining schedule').disabled).toBe(false);
        }
      },
      'loaded.ready.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
      'loaded.ready.done': ({ snapshot }) => {
        const texts = {
          refunded: 'The refund is done.',
          retried: 'The charge was retried.',
          offline: 'The instalment is marked as paid.',
          cancelled: 'The remaining schedule is cancelled.',
        };
        const notice = snapshot.context.notice;
        expect(notice).not.toBeNull();
        if (notice !== null) expect(screen.getByRole('status').textContent).toBe(texts[notice]);
      },
      'loaded.ready.actionFailed': ({ snapshot }) =>
        expect(screen.getByRole('alert').textContent).toBe(snapshot.context.actionError),
      'loaded.retrying': () => {
        expect(screen.getByRole('status').textContent).toBe('Retrying the charge…');
        expect(button('Retry Payment 2 of 3 now').disabled).toBe(true);
      },
      'loaded.reloading': () => expect(screen.getByText('Loading the membership again…')).toBeTruthy(),
      'loaded.offlineForm': () => {
        expect(screen.getByRole('heading', { level: 2, name: 'Mark Payment 3 of 3 paid offline' })).toBeTruthy();
        expect(screen.getByRole('group', { name: 'Paid by' })).toBeTruthy();
      },
      // The server's refusal above the form; a message on a field is tied to that field too.
      'loaded.offlineForm.failed': ({ snapshot }) => {
        expect(screen.getByRole('alert').textContent).toBe(snapshot.context.actionError);
        const note = screen.getByLabelText('Note (optional)');
        if (snapshot.context.actionError === noteTooLong.message) {
          expect(note.getAttribute('aria-invalid')).toBe('true');
          const described = (note.getAttribute('aria-describedby') ?? '').split(' ');
          expect(described.some((id) => document.getElementById(id)?.textContent === noteTooLong.message)).toBe(true);
        } else expect(note.getAttribute('aria-invalid')).toBeNull();
      },
      'loaded.markingOffline': () => {
        expect(screen.getByRole('status').textContent).toBe('Marking the instalment as paid…');
        expect(button('Mark as paid').disabled).toBe(true);
      },
      'loaded.cancelForm': () =>
        expect(
          screen.getByRole('group', { name: 'Cancel the remaining schedule? The family is charged no more.' }),
        ).toBeTruthy(),
      'loaded.cancelForm.failed': () => expect(screen.getByRole('alert').textContent).toBe(busy.message),
      'loaded.cancelling': () => {
        expect(screen.getByRole('status').textContent).toBe('Cancelling the schedule…');
        expect(button('Cancel the schedule').disabled).toBe(true);
      },
      'loaded.downloadingWaiver': () => {
        expect(screen.getByRole('status').textContent).toBe('Preparing the signed waiver…');
        expect(button('Download the signed waiver (PDF)').disabled).toBe(true);
      },
      'loaded.refunding': () =>
        expect(screen.queryByRole('button', { name: 'Cancel the remaining schedule' })).toBeNull(),
    },
  },
});

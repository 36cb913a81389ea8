import { screen, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { DocumentQueue, QueueDocument } from '../src/api/documents';
import { ApiError } from '../src/api/errors';
import { formatHoldUntil } from '../src/domain/dates';
import { adminDocumentsMachine } from '../src/machines/admin-documents.machine';
import { setStaffSession } from '../src/session/staff';
import { DocumentsView } from '../src/views/admin/documents-view';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

/**
 * The console's documents queue (issue 32 point 2): Sam's proof of age waits for review; a registrar views it,
 * approves it, or rejects it with a reason (an empty reason is refused on its field).
 */

const UPLOADED = '2026-12-06T07:00:00.000Z';
const sams: QueueDocument = {
  id: 5,
  membership_id: 21,
  athlete: { id: 11, name: 'Sam Rivera' },
  team: { id: 9, name: '12U Sharks' },
  name: 'Proof of age',
  status: 'pending',
  content_type: 'application/pdf',
  byte_size: 2048,
  uploaded_at: UPLOADED,
  reviewed_at: null,
  reviewed_by: null,
  reject_reason: null,
  file_available: true,
};
const queue: DocumentQueue = { documents: [sams], delete_after_approval: false };
const approved: QueueDocument = {
  ...sams,
  status: 'approved',
  reviewed_at: UPLOADED,
  reviewed_by: { id: 7, name: 'Leo Park' },
};
const rejected: QueueDocument = { ...approved, status: 'rejected', reject_reason: 'Blurry.' };

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const notPending = new ApiError({ kind: 'http', status: 409, message: 'This document is not waiting for review.' });

beforeEach(() => {
  setStaffSession({
    token: 'staff-token',
    staff: staffFixture({
      id: 7,
      name: 'Leo Park',
      email: 'registrar@lakeside.example',
      organizations: [{ id: 2, name: 'Lakeside Little League', role: 'registrar', teams: null }],
    }),
  });
});

const model = defineModel({
  machine: adminDocumentsMachine,
  inputs: { registrar: { organizationId: 2 }, coach: { organizationId: null } },
  implementations: { actions: { saveFile: () => undefined } },
  events: {
    RETRY: [{ type: 'RETRY' }],
    VIEW: [{ type: 'VIEW', documentId: 5 }],
    APPROVE: [{ type: 'APPROVE', documentId: 5 }],
    REJECT: [{ type: 'REJECT', documentId: 5 }],
    SUBMIT_REJECT: [
      { type: 'SUBMIT_REJECT', reason: ' ' },
      { type: 'SUBMIT_REJECT', reason: 'Blurry.' },
    ],
    CANCEL: [{ type: 'CANCEL' }],
    'xstate.done.actor.load': [doneEvent('load', queue)],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.view': [doneEvent('view', { blob: new Blob(['%PDF']), filename: 'document-5.pdf' })],
    'xstate.error.actor.view': [errorEvent('view', offline)],
    // Issue 32 point 2: approving a proof of age locks the date of birth; a club's own document locks nothing.
    'xstate.done.actor.approve': [
      doneEvent('approve', approved),
      doneEvent('approve', { ...approved, name: 'Medical form' }),
    ],
    'xstate.error.actor.approve': [errorEvent('approve', notPending)],
    'xstate.done.actor.reject': [doneEvent('reject', rejected)],
    'xstate.error.actor.reject': [errorEvent('reject', notPending)],
  },
  context: ['documents', 'error', 'decided'],
  states: {
    loading: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ organizationId: 2 }),
    viewing: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ documentId: 5 }),
    approving: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ documentId: 5 }),
    rejecting: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ documentId: 5, reason: 'Blurry.' }),
  },
});

const row = 'the Proof of age of Sam Rivera';

const driver: Driver<typeof adminDocumentsMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  VIEW: async (_event, { user }) => user.click(screen.getByRole('button', { name: `View ${row}` })),
  APPROVE: async (_event, { user }) => user.click(screen.getByRole('button', { name: `Approve ${row}` })),
  REJECT: async (_event, { user }) => user.click(screen.getByRole('button', { name: `Reject ${row}` })),
  SUBMIT_REJECT: async (event, { user }) => {
    const field = screen.getByLabelText('Reason');
    await user.clear(field);
    await user.type(field, event.reason);
    await user.click(screen.getByRole('button', { name: 'Reject document' }));
  },
  CANCEL: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
};

function queueShown(shown: boolean) {
  if (!shown) {
    expect(screen.getByText('No documents are waiting for review.')).toBeTruthy();
    return;
  }
  const table = screen.getByRole('table');
  expect(within(table).getByText('Sam Rivera')).toBeTruthy();
  expect(within(table).getByText('12U Sharks')).toBeTruthy();
  expect(within(table).getByText(formatHoldUntil(UPLOADED))).toBeTruthy();
}

runPaths({
  model,
  uiRun: {
    name: 'admin documents driver',
    render: ({ actor }) => renderInRouter(<DocumentsView actorRef={actor} />, '/admin/documents'),
    driver,
    states: {
      notAllowed: () => expect(screen.getByText('Only owners and registrars verify documents.')).toBeTruthy(),
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toContain(offline.message),
      'loaded.ready': ({ snapshot }) => queueShown(snapshot.context.documents.length > 0),
      'loaded.approved': ({ snapshot }) => {
        const proof = snapshot.context.decided?.name === 'Proof of age';
        expect(
          screen.getByText(proof ? "Approved. The athlete's date of birth is now locked." : 'Approved.'),
        ).toBeTruthy();
        queueShown(false);
      },
      'loaded.rejected': () => {
        expect(screen.getByText('Rejected. The family was e-mailed.')).toBeTruthy();
        queueShown(false);
      },
      'loaded.actionFailed': ({ snapshot }) =>
        expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error ?? ''),
      'loaded.rejectForm': () => expect(screen.getByRole('heading', { name: `Reject ${row}` })).toBeTruthy(),
      'loaded.rejectForm.reasonMissing': () => {
        expect(screen.getByRole('alert').textContent).toBe('Enter a reason.');
        expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
      },
      viewing: () => expect(screen.getByRole('button', { name: `View ${row}` }).hasAttribute('disabled')).toBe(true),
      approving: () =>
        expect(screen.getByRole('button', { name: `Approve ${row}` }).hasAttribute('disabled')).toBe(true),
      rejecting: () => expect(screen.getByRole('status').textContent).toBe('Working…'),
    },
  },
});

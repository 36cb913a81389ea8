import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { FamilyDocument } from '../src/api/documents';
import { ApiError } from '../src/api/errors';
import { familyFilesMachine } from '../src/machines/family-files.machine';
import { FilesSection } from '../src/views/payments/files-section';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';

/**
 * /payments' "Your files" (issue 32 points 2 and 3): Sam's signed waiver for 12U Sharks and the proof of age the
 * family uploaded, each downloaded with the user's token; a failure shows its text and the next 'Download' tries again.
 */

const memberships = [
  { id: 21, team_name: '12U Sharks', athlete_name: 'Sam Rivera', waiver_signed: true },
  { id: 22, team_name: '10U Comets', athlete_name: 'Sam Rivera', waiver_signed: false },
];
const uploaded: FamilyDocument = {
  membership_id: 21,
  athlete: { id: 11, name: 'Sam Rivera' },
  team: { id: 9, name: '12U Sharks' },
  name: 'Proof of age',
  status: 'pending',
  document_id: 5,
  content_type: 'application/pdf',
  reject_reason: null,
  uploaded_at: '2026-12-06T07:00:00.000Z',
  reviewed_at: null,
  file_available: true,
  dob_locked: false,
};

const WAIVER = 'Download the signed waiver (PDF) for Sam Rivera, 12U Sharks';
const DOCUMENT = 'Download Proof of age for Sam Rivera, 12U Sharks';

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});

const model = defineModel({
  machine: familyFilesMachine,
  events: {
    DOWNLOAD: [
      { type: 'DOWNLOAD', file: { kind: 'waiver', membershipId: 21 } },
      { type: 'DOWNLOAD', file: { kind: 'document', documentId: 5 } },
    ],
    'xstate.done.actor.download': [doneEvent('download', undefined)],
    'xstate.error.actor.download': [errorEvent('download', offline)],
  },
  context: ['file', 'error'],
  states: {
    downloading: (snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual(snapshot.context.file),
  },
});

const driver: Driver<typeof familyFilesMachine> = {
  DOWNLOAD: async (event, { user }) =>
    user.click(screen.getByRole('button', { name: event.file.kind === 'waiver' ? WAIVER : DOCUMENT })),
};

runPaths({
  model,
  uiRun: {
    name: 'family files driver',
    data: ['Sam Rivera', '12U Sharks', 'Proof of age'],
    render: ({ actor }) =>
      renderInRouter(<FilesSection actorRef={actor} memberships={memberships} documents={[uploaded]} />, '/payments'),
    driver,
    states: {
      idle: () => {
        expect(screen.getByRole('heading', { name: 'Your files' })).toBeTruthy();
        // Only the membership with a signed waiver offers one.
        expect(screen.getAllByRole('button', { name: /signed waiver/ })).toHaveLength(1);
        expect(screen.getByRole('button', { name: DOCUMENT }).textContent).toBe(
          'Download Proof of age for Sam Rivera, 12U Sharks',
        );
      },
      downloading: () => {
        expect(screen.getByRole('status').textContent).toBe('Preparing the file…');
        expect(screen.getByRole('button', { name: WAIVER }).hasAttribute('disabled')).toBe(true);
      },
      downloaded: () => expect(screen.getByRole('status').textContent).toBe('Downloaded.'),
      failed: () => expect(screen.getByRole('alert').textContent).toContain(offline.message),
    },
  },
});

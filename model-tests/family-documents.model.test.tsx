import { screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { FamilyDocument } from '../src/api/documents';
import { ApiError } from '../src/api/errors';
import { currentUserSchema } from '../src/api/schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import { MAX_DOCUMENT_BYTES } from '../src/domain/documents';
import { familyDocumentsMachine } from '../src/machines/family-documents.machine';
import { setCurrentUser } from '../src/session/current-user';
import { DocumentsSection } from '../src/views/payments/documents-section';
import { neededProof, PROOF_PDF, pendingProof } from './documents.fixtures.ts';
import { type Driver, defineModel, doneEvent, errorEvent, renderInRouter, runPaths } from './harness/index.ts';

/**
 * /payments' documents (issue 32 point 2): Sam's proof of age for 12U Sharks, 'Documents needed' until verified;
 * uploads refused before sending (no file, over 10 MB) or by the server (its text on the field).
 */

const approved: FamilyDocument = { ...pendingProof, status: 'approved', dob_locked: true };
const BIG = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'scan.pdf', { type: 'application/pdf' });

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const script = new ApiError({
  kind: 'http',
  status: 422,
  message: 'This PDF contains a script and cannot be accepted. Save it again without scripts, or upload a photo.',
});

beforeEach(() => {
  setCurrentUser(currentUserSchema.parse({ ...wireUser, token: 'session-token' }));
});

const upload = (file: File | null) => ({ type: 'UPLOAD' as const, membershipId: 21, name: 'Proof of age', file });

const model = defineModel({
  machine: familyDocumentsMachine,
  events: {
    RETRY: [{ type: 'RETRY' }],
    UPLOAD: [upload(null), upload(BIG), upload(PROOF_PDF)],
    'xstate.done.actor.load': [
      doneEvent('load', { documents: [neededProof] }),
      doneEvent('load', { documents: [approved] }),
    ],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    'xstate.done.actor.upload': [doneEvent('upload', pendingProof)],
    'xstate.error.actor.upload': [errorEvent('upload', script)],
  },
  context: ['documents', 'refusal', 'error'],
  states: {
    uploading: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ slot: { membershipId: 21, name: 'Proof of age' }, file: PROOF_PDF }),
  },
});

const driver: Driver<typeof familyDocumentsMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  UPLOAD: async (event, { user }) => {
    if (event.file !== null) await user.upload(screen.getByLabelText('Proof of age for Sam Rivera'), event.file);
    await user.click(screen.getByRole('button', { name: 'Upload the Proof of age of Sam Rivera' }));
  },
};

runPaths({
  model,
  uiRun: {
    name: 'family documents driver',
    render: ({ actor }) => renderInRouter(<DocumentsSection actorRef={actor} />, '/payments'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading documents…'),
      failed: () => expect(screen.getByRole('alert').textContent).toContain(offline.message),
      ready: ({ snapshot }) => {
        const verified = snapshot.context.documents.every((doc) => doc.status === 'approved');
        expect(screen.getByText(verified ? 'Documents verified' : 'Documents needed')).toBeTruthy();
        expect(screen.queryByLabelText('Proof of age for Sam Rivera') === null).toBe(verified);
      },
      'ready.uploaded': () => {
        expect(screen.getByText('Waiting for review')).toBeTruthy();
        expect(screen.getByText('Thank you. The document is waiting for review.')).toBeTruthy();
      },
      'ready.refused': ({ snapshot }) => {
        const refusal = snapshot.context.refusal;
        const expected =
          refusal?.kind === 'none'
            ? 'Choose a file to upload.'
            : refusal?.kind === 'tooLarge'
              ? 'The file is larger than 10 MB.'
              : script.message;
        expect(screen.getByRole('alert').textContent).toBe(expected);
        const field = screen.getByLabelText('Proof of age for Sam Rivera');
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(field.getAttribute('aria-describedby')).toContain('-error');
      },
      uploading: () =>
        expect(
          screen.getByRole('button', { name: 'Upload the Proof of age of Sam Rivera' }).hasAttribute('disabled'),
        ).toBe(true),
    },
  },
});

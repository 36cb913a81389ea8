/**
 * Sam's proof of age for 12U Sharks (membership 21) as GET /api/documents answers it: not uploaded yet, then
 * waiting for review after the upload of `PROOF_PDF`. Shared by the payment and family documents model tests.
 */
import type { FamilyDocument } from '../src/api/documents';
import { neededDocument } from '../src/api/wire-samples';

export const neededProof: FamilyDocument = neededDocument;
export const pendingProof: FamilyDocument = {
  ...neededProof,
  status: 'pending',
  document_id: 5,
  content_type: 'application/pdf',
  uploaded_at: '2026-12-06T07:00:00.000Z',
  file_available: true,
};
export const PROOF_PDF = new File(['%PDF-1.4\n%%EOF\n'], 'birth-certificate.pdf', { type: 'application/pdf' });

/**
 * The family's own files on /payments (issue 32 points 2 and 3): the signed waiver's PDF of a membership
 * (GET /api/memberships/{id}/waiver.pdf) and a document they uploaded (GET /api/documents/{id}/file). Both carry the
 * user's token, so a plain link cannot fetch them: the file is fetched here and handed to the browser to save under
 * the server's name (./download.ts). The server answers 404 to anyone outside the household.
 */
import { bearerToken } from './client';
import { type DownloadedFile, fetchAttachment } from './download';

/** Which file: a membership's signed waiver, or an uploaded document. */
export type FamilyFileRef = { kind: 'waiver'; membershipId: number } | { kind: 'document'; documentId: number };

function pathOf(file: FamilyFileRef): string {
  return file.kind === 'waiver'
    ? `/api/memberships/${file.membershipId}/waiver.pdf`
    : `/api/documents/${file.documentId}/file`;
}

function fallbackName(file: FamilyFileRef): string {
  return file.kind === 'waiver' ? `waiver-${file.membershipId}.pdf` : `document-${file.documentId}`;
}

export function fetchFamilyFile(
  file: FamilyFileRef,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  return fetchAttachment(pathOf(file), {
    token: bearerToken('user'),
    fallback: fallbackName(file),
    signal: options.signal,
  });
}

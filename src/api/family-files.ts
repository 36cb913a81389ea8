/**
 * The family's own files on /payments (issue 32 points 2 and 3): the signed waiver's PDF of a membership
 * (GET /api/memberships/{id}/waiver.pdf) and a document they uploaded (GET /api/documents/{id}/file). Both carry the
 * user's token, so a plain link cannot fetch them: the file is fetched here and handed to the browser to save under
 * the server's name (Content-Disposition). The server answers 404 to anyone outside the household.
 */
import { currentLocale } from '../i18n/runtime';
import { apiUrl, bearerToken, http } from './client';
import { toApiError } from './errors';
import { beginRequest } from './loading';

export interface FamilyDownload {
  filename: string;
  blob: Blob;
}

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

/** The server's file name from `Content-Disposition`, else `fallback`. */
export function downloadName(disposition: string | null, fallback: string): string {
  const match = disposition === null ? null : /filename="([^"/\\]+)"/.exec(disposition);
  return match?.[1] ?? fallback;
}

export async function fetchFamilyFile(
  file: FamilyFileRef,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<FamilyDownload> {
  const token = bearerToken('user');
  const endRequest = beginRequest();
  try {
    const response = await http(apiUrl(pathOf(file)), {
      headers: {
        'Accept-Language': currentLocale(),
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return {
      filename: downloadName(response.headers.get('Content-Disposition'), fallbackName(file)),
      blob: await response.blob(),
    };
  } catch (error) {
    throw await toApiError(error);
  } finally {
    endRequest();
  }
}

/** Hands a fetched file to the browser to save, the way it saves an attachment. */
export function saveDownload(file: FamilyDownload): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The signed waiver's PDF in the console (issue 32 point 3): GET /api/admin/memberships/{id}/waiver.pdf carries the
 * staff token like every console call, so a plain link cannot fetch it: the file is fetched here and handed to the
 * browser to save under the server's name (as the CSV exports are, api/admin-exports.ts).
 */
import { currentLocale } from '../i18n/runtime';
import { getStaffToken } from '../session/staff';
import { attachmentName, type DownloadedFile } from './admin-exports';
import { apiUrl, http } from './client';
import { toApiError } from './errors';
import { beginRequest } from './loading';

export async function fetchSignedWaiver(
  membershipId: number,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  const token = getStaffToken();
  const endRequest = beginRequest();
  try {
    const response = await http(apiUrl(`/api/admin/memberships/${membershipId}/waiver.pdf`), {
      headers: {
        Accept: 'application/pdf',
        'Accept-Language': currentLocale(),
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const filename = attachmentName(response.headers.get('Content-Disposition'), `waiver-${membershipId}.pdf`);
    return { filename, blob: await response.blob() };
  } catch (error) {
    throw await toApiError(error);
  } finally {
    endRequest();
  }
}

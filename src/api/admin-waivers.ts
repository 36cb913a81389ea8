/**
 * The signed waiver's PDF in the console (issue 32 point 3): GET /api/admin/memberships/{id}/waiver.pdf carries the
 * staff token like every console call, so a plain link cannot fetch it: the file is fetched and handed to the
 * browser to save under the server's name (./download.ts, as the CSV exports are).
 */
import { getStaffToken } from '../session/staff';
import { type DownloadedFile, fetchAttachment } from './download';

export function fetchSignedWaiver(
  membershipId: number,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  return fetchAttachment(`/api/admin/memberships/${membershipId}/waiver.pdf`, {
    token: getStaffToken(),
    accept: 'application/pdf',
    fallback: `waiver-${membershipId}.pdf`,
    signal: options.signal,
  });
}

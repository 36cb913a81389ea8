/**
 * The console's CSV exports (issue 22 point 5): GET /api/admin/teams/{team_id}/memberships.csv and payments.csv
 * carry the staff token like every console call, so a plain link cannot fetch them: the file is fetched here and
 * handed to the browser to save under the server's name (Content-Disposition).
 */
import { getStaffToken } from '../session/staff';
import { type DownloadedFile, fetchAttachment } from './download';

export type TeamExport = 'memberships' | 'payments';

export function fetchTeamExport(
  teamId: number,
  kind: TeamExport,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  return fetchAdminCsv(`/api/admin/teams/${teamId}/${kind}.csv`, `team-${teamId}-${kind}.csv`, options);
}

/** A console CSV export at `path` (with the staff token), named as the server says, else `fallback`. */
export function fetchAdminCsv(
  path: string,
  fallback: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  return fetchAttachment(path, { token: getStaffToken(), accept: 'text/csv', fallback, signal: options.signal });
}

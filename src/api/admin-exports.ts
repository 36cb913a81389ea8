/**
 * The console's CSV exports (issue 22 point 5): GET /api/admin/teams/{team_id}/memberships.csv and payments.csv
 * carry the staff token like every console call, so a plain link cannot fetch them: the file is fetched here and
 * handed to the browser to save under the server's name (Content-Disposition).
 */
import { currentLocale } from '../i18n/runtime';
import { getStaffToken } from '../session/staff';
import { apiUrl, http } from './client';
import { toApiError } from './errors';
import { beginRequest } from './loading';

export type TeamExport = 'memberships' | 'payments';

export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/** The file name of `attachment; filename="12U-Tigers-roster-2026-11-27.csv"`, else a plain one. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition === null ? null : /filename="([^"]+)"/.exec(disposition);
  return match?.[1] ?? fallback;
}

export function fetchTeamExport(
  teamId: number,
  kind: TeamExport,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  return fetchAdminCsv(`/api/admin/teams/${teamId}/${kind}.csv`, `team-${teamId}-${kind}.csv`, options);
}

/** A console CSV export at `path` (with the staff token), named as the server says, else `fallback`. */
export async function fetchAdminCsv(
  path: string,
  fallback: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<DownloadedFile> {
  const token = getStaffToken();
  const endRequest = beginRequest();
  try {
    const response = await http(apiUrl(path), {
      // In the console's language, like every call (issue 31: the roster's plans are named in it).
      headers: {
        Accept: 'text/csv',
        'Accept-Language': currentLocale(),
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const filename = attachmentName(response.headers.get('Content-Disposition'), fallback);
    return { filename, blob: await response.blob() };
  } catch (error) {
    throw await toApiError(error);
  } finally {
    endRequest();
  }
}

/** Hands a fetched file to the browser, which saves it (the download bar), under its name. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the URL by the time the click returns; free it a little later for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

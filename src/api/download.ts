/**
 * Files the API answers as attachments (the console's CSV exports and signed waivers, a family's own files, a
 * document in the verification queue). Each call carries a token, so a plain link cannot fetch them: the file is
 * fetched here and handed to the browser to save under the server's name (Content-Disposition).
 */
import { currentLocale } from '../i18n/runtime';
import { apiUrl, http } from './client';
import { toApiError } from './errors';
import { beginRequest } from './loading';

export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/** The file name of `attachment; filename="12U-Tigers-roster-2026-11-27.csv"` (never a path), else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition === null ? null : /filename="([^"/\\]+)"/.exec(disposition);
  return match?.[1] ?? fallback;
}

export interface AttachmentRequest {
  /** The caller's bearer token (staff or user), or null. */
  token: string | null;
  /** The name to save under when the server gives none. */
  fallback: string;
  /** The Accept header (the type the call answers), if it says one. */
  accept?: string;
  signal?: AbortSignal | undefined;
}

/** GETs the attachment at `path` with the token, in the language in use (the CSVs name plans in it). */
export async function fetchAttachment(path: string, request: AttachmentRequest): Promise<DownloadedFile> {
  const endRequest = beginRequest();
  try {
    const response = await http(apiUrl(path), {
      headers: {
        ...(request.accept === undefined ? {} : { Accept: request.accept }),
        'Accept-Language': currentLocale(),
        ...(request.token === null ? {} : { Authorization: `Bearer ${request.token}` }),
      },
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const filename = attachmentName(response.headers.get('Content-Disposition'), request.fallback);
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
  // The browser has read the URL by the time the click returns; free it a good while later for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The saved registration progress (issue 21 points 1, 2; docs/api.md "Registration progress"), sent with the
 * logged-in guardian's token (`auth: 'user'`, never an athlete's): save, read (one licence, or the latest) and
 * 'Start over'. src/session/progress.ts decides when to save and what; this module only speaks to the server.
 */
import { apiUrl, bearerToken, type CallOptions, requestJson, requestText } from './client';
import {
  type ProgressSave,
  progressAnswerSchema,
  type RegistrationProgress,
  savedProgressSchema,
} from './registration-progress.schemas';

export type { ProgressSave, RegistrationProgress };

const PATH = '/api/registrations/progress';

function withLicence(license: string | null): string {
  return license === null ? PATH : `${PATH}?${new URLSearchParams({ license })}`;
}

/** PUT: saves (or replaces) the account's progress for the licence; answers the row as the server keeps it. */
export async function saveProgress(body: ProgressSave, options?: CallOptions): Promise<RegistrationProgress> {
  const answer = await requestJson(PATH, savedProgressSchema, { method: 'put', json: body, auth: 'user', ...options });
  return answer.progress;
}

/**
 * The same PUT for a page being hidden (pagehide): `keepalive` lets it outlive the page, so no answer is read and
 * nothing goes through the loading overlay. Failures are dropped: the debounced save before it is the one relied on.
 */
export function saveProgressOnLeave(body: ProgressSave): void {
  const token = bearerToken('user');
  if (token === null || typeof fetch !== 'function') return;
  void fetch(apiUrl(PATH), {
    method: 'PUT',
    keepalive: true,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'website',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/** GET: the account's progress for the licence, or (license null) its most recently updated one; null when none. */
export async function getProgress(license: string | null, options?: CallOptions): Promise<RegistrationProgress | null> {
  const answer = await requestJson(withLicence(license), progressAnswerSchema, { auth: 'user', ...options });
  return answer.progress;
}

/** DELETE ('Start over'): 204 whether or not a row existed. */
export async function deleteProgress(license: string, options?: CallOptions): Promise<void> {
  await requestText(withLicence(license), { method: 'delete', auth: 'user', ...options });
}

/**
 * Where this tab keeps a saved registration (issue 21): sessionStorage keys, beside nothing else so the pages can
 * check for a local copy without loading src/session/progress.ts (which they load lazily, only when it is needed).
 */
import { STORAGE_PREFIX } from './storage';

/** This tab's copy of the flow's saved progress (a reload resumes from it without asking). */
export const LOCAL_PROGRESS_KEY = `${STORAGE_PREFIX}progress`;

/** Register step 1's typed fields (never the passwords) before the account exists. */
export const GUARDIAN_DRAFT_KEY = `${STORAGE_PREFIX}guardianDraft`;

/** Whether this tab holds a copy of a saved registration. */
export function hasLocalProgress(): boolean {
  try {
    return typeof window !== 'undefined' && window.sessionStorage.getItem(LOCAL_PROGRESS_KEY) !== null;
  } catch {
    return false;
  }
}

/** Forgets this tab's copy (a completed payment). */
export function removeLocalProgress(): void {
  try {
    if (typeof window !== 'undefined') window.sessionStorage.removeItem(LOCAL_PROGRESS_KEY);
  } catch {
    // Nothing stored is what was wanted.
  }
}

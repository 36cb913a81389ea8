/**
 * Issue 21: what restoring a saved registration needs (src/session/progress-restore.ts, the quiet notice of one that
 * no longer fits, 'Start over' of it on the server), in a chunk only a tab holding a copy of a saved registration
 * loads (src/routes/use-progress.ts): a reload, or 'Continue where you left off' just chosen. A first visit in a
 * fresh tab never fetches it (npm run bench: RESTORING).
 */
export { deleteProgress } from '../api/registration-progress';
export { machineVersion } from '../session/progress';
export { resumeOutcome } from '../session/progress-restore';
export { ResumeDiscardedNotice } from '../views/resume/resume-notice';

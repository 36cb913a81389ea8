/**
 * Issue 21: everything saving and resuming needs, in one chunk the pages load lazily (src/routes/use-progress.ts):
 * only a logged-in person's flow saves, and only a tab that saved has a copy to resume, so a first, logged-out visit
 * to /login or /register never fetches it (npm run bench).
 */
export { deleteProgress, getProgress, saveProgress, saveProgressOnLeave } from '../api/registration-progress';
export { createProgressSaver, forgetLocalProgress, machineVersion, resumeOutcome } from '../session/progress';

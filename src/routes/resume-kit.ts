/**
 * Issue 21: what saving a flow's progress needs, in a chunk the pages load lazily (src/routes/use-progress.ts): only a
 * logged-in person's flow saves, so a first, logged-out visit to /login or /register never fetches it (npm run bench).
 * Restoring is another chunk (./resume-restore.ts), fetched only by a tab holding a copy.
 */
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { deleteProgress, saveProgress, saveProgressOnLeave } from '../api/registration-progress';
import { getCurrentUser } from '../session/current-user';
import {
  createProgressSaver,
  type FlowProgress,
  machineVersion,
  type ProgressSaver,
  type ResumePoint,
} from '../session/progress';
import { removeLocalProgress } from '../session/progress-keys';

/** The root's look-up of the latest saved registration (src/routes/entry.route.ts), for a logged-in guardian only. */
export { getProgress } from '../api/registration-progress';

export interface ProgressSavingOptions {
  /**
   * What the flow saves, declared beside its machine (src/machines/<flow>.persist.ts): its steps and how they are
   * read, its version's machines, and when it is complete (a payment made: the server cleared its row, the site its
   * copy).
   */
  progress: FlowProgress<ResumePoint, unknown>;
  /** False while 'Continue where you left off' is offered: the row offered must not be overwritten meanwhile. */
  enabled?: boolean;
}

/**
 * Saves the flow's progress from now on (the current snapshot first): debounced, flushed on pagehide with keepalive;
 * a completed flow drops the pending save and this tab's copy. `machines`: the version's (progress.loadVersionOf()).
 * Returns the stop (unmount: sends what is pending).
 */
export function saveProgressOf(
  actorRef: AnyActorRef,
  progress: FlowProgress<ResumePoint, unknown>,
  machines: readonly AnyStateMachine[],
): () => void {
  let saver: ProgressSaver | null = null;
  const onSnapshot = (snapshot: { status: string; value: unknown }) => {
    if (progress.completed(snapshot)) {
      saver?.clear();
      removeLocalProgress();
      return;
    }
    if (getCurrentUser() === null) return;
    saver ??= createProgressSaver(progress, machineVersion(...machines), {
      save: saveProgress,
      saveOnLeave: saveProgressOnLeave,
      hasAccount: () => getCurrentUser() !== null,
      discard: (license) => deleteProgress(license),
    });
    saver.update(actorRef.getPersistedSnapshot());
  };
  onSnapshot(actorRef.getSnapshot());
  const subscription = actorRef.subscribe(onSnapshot);
  const onPageHide = () => saver?.flush(true);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    subscription.unsubscribe();
    window.removeEventListener('pagehide', onPageHide);
    saver?.stop();
  };
}

/**
 * The React side of src/session/progress.ts: the one hook every resumable flow's page runs (register, login, payment;
 * issue 21 point 1). It saves the flow's progress as it moves (debounced, flushed on pagehide with keepalive and
 * when the page goes), and drops the local copy once the flow says it is complete.
 */
import { useEffect, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { deleteProgress, saveProgress, saveProgressOnLeave } from '../api/registration-progress';
import { getCurrentUser } from '../session/current-user';
import {
  createProgressSaver,
  forgetLocalProgress,
  type ProgressFlow,
  type ResumeOutcome,
  resumeOutcome,
} from '../session/progress';

export interface ProgressSavingOptions {
  flow: ProgressFlow;
  version: string;
  /** False while 'Continue where you left off' is offered: the row offered must not be overwritten meanwhile. */
  enabled?: boolean;
  /** Whether a snapshot is the flow completed (a payment made): the server cleared its row, the site its copy. */
  completed?: (snapshot: ReturnType<AnyActorRef['getSnapshot']>) => boolean;
}

export function useProgressSaving(
  actorRef: AnyActorRef,
  { flow, version, enabled = true, completed }: ProgressSavingOptions,
): void {
  useEffect(() => {
    if (!enabled) return;
    const saver = createProgressSaver(flow, version, {
      save: saveProgress,
      saveOnLeave: saveProgressOnLeave,
      hasAccount: () => getCurrentUser() !== null,
    });
    const onSnapshot = (snapshot: ReturnType<AnyActorRef['getSnapshot']>) => {
      if (completed?.(snapshot) === true) saver.clear();
      else saver.update(actorRef.getPersistedSnapshot());
    };
    onSnapshot(actorRef.getSnapshot());
    const subscription = actorRef.subscribe(onSnapshot);
    const onPageHide = () => saver.flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      saver.stop();
    };
  }, [actorRef, flow, version, enabled, completed]);
}

/**
 * What a flow's page opens with (read once): the resume point of this tab's local copy, or a discarded one (the
 * page shows the quiet notice), or none.
 */
export function useResumeOutcome<TFlow extends ProgressFlow>(
  flow: TFlow,
  machine: AnyStateMachine,
  version: string,
  license: string | null,
): ResumeOutcome<TFlow> {
  const [outcome] = useState(() => resumeOutcome(flow, machine, version, license));
  useEffect(() => {
    // A saved registration that no longer fits is discarded everywhere, so it is not offered again.
    if (outcome.kind === 'discarded' && getCurrentUser() !== null) void deleteProgress(outcome.license).catch(() => {});
  }, [outcome]);
  return outcome;
}

export { forgetLocalProgress };

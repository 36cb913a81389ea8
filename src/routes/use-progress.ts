/**
 * The React side of src/session/progress.ts: the hooks every resumable flow's page runs (register, login, payment;
 * issue 21 point 1). Saving and restoring live in a lazily loaded chunk (./resume-kit.ts), fetched once someone is
 * logged in (saving) or the tab holds a copy of a saved registration (restoring).
 */
import { use, useEffect, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { getCurrentUser } from '../session/current-user';
import type { ProgressFlow, ResumeOutcome } from '../session/progress';
import { hasLocalProgress, removeLocalProgress } from '../session/progress-keys';

type ResumeKit = typeof import('./resume-kit');

let kit: Promise<ResumeKit> | null = null;

/** The saving and resuming chunk, fetched once. */
export function loadResumeKit(): Promise<ResumeKit> {
  kit ??= import('./resume-kit');
  return kit;
}

export interface ProgressSavingOptions {
  flow: ProgressFlow;
  /** The flow's machine and the child machines its snapshot carries: their state ids are the saved version. */
  versionOf: readonly AnyStateMachine[];
  /** False while 'Continue where you left off' is offered: the row offered must not be overwritten meanwhile. */
  enabled?: boolean;
  /** Whether a snapshot is the flow completed (a payment made): the server cleared its row, the site its copy. */
  completed?: (snapshot: { status: string; value: unknown }) => boolean;
}

/**
 * Saves the flow's progress as it moves, once the guardian has an account (debounced, flushed on pagehide with
 * keepalive and when the page goes), and drops this tab's copy once the flow is complete.
 */
export function useProgressSaving(
  actorRef: AnyActorRef,
  { flow, versionOf, enabled = true, completed }: ProgressSavingOptions,
): void {
  useEffect(() => {
    if (!enabled) return;
    let saver: ReturnType<ResumeKit['createProgressSaver']> | null = null;
    let stopped = false;
    const onSnapshot = (snapshot: { status: string; value: unknown }) => {
      if (completed?.(snapshot) === true) {
        saver?.clear();
        removeLocalProgress();
        return;
      }
      // Before an account exists nothing is saved (register step 1 keeps its fields in src/session/guardian-draft.ts).
      if (getCurrentUser() === null) return;
      if (saver !== null) {
        saver.update(actorRef.getPersistedSnapshot());
        return;
      }
      void loadResumeKit().then((loaded) => {
        if (stopped || saver !== null) return;
        saver = loaded.createProgressSaver(flow, loaded.machineVersion(...versionOf), {
          save: loaded.saveProgress,
          saveOnLeave: loaded.saveProgressOnLeave,
          hasAccount: () => getCurrentUser() !== null,
        });
        saver.update(actorRef.getPersistedSnapshot());
      });
    };
    onSnapshot(actorRef.getSnapshot());
    const subscription = actorRef.subscribe(onSnapshot);
    const onPageHide = () => saver?.flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      saver?.stop();
    };
  }, [actorRef, flow, versionOf, enabled, completed]);
}

const NONE = { kind: 'none' } as const;

/**
 * What a flow's page opens with (read once): the resume point of this tab's copy of the saved registration (a reload,
 * or 'Continue where you left off' just chosen), a discarded one (the page shows the quiet notice; the server's row
 * is deleted too), or none. Suspends while the resume chunk loads, only when the tab holds a copy: the page renders
 * it inside a Suspense boundary.
 */
export function useResumeOutcome<TFlow extends ProgressFlow>(
  flow: TFlow,
  machine: AnyStateMachine,
  versionOf: readonly AnyStateMachine[],
  license: string | null,
): ResumeOutcome<TFlow> {
  const [held] = useState(hasLocalProgress);
  const loaded = held ? use(loadResumeKit()) : null;
  const [outcome] = useState<ResumeOutcome<TFlow>>(() =>
    loaded === null ? NONE : loaded.resumeOutcome(flow, machine, loaded.machineVersion(...versionOf), license),
  );
  useEffect(() => {
    if (outcome.kind !== 'discarded' || loaded === null || getCurrentUser() === null) return;
    // A saved registration that no longer fits is discarded everywhere, so it is not offered again.
    void loaded.deleteProgress(outcome.license).catch(() => {});
  }, [outcome, loaded]);
  return outcome;
}

/**
 * The React side of src/session/progress.ts: the hooks every resumable flow's page runs (register, login, payment;
 * issue 21 point 1). Only this stub is loaded with the page: saving lives in a lazily loaded chunk (./resume-kit.ts),
 * fetched once there is something to do (someone is logged in, or a flow completed while the tab holds a copy, which
 * is cleared), and restoring in another (./resume-restore.ts), fetched only when the tab holds a copy of a saved
 * registration.
 */
import { createElement, use, useEffect, useState } from 'react';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { loadGroups } from '../i18n/runtime';
import { getCurrentUser } from '../session/current-user';
import type { FlowProgress, ResumePoint } from '../session/progress-declaration';
import { hasLocalProgress } from '../session/progress-keys';
import type { ResumeOutcome } from '../session/progress-restore';
import type { ProgressSavingOptions } from './resume-kit';

export type { ProgressSavingOptions };

let kit: Promise<typeof import('./resume-kit')> | null = null;
let restoreKit: Promise<typeof import('./resume-restore')> | null = null;
/** Per flow: the restoring chunk and the machines of its version (with their lazily loaded children). */
const restoring = new Map<Pick<FlowProgress, 'loadVersionOf'>, Promise<RestoreKit>>();

interface RestoreKit {
  loaded: typeof import('./resume-restore');
  machines: readonly AnyStateMachine[];
}

/** The saving chunk, fetched once. */
function loadResumeKit() {
  kit ??= import('./resume-kit');
  return kit;
}

/**
 * The restoring chunk, fetched once (the same promise every time, so `use` suspends only the first time), with the
 * `resume` texts its discarded-registration notice shows, in the language in use.
 */
function loadRestoreKit() {
  restoreKit ??= Promise.all([import('./resume-restore'), loadGroups(['resume'])]).then(([loaded]) => loaded);
  return restoreKit;
}

/**
 * The restoring chunk with the machines of the flow's version, fetched once per flow (the same promise every time):
 * a saved snapshot carrying a child whose code loads lazily (login's and register's athlete steps) is checked once
 * that code is there. A failed load is not kept (a reload tries again); meanwhile the page opens without resuming.
 */
function loadRestoring(progress: Pick<FlowProgress, 'loadVersionOf'>): Promise<RestoreKit> {
  let found = restoring.get(progress);
  if (found === undefined) {
    found = Promise.all([loadRestoreKit(), progress.loadVersionOf()]).then(([loaded, machines]) => ({
      loaded,
      machines,
    }));
    restoring.set(progress, found);
    found.catch(() => restoring.delete(progress));
  }
  return found;
}

/**
 * Saves the flow's progress as it moves, once the guardian has an account (debounced, flushed on pagehide with
 * keepalive and when the page goes), and drops this tab's copy once the flow is complete (resume-kit.ts
 * `saveProgressOf`). Until there is something to save or clear, nothing but this subscription runs.
 */
export function useProgressSaving(actorRef: AnyActorRef, options: ProgressSavingOptions): void {
  const { progress, enabled = true } = options;
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    const wake = (snapshot: { status: string; value: unknown }) => {
      // Before an account exists nothing is saved (register step 1 keeps its fields in src/session/guardian-draft.ts).
      if (getCurrentUser() === null && !(progress.completed(snapshot) && hasLocalProgress())) return;
      subscription.unsubscribe();
      // The version covers children whose code loads lazily (login's and register's athlete steps).
      void Promise.all([loadResumeKit(), progress.loadVersionOf()]).then(([loaded, machines]) => {
        if (!stopped) stop = loaded.saveProgressOf(actorRef, progress, machines);
      });
    };
    const subscription = actorRef.subscribe(wake);
    wake(actorRef.getSnapshot());
    return () => {
      stopped = true;
      subscription.unsubscribe();
      stop?.();
    };
  }, [actorRef, progress, enabled]);
}

const NONE = { kind: 'none' } as const;

/**
 * What a flow's page opens with (read once): the resume point of this tab's copy of the saved registration (a reload,
 * or 'Continue where you left off' just chosen) with the input the flow's declaration makes of it, a discarded one
 * (the page shows the quiet notice; the server's row is deleted too), or none. Suspends while the resume chunk loads,
 * only when the tab holds a copy: the page renders it inside a Suspense boundary.
 */
export function useResumeOutcome<TPoint extends ResumePoint, TInput>(
  progress: FlowProgress<TPoint, TInput>,
  machine: AnyStateMachine,
  license: string | null,
): ResumeOutcome<TPoint, TInput> {
  const [held] = useState(hasLocalProgress);
  const restore = held ? use(loadRestoring(progress)) : null;
  const loaded = restore?.loaded ?? null;
  const [outcome] = useState<ResumeOutcome<TPoint, TInput>>(() =>
    restore === null
      ? NONE
      : restore.loaded.resumeOutcome(progress, machine, restore.loaded.machineVersion(...restore.machines), license),
  );
  useEffect(() => {
    if (outcome.kind !== 'discarded' || loaded === null || getCurrentUser() === null) return;
    // A saved registration that no longer fits is discarded everywhere, so it is not offered again.
    void loaded.deleteProgress(outcome.license).catch(() => {});
  }, [outcome, loaded]);
  return outcome;
}

/** The input a resumed flow starts with (its declaration's), or nothing to add. */
export function resumedInput<TInput>(outcome: ResumeOutcome<ResumePoint, TInput>): TInput | Record<never, never> {
  return outcome.kind === 'resume' ? outcome.input : {};
}

/**
 * The quiet notice of a saved registration that no longer fits its flow. Rendered only for a `discarded` outcome,
 * which only the loaded restoring chunk gives, so its text and view come from that chunk without suspending again.
 */
export function ResumeDiscardedNotice() {
  return createElement(use(loadRestoreKit()).ResumeDiscardedNotice);
}

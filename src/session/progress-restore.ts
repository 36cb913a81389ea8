/**
 * Restoring a saved registration (issue 21 point 1; the saving side and what is saved: ./progress.ts): whether this
 * tab's copy still fits the flow's machine, and the resume point it opens at. Its own module so that only a tab
 * holding a copy loads it (src/routes/resume-restore.ts); a flow that only saves never does.
 */
import { type AnyStateMachine, createActor, type Snapshot } from 'xstate';
import { z } from 'zod/mini';
import { plainObject } from '../domain/wire';
import { type FlowProgress, forgetLocalProgress, type ResumePoint, type SavedProgress, session } from './progress';
import { LOCAL_PROGRESS_KEY } from './progress-keys';

function isRestorable(snapshot: Record<string, unknown>): snapshot is Record<string, unknown> & Snapshot<unknown> {
  return snapshot.status === 'active' && 'value' in snapshot && 'context' in snapshot;
}

/**
 * Whether a saved snapshot still fits the machine: the same version, and XState restores it (every state it names
 * exists, its children restore) without error. The actor is only built, never started: nothing is called.
 */
export function fitsMachine(machine: AnyStateMachine, version: string, saved: SavedProgress): boolean {
  if (saved.machine_version !== version || !isRestorable(saved.snapshot)) return false;
  try {
    return createActor(machine, { snapshot: saved.snapshot }).getSnapshot().status === 'active';
  } catch {
    return false;
  }
}

/** What a flow's page opens with: resuming at a point (with the input its declaration makes of it), or not. */
export type ResumeOutcome<TPoint extends ResumePoint = ResumePoint, TInput = unknown> =
  | { kind: 'none' }
  | { kind: 'resume'; point: TPoint; input: TInput }
  | { kind: 'discarded'; license: string };

/**
 * What a flow's page opens with: the resume point of this tab's local copy for that flow (a reload, or 'Continue
 * where you left off' just chosen), read by the flow's declaration (src/machines/<flow>.persist.ts), `discarded`
 * when the copy no longer fits the machine or no reader of the declaration knows it (the page shows
 * RESUME_DISCARDED_NOTICE and forgets it), or none.
 */
export function resumeOutcome<TPoint extends ResumePoint, TInput>(
  progress: FlowProgress<TPoint, TInput>,
  machine: AnyStateMachine,
  version: string,
  license: string | null,
): ResumeOutcome<TPoint, TInput> {
  const saved = readLocalProgress();
  if (saved === null || saved.flow !== progress.flow || (license !== null && saved.license !== license)) {
    return { kind: 'none' };
  }
  const point = progress.pointOf(saved.snapshot);
  if (!fitsMachine(machine, version, saved) || point === null || point.license !== saved.license) {
    forgetLocalProgress();
    return { kind: 'discarded', license: saved.license };
  }
  return { kind: 'resume', point, input: progress.inputOf(point) };
}

// This tab's local copy, as a reload finds it (written by ./progress.ts `writeLocalProgress`).

const savedProgressSchema = z.object({
  license: z.string().check(z.minLength(1)),
  flow: z.enum(['register', 'login', 'payment']),
  machine_version: z.string(),
  step: z.string(),
  snapshot: plainObject,
});

export function readLocalProgress(): SavedProgress | null {
  try {
    const text = session()?.getItem(LOCAL_PROGRESS_KEY) ?? null;
    if (text === null) return null;
    return savedProgressSchema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}

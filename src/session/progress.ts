/**
 * Saving and resuming a registration (issue 21 points 1, 2, 5; docs/architecture.md "Resuming a registration").
 *
 * What is saved: a flow's XState persisted snapshot (`actor.getPersistedSnapshot()`), stripped of every password,
 * token, card, billing and provider-secret field (`stripSecrets`, the one list of src/domain/secret-keys.ts), with
 * the licence, the flow, the machine version (`machineVersion`: a hash of the machine's state ids, so a changed
 * machine discards old snapshots), a step key and the athlete. Which steps are saved, and how a snapshot's step and
 * choices are read, each flow declares beside its machine (src/machines/<flow>.persist.ts, a `FlowProgress` built
 * with ./progress-declaration.ts); this module is given the declaration and knows no machine's states or fields. It
 * goes to the server (PUT /api/registrations/progress, debounced) once the guardian has an account, and into this
 * tab's sessionStorage as the "local copy" a reload resumes from without asking.
 *
 * How a flow resumes (./progress-restore.ts, loaded only by a tab holding a copy): never by trusting the saved
 * screen. `resumeOutcome` checks that the snapshot still fits the machine (same version, `createActor(machine, {
 * snapshot })` restores it without error), then reads the step and the choices (athlete, plan, protection, discount
 * code) from it by the flow's declaration; the page starts its machine with the input the declaration makes of them,
 * so every server answer is asked again on the way (the discount looked up again, the membership's status checked
 * again) and the flow goes where the spec sends it. A snapshot that does not fit is discarded with a quiet notice
 * (src/views/resume/resume-texts.ts).
 *
 * No React, no API and no machine imported here (the flows' pages give their machine): the hook the pages run is
 * src/routes/use-progress.ts.
 */
import type { AnyStateMachine } from 'xstate';
import { isSecretKey } from '../domain/secret-keys';
import { plainObject } from '../domain/wire';
import type { FlowProgress, ProgressFlow, ResumePoint } from './progress-declaration';
import { LOCAL_PROGRESS_KEY, removeLocalProgress } from './progress-keys';

export type { FlowProgress, ProgressFlow, ResumePoint };

/** PUT /api/registrations/progress: what the site saves (the snapshot already stripped of secrets). */
export interface ProgressSave {
  license: string;
  flow: ProgressFlow;
  machine_version: string;
  step: string;
  athlete_id: number | null;
  snapshot: Record<string, unknown>;
}

/** How long a flow stays still before its progress is sent (a pagehide sends at once). */
export const PROGRESS_DEBOUNCE_MS = 800;

/** Keys never saved, at any depth: one list with the server's refusal (src/domain/secret-keys.ts). */
export { isSecretKey };

/**
 * A JSON copy of `value` without secret keys (at any depth), functions, symbols or class instances other than
 * arrays and plain objects (a card form handle, a provider client): what a snapshot may carry to the server.
 */
export function stripSecrets(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => stripSecrets(item) ?? null);
  if (typeof value !== 'object') return undefined;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretKey(key)) continue;
    const stripped = stripSecrets(item);
    if (stripped !== undefined) copy[key] = stripped;
  }
  return copy;
}

/** The persisted snapshot of an actor, stripped, as the object the server stores. */
export function savableSnapshot(persisted: unknown): Record<string, unknown> {
  const stripped = stripSecrets(persisted);
  return plainObject.safeParse(stripped).data ?? {};
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell two machine shapes apart (not a security hash). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

interface StateNodeLike {
  id: string;
  states: Record<string, StateNodeLike>;
}

function stateIds(node: StateNodeLike, into: string[]): string[] {
  into.push(node.id);
  for (const child of Object.values(node.states)) stateIds(child, into);
  return into;
}

/**
 * The version a snapshot is saved with: a hash of every state id of the machine (and of the child machines whose
 * snapshots it carries). Adding, removing or renaming a state changes it, and an older snapshot is discarded.
 */
export function machineVersion(...machines: readonly AnyStateMachine[]): string {
  const ids = machines.flatMap((machine) => stateIds(machine.root, []));
  return `m1-${fnv1a(ids.join('|'))}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Step keys and resume points: each flow declares how they are read from a snapshot (src/machines/<flow>.persist.ts);
// this module only asks its declaration. Every read is validated: a saved snapshot is data from elsewhere.

/**
 * Where a snapshot of the flow is, as its declaration reads it; null while the flow is not at a step worth saving
 * (loading, logging in, before the account exists, a family checkout, or finished).
 */
export function resumePointFrom<TPoint extends ResumePoint>(
  progress: FlowProgress<TPoint, unknown>,
  snapshot: unknown,
): TPoint | null {
  return progress.pointOf(snapshot);
}

export function stepKeyOf(point: ResumePoint): string {
  return `${point.flow}.${point.step}`;
}

/** The PUT body for a snapshot at a resume point. */
export function progressSave(point: ResumePoint, version: string, snapshot: Record<string, unknown>): ProgressSave {
  return {
    license: point.license,
    flow: point.flow,
    machine_version: version,
    step: stepKeyOf(point),
    athlete_id: point.athleteId,
    snapshot,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// What is kept of a saved registration (restoring it: ./progress-restore.ts).

/** A saved registration as the site keeps it: the server's row, or this tab's local copy. */
export type SavedProgress = Pick<ProgressSave, 'license' | 'flow' | 'machine_version' | 'step' | 'snapshot'>;

// ---------------------------------------------------------------------------------------------------------------
// This tab's local copy (sessionStorage): a reload resumes from it without asking; gone with the tab.

/** This tab's sessionStorage, or null where there is none (or it is refused). */
export function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function writeLocalProgress(saved: SavedProgress): void {
  try {
    session()?.setItem(LOCAL_PROGRESS_KEY, JSON.stringify(saved));
  } catch {
    // A full or refused storage loses the reload's resume, nothing else.
  }
}

/** Forgets this tab's copy (one home: ./progress-keys.ts, which the pages read without loading this module). */
export const forgetLocalProgress = removeLocalProgress;

// ---------------------------------------------------------------------------------------------------------------
// The debounced saver a flow's page runs (through use-progress.ts).

export interface ProgressSaverDeps {
  save: (body: ProgressSave) => Promise<unknown>;
  saveOnLeave: (body: ProgressSave) => void;
  /** Whether the guardian has an account on this device (a stored user): before that nothing goes to the server. */
  hasAccount: () => boolean;
  /**
   * Deletes the account's saved row of a licence ('Start over''s call). A completed flow that had been saved calls it
   * once its saves have settled: a save sent just before the payment was recorded can reach the server after the
   * recording cleared the row, and would otherwise bring it back.
   */
  discard?: (license: string) => Promise<unknown>;
  delayMs?: number;
}

export interface ProgressSaver {
  /** A new snapshot of the flow: kept locally at once, sent once the flow stays still for the debounce delay. */
  update: (persisted: unknown) => void;
  /** Sends a pending save now (`leaving`: with keepalive, for pagehide). */
  flush: (leaving?: boolean) => void;
  /**
   * Drops the pending save and the local copy (a completed payment: the server cleared its row), and once the saves
   * sent have settled, discards the row they may have brought back.
   */
  clear: () => void;
  /** Stops the timer (unmount), sending what is pending. */
  stop: () => void;
}

export function createProgressSaver(
  progress: FlowProgress<ResumePoint, unknown>,
  version: string,
  deps: ProgressSaverDeps,
): ProgressSaver {
  const { flow } = progress;
  let pending: ProgressSave | null = null;
  let lastSentKey: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The licence of the saves sent to the server, and when they have all settled. */
  let sentLicense: string | null = null;
  let sent: Promise<unknown> = Promise.resolve();

  function cancelTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function flush(leaving = false): void {
    cancelTimer();
    const body = pending;
    pending = null;
    if (body === null || !deps.hasAccount()) return;
    const key = JSON.stringify(body);
    if (key === lastSentKey) return;
    lastSentKey = key;
    sentLicense = body.license;
    if (leaving) {
      deps.saveOnLeave(body);
      return;
    }
    // A failed save is retried by the next change; progress is a convenience, never a reason to stop the flow.
    const saving = deps.save(body).catch(() => {
      lastSentKey = null;
    });
    sent = Promise.all([sent, saving]);
  }

  return {
    update(persisted) {
      const point = progress.pointOf(persisted);
      if (point === null) return;
      const snapshot = savableSnapshot(persisted);
      writeLocalProgress({ license: point.license, flow, machine_version: version, step: stepKeyOf(point), snapshot });
      pending = progressSave(point, version, snapshot);
      cancelTimer();
      timer = setTimeout(() => flush(), deps.delayMs ?? PROGRESS_DEBOUNCE_MS);
    },
    flush,
    clear() {
      cancelTimer();
      pending = null;
      forgetLocalProgress();
      const license = sentLicense;
      sentLicense = null;
      if (license !== null && deps.discard !== undefined) {
        const { discard } = deps;
        void sent.then(() => discard(license)).catch(() => {});
      }
    },
    stop() {
      flush();
    },
  };
}

/**
 * Issue 21 point 5: resuming, checked on every reachable state of a flow (a generated test, not a hand list). For
 * each distinct state the model reaches (xstate/graph shortest paths over the model's own events and answers):
 *
 * 1. the persisted snapshot (`getPersistedSnapshot`) restored into a new actor (`createActor(machine, { snapshot })`)
 *    rehydrates to the same state value and the same connect-module view (the same screen);
 * 2. what the site would save of it (src/session/progress.ts `savableSnapshot`) carries no password, token, card or
 *    provider-secret key at any depth, survives JSON, still fits the machine (`fitsMachine`), and resumes at the same
 *    step with the same choices as the unstripped snapshot, read by the flow's declaration (src/machines/
 *    <flow>.persist.ts);
 * 3. the states read back are at steps the declaration names, some are (a renamed field or state would read
 *    nothing back and fail here), and the declaration's version covers the same machines as the check's.
 */
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, Snapshot } from 'xstate';
import { createActor } from 'xstate';
import { loginProgress } from '../src/machines/login.persist';
import { paymentProgress } from '../src/machines/payment.persist';
import { registerProgress } from '../src/machines/register.persist';
import {
  type FlowProgress,
  isSecretKey,
  machineVersion,
  type ProgressFlow,
  type ResumePoint,
  resumePointFrom,
  savableSnapshot,
  stepKeyOf,
} from '../src/session/progress';
import { fitsMachine } from '../src/session/progress-restore';
import { generatePaths, type Model } from './harness/index.ts';

/** Each flow's declaration of what it saves (src/machines/<flow>.persist.ts). */
const DECLARED: Readonly<Record<ProgressFlow, FlowProgress<ResumePoint, unknown>>> = {
  register: registerProgress,
  login: loginProgress,
  payment: paymentProgress,
};

/** Every key, at any depth, of a JSON value. */
export function keysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...keysIn(item)]);
}

/** One snapshot per distinct state the model reaches, over all its inputs, with the path that reached it. */
export function reachableSnapshots(model: Model): Array<[string, AnyMachineSnapshot]> {
  const seen = new Set<string>();
  const states: Array<[string, AnyMachineSnapshot]> = [];
  for (const path of generatePaths(model, { strategy: 'shortest' })) {
    const last = path.steps.at(-1)?.state;
    if (last === undefined) continue;
    const key = `${path.input.name}|${model.serialize(last)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    states.push([path.title, last]);
  }
  return states;
}

/**
 * `actor.getPersistedSnapshot()` for a graph node. The graph is walked without starting actors, so a child machine's
 * snapshot lives in a stand-in ref whose `getSnapshot()` answers it (harness/model.ts); its persisted form is taken
 * from that snapshot, as a running child's `getPersistedSnapshot()` would give it.
 */
export function persistedOf(snapshot: AnyMachineSnapshot): Record<string, unknown> {
  const persisted: Record<string, unknown> = { ...snapshot.machine.getPersistedSnapshot(snapshot) };
  const children: Record<string, unknown> = {};
  for (const [id, ref] of Object.entries(snapshot.children as Record<string, AnyActorRef | undefined>)) {
    const childPersisted = (persisted.children as Record<string, Record<string, unknown>> | undefined)?.[id];
    if (ref === undefined || childPersisted === undefined) continue;
    const child: unknown = ref.getSnapshot();
    children[id] = isMachineSnapshot(child) ? { ...childPersisted, snapshot: persistedOf(child) } : childPersisted;
  }
  return { ...persisted, children };
}

function isMachineSnapshot(value: unknown): value is AnyMachineSnapshot {
  return typeof value === 'object' && value !== null && 'machine' in value && 'value' in value;
}

export interface RestoreCheck {
  flow: ProgressFlow;
  model: Model;
  /** The machine the page restores into (as /payment provides it); its version is this machine's. */
  machine: AnyStateMachine;
  /** Child machines whose snapshots the flow's snapshot carries (the version covers them too). */
  versionOf?: readonly AnyStateMachine[];
  /** The flow's connect-module view of a snapshot: what the screen renders (actor refs replaced by their views). */
  view: (snapshot: AnyMachineSnapshot) => unknown;
}

export function describeRestoring({ flow, model, machine, versionOf = [machine], view }: RestoreCheck): void {
  const version = machineVersion(...versionOf);
  const progress = DECLARED[flow];
  describe(`${flow}: every reachable state restores from its persisted snapshot (issue 21)`, () => {
    const states = reachableSnapshots(model);

    it('reaches states to check', () => {
      expect(states.length).toBeGreaterThan(5);
    });

    // Issue 30 point 3: a context field or state renamed without its declaration's reader would read nothing back
    // (each declared step is round-tripped from the real machine in src/machines/<flow>.persist.test.ts).
    it('is saved at declared steps only, and some reachable state is read back', async () => {
      const steps = new Set(
        states.flatMap(([, snapshot]) => resumePointFrom(progress, savableSnapshot(persistedOf(snapshot)))?.step ?? []),
      );
      expect(steps.size).toBeGreaterThan(0);
      expect(progress.steps).toEqual(expect.arrayContaining([...steps]));
      // With the children whose code loads lazily (login's and register's athlete steps).
      const machines = await progress.loadVersionOf();
      expect(machines.map((machine) => machine.id)).toEqual(versionOf.map((machine) => machine.id));
    });

    it.each(states)('%s', (_title, snapshot) => {
      const persisted = persistedOf(snapshot);
      const restored = createActor(snapshot.machine, { snapshot: persisted as Snapshot<unknown> }).getSnapshot();
      expect(restored.status).toBe(snapshot.status);
      expect(restored.value).toEqual(snapshot.value);
      expect(view(restored)).toEqual(view(snapshot));

      const saved = savableSnapshot(persisted);
      const keys = keysIn(saved);
      // One list with the server's refusal (src/domain/secret-keys.ts).
      expect(keys.filter((key) => isSecretKey(key))).toEqual([]);
      expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
      const point = resumePointFrom(progress, saved);
      expect(point).toEqual(resumePointFrom(progress, persisted));
      if (point !== null) {
        expect(
          fitsMachine(machine, version, {
            ...point,
            machine_version: version,
            step: stepKeyOf(point),
            snapshot: saved,
          }),
        ).toBe(true);
      }
    });
  });
}

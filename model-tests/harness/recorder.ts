import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode, InspectionEvent } from 'xstate';
import { shortStateId, type TransitionEntry, transitionIndex } from './catalog.ts';
import { describeEvent } from './model.ts';

/**
 * Observes one actor through its `inspect` hook and records what really happened: every event the root machine
 * received, every transition it took (per microstep, so eventless `always` hops count) and every state node that
 * was active. Coverage is built from these records, never from what a test claims. Child machines that run for
 * real (ModelConfig.children) are observed too, for the step checks and the story, but never counted in coverage.
 */

interface Microstep {
  event: AnyEventObject;
  transitions: TransitionEntry[];
}

function isMachineSnapshot(snapshot: unknown): snapshot is AnyMachineSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && '_nodes' in snapshot && 'machine' in snapshot;
}

function isMachineLogic(logic: unknown): boolean {
  return typeof logic === 'object' && logic !== null && 'getStateNodeById' in logic;
}

function withAncestors(node: AnyStateNode): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) nodes.push(current);
  return nodes;
}

export class RunRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly received: AnyEventObject[] = [];
  readonly microsteps: Microstep[] = [];

  constructor(private readonly machineId: string) {}

  readonly inspect = (event: InspectionEvent): void => {
    const root = event.actorRef.sessionId === event.rootId;
    // Stubbed actors (promises) are not part of any graph; child machines that run for real are.
    if (!root && !isMachineLogic((event.actorRef as { logic?: unknown }).logic)) return;
    if (event.type === '@xstate.event') {
      this.received.push(event.event);
      return;
    }
    if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return;
    const snapshot = event.snapshot;
    if (!isMachineSnapshot(snapshot)) return;
    if (root) this.addNodes(snapshot._nodes);
    if (event.type === '@xstate.microstep') {
      const index = transitionIndex(snapshot.machine);
      const taken = event._transitions.flatMap((definition) => {
        const entry = index.get(definition);
        if (root) {
          // A transition is taken from an active state: it counts even when an `always` hop left it in the same step.
          this.addNodes(withAncestors(definition.source));
          for (const target of definition.target ?? []) if (target.type === 'history') this.states.add(target.id);
        }
        return entry ? [entry] : [];
      });
      if (root) for (const entry of taken) this.transitions.add(entry.id);
      this.microsteps.push({ event: event.event, transitions: taken });
    }
  };

  private addNodes(nodes: readonly AnyStateNode[]): void {
    for (const node of nodes) if (node.parent) this.states.add(node.id);
  }

  /** A bookmark for `receivedSince` / `takenSince`. */
  mark(): { received: number; microsteps: number } {
    return { received: this.received.length, microsteps: this.microsteps.length };
  }

  receivedSince(mark: { received: number }): AnyEventObject[] {
    return this.received.slice(mark.received);
  }

  takenSince(mark: { microsteps: number }): TransitionEntry[] {
    return this.microsteps.slice(mark.microsteps).flatMap((step) => step.transitions);
  }

  /** The transitions of one step in words: `guardianLogin → loggingIn if isValid (not isLocked)`. */
  describeTaken(entries: readonly TransitionEntry[]): string {
    if (!entries.length) return 'no transition';
    return entries
      .map((entry) => {
        const from = shortStateId(this.machineId, entry.source);
        const to = entry.targets.length
          ? entry.targets.map((target) => shortStateId(this.machineId, target)).join(', ')
          : `${from} (stays)`;
        const via = entry.kind === 'always' ? 'always: ' : '';
        const branch = entry.guard ? ` if ${entry.guard}` : '';
        const skipped = entry.skippedGuards.length ? ` (not ${entry.skippedGuards.join(', not ')})` : '';
        return `${via}${from} → ${to}${branch}${skipped}`;
      })
      .join('; ');
  }

  describeStep(event: AnyEventObject, entries: readonly TransitionEntry[]): string {
    return `${describeEvent(event)}: ${this.describeTaken(entries)}`;
  }
}

import type { InspectionEvent } from 'xstate';
import { config } from '../config';

/**
 * `createActor(machine, { inspect: flowInspector('login') })` (or `useActorRef(machine, { inspect })`): posts each
 * snapshot of the flow's own actor, and of the child machines it invokes (each under its own flow), to the
 * BroadcastChannel 'diamond-flows', where the /flows page in another tab
 * highlights the current state and lists the events. Tiny on purpose (every route imports it): no xstate runtime,
 * no elkjs. Only event types and state values leave the actor, never payloads (which hold passwords and card
 * data). Posts nothing where the /flows page does not exist (production, or VITE_SHOW_FLOWS off) or BroadcastChannel
 * is missing. With `?inspect` in the URL (remembered for the tab) it
 * also feeds the Stately inspector, loaded on demand (src/flows/stately-inspect.ts).
 */

export const FLOWS_CHANNEL = 'diamond-flows';

export interface FlowSnapshotMessage {
  kind: 'diamond-flows/snapshot';
  flow: string;
  machineId: string;
  /** The actor's session: a new actor (page reload, new visit) starts a new history. */
  sessionId: string;
  /** Type of the event that produced this snapshot (`xstate.init` first). */
  event: string;
  value: unknown;
  status: string;
  at: number;
}

type Inspect = (event: InspectionEvent) => void;

let channel: BroadcastChannel | null | undefined;
let stately: Promise<Inspect | null> | undefined;

function statelyRequested(): boolean {
  try {
    const flag = new URLSearchParams(location.search).get('inspect');
    if (flag !== null) sessionStorage.setItem('diamond.inspect', flag === '0' ? '' : '1');
    return sessionStorage.getItem('diamond.inspect') === '1';
  } catch {
    return false;
  }
}

/** `athleteSteps` → `athlete-steps`: machine ids are their file's flow name in camel case. */
function flowOfMachine(machineId: string): string {
  return machineId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function flowInspector(flow: string): Inspect {
  if (channel === undefined) {
    const listened = config.showFlows && !config.production && typeof BroadcastChannel === 'function';
    channel = listened ? new BroadcastChannel(FLOWS_CHANNEL) : null;
  }
  if (stately === undefined && statelyRequested()) {
    stately = import('./stately-inspect.ts').then((module) => module.connectStatelyInspector());
  }
  const relay = stately;
  return (event) => {
    relay?.then((inspect) => inspect?.(event));
    if (!channel || event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as { value?: unknown; status?: string; machine?: { id?: string } };
    const root = event.actorRef.sessionId === event.rootId;
    // A child machine (the athlete steps inside login or register) reports as the flow of its own file; the calls
    // it invokes (promises, no machine) do not report.
    const childMachineId = root ? undefined : snapshot.machine?.id;
    if (!root && childMachineId === undefined) return;
    const message: FlowSnapshotMessage = {
      kind: 'diamond-flows/snapshot',
      flow: childMachineId === undefined ? flow : flowOfMachine(childMachineId),
      machineId: snapshot.machine?.id ?? flow,
      sessionId: root ? event.rootId : event.actorRef.sessionId,
      event: event.event.type,
      value: snapshot.value,
      status: snapshot.status ?? 'active',
      at: Date.now(),
    };
    try {
      channel.postMessage(message);
    } catch {
      // A value that cannot be cloned must never break the flow itself.
    }
  };
}

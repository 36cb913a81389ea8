import type { InspectionEvent } from 'xstate';
import { config } from '../config';

/**
 * `createActor(machine, { inspect: flowInspector('login') })` (or `useActorRef(machine, { inspect })`): posts each
 * snapshot of the flow's own actor to the BroadcastChannel 'diamond-flows', where the /flows page in another tab
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
    if (!channel || event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
    const snapshot = event.snapshot as { value?: unknown; status?: string; machine?: { id?: string } };
    const message: FlowSnapshotMessage = {
      kind: 'diamond-flows/snapshot',
      flow,
      machineId: snapshot.machine?.id ?? flow,
      sessionId: event.rootId,
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

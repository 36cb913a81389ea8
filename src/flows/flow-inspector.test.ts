import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { shopMachine } from '../../model-tests/harness-selftest/machines/shop.machine.ts';
import { wizardMachine } from '../../model-tests/harness-selftest/machines/wizard.machine.ts';
import type { FlowSnapshotMessage } from './flow-inspector.ts';

// The inspector keeps one channel per page in module state: each test gets a fresh copy of the module.
async function freshInspector() {
  vi.resetModules();
  return import('./flow-inspector.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe('flowInspector', () => {
  it("posts the flow's snapshots (event type and state value, no payload) to the diamond-flows channel", async () => {
    const { flowInspector, FLOWS_CHANNEL } = await freshInspector();
    const listener = new BroadcastChannel(FLOWS_CHANNEL);
    const received: FlowSnapshotMessage[] = [];
    listener.onmessage = (message: MessageEvent<FlowSnapshotMessage>) => received.push(message.data);
    const actor = createActor(wizardMachine, { inspect: flowInspector('wizard') }).start();
    actor.send({ type: 'NEXT', age: 12 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE', plan: 'free' });
    await vi.waitFor(() => expect(received).toHaveLength(4));
    listener.close();
    expect(received.map(({ event, value, status }) => ({ event, value, status }))).toEqual([
      { event: 'xstate.init', value: 'account', status: 'active' },
      { event: 'NEXT', value: 'guardian', status: 'active' },
      { event: 'NEXT', value: 'plan', status: 'active' },
      { event: 'CHOOSE', value: 'done', status: 'done' },
    ]);
    expect(new Set(received.map((message) => message.sessionId)).size).toBe(1);
    expect(received[0]).toMatchObject({ kind: 'diamond-flows/snapshot', flow: 'wizard', machineId: 'wizard' });
    // The age typed into the form stays in the tab that owns it: a message holds these fields and nothing else.
    for (const data of received) {
      expect(Object.keys(data).sort()).toEqual([
        'at',
        'event',
        'flow',
        'kind',
        'machineId',
        'sessionId',
        'status',
        'value',
      ]);
    }
    expect(JSON.stringify(received)).not.toContain('age');
  });

  it('posts the snapshots of an invoked child machine under its own flow, not those of invoked calls', async () => {
    const { flowInspector, FLOWS_CHANNEL } = await freshInspector();
    const listener = new BroadcastChannel(FLOWS_CHANNEL);
    const received: FlowSnapshotMessage[] = [];
    listener.onmessage = (message: MessageEvent<FlowSnapshotMessage>) => received.push(message.data);
    const actor = createActor(shopMachine, { inspect: flowInspector('shop') }).start();
    actor.send({ type: 'NEXT' });
    actor.getSnapshot().children.plan?.send({ type: 'PICK', plan: 'gold' });
    // The price (a call) answers at once; it is not a machine and posts nothing of its own.
    await vi.waitFor(() => expect(received.some((message) => message.value === 'paid')).toBe(true));
    listener.close();
    const child = received.filter((message) => message.flow === 'pick-plan');
    expect(child.map(({ machineId, value }) => ({ machineId, value }))).toEqual([
      { machineId: 'pickPlan', value: 'choosing' },
      { machineId: 'pickPlan', value: 'pricing' },
      { machineId: 'pickPlan', value: 'picked' },
    ]);
    expect(child[0]?.sessionId).not.toBe(received[0]?.sessionId);
    expect(new Set(received.map((message) => message.flow))).toEqual(new Set(['shop', 'pick-plan']));
  });

  it('posts nothing in a production build, where no /flows page listens', async () => {
    const listener = new BroadcastChannel('diamond-flows');
    const received: Array<{ flow?: string }> = [];
    listener.onmessage = (message: MessageEvent) => received.push(message.data);
    vi.doMock('../config', () => ({ config: { showFlows: true, production: true } }));
    const production = await freshInspector();
    createActor(wizardMachine, { inspect: production.flowInspector('quiet') }).start();
    vi.doUnmock('../config');
    // An inspector of a build that shows flows proves the listener hears whatever is posted.
    const development = await freshInspector();
    createActor(wizardMachine, { inspect: development.flowInspector('loud') }).start();
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0));
    listener.close();
    expect(received.map((data) => data.flow)).toEqual(['loud']);
  });

  it('does nothing, and breaks nothing, where BroadcastChannel is missing', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const { flowInspector } = await freshInspector();
    const actor = createActor(wizardMachine, { inspect: flowInspector('wizard') }).start();
    actor.send({ type: 'NEXT', age: 30 });
    expect(actor.getSnapshot().value).toBe('plan');
  });

  it('with ?inspect, remembers the choice for the tab and feeds the Stately inspector', async () => {
    window.history.replaceState(null, '', '/login?inspect');
    const received: string[] = [];
    const connect = vi.fn(async () => (event: { type: string }) => {
      received.push(event.type);
    });
    vi.doMock('./stately-inspect.ts', () => ({ connectStatelyInspector: connect }));
    const { flowInspector } = await freshInspector();
    const actor = createActor(wizardMachine, { inspect: flowInspector('wizard') }).start();
    await vi.waitFor(() => expect(connect).toHaveBeenCalled());
    actor.send({ type: 'NEXT', age: 30 });
    expect(sessionStorage.getItem('diamond.inspect')).toBe('1');
    await vi.waitFor(() => expect(received).toContain('@xstate.event'));
    expect(actor.getSnapshot().value).toBe('plan');
    vi.doUnmock('./stately-inspect.ts');
  });

  it('?inspect=0 switches the Stately inspector off again', async () => {
    sessionStorage.setItem('diamond.inspect', '1');
    window.history.replaceState(null, '', '/login?inspect=0');
    const connect = vi.fn(async () => null);
    vi.doMock('./stately-inspect.ts', () => ({ connectStatelyInspector: connect }));
    const { flowInspector } = await freshInspector();
    createActor(wizardMachine, { inspect: flowInspector('wizard') }).start();
    // Let a (wrongly) started dynamic import of the mocked module settle before looking.
    await import('./stately-inspect.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sessionStorage.getItem('diamond.inspect')).toBe('');
    expect(connect).not.toHaveBeenCalled();
    vi.doUnmock('./stately-inspect.ts');
  });
});

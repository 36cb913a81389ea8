import { describe, expect, it } from 'vitest';
import { selfTestMachines } from '../../model-tests/harness-selftest/machines/flows-fixtures.ts';
import type { FlowSnapshotMessage } from './flow-inspector.ts';
import {
  activeStatePaths,
  emptyLiveState,
  HISTORY_LIMIT,
  isFlowMessage,
  liveReducer,
  liveStatus,
  stateValueText,
} from './live-flows.ts';
import { catalogMachine } from './machine-catalog.ts';

const message = (event: string, value: unknown, extra: Partial<FlowSnapshotMessage> = {}): FlowSnapshotMessage => ({
  kind: 'diamond-flows/snapshot',
  flow: 'wizard',
  machineId: 'wizard',
  sessionId: 's1',
  event,
  value,
  status: 'active',
  at: 1,
  ...extra,
});

describe('live view of flows in other tabs', () => {
  it('accepts only the messages flowInspector posts', () => {
    expect(isFlowMessage(message('NEXT', 'plan'))).toBe(true);
    expect(isFlowMessage({ kind: 'diamond-flows/snapshot', flow: 'x' })).toBe(false);
    expect(isFlowMessage('hello')).toBe(false);
    expect(isFlowMessage(null)).toBe(false);
  });

  it('keeps the history, the current and previous snapshot per flow, and the flow that moved last', () => {
    let state = liveReducer(emptyLiveState, message('xstate.init', 'account'));
    state = liveReducer(state, message('NEXT', 'plan'));
    state = liveReducer(
      state,
      message('xstate.init', 'inactive', { flow: 'toggle', machineId: 'toggle', sessionId: 's2' }),
    );
    expect(state.history.map((entry) => `${entry.flow}:${entry.event}`)).toEqual([
      'wizard:xstate.init',
      'wizard:NEXT',
      'toggle:xstate.init',
    ]);
    expect(state.lastActiveFlow).toBe('toggle');
    expect(state.flows.wizard?.current.value).toBe('plan');
    expect(state.flows.wizard?.previous?.value).toBe('account');
    expect(state.flows.toggle?.previous).toBeNull();
  });

  it('starts a flow over when a new actor (reload) reports, and keeps at most HISTORY_LIMIT events', () => {
    let state = liveReducer(emptyLiveState, message('xstate.init', 'account'));
    state = liveReducer(state, message('xstate.init', 'account', { sessionId: 's9' }));
    expect(state.flows.wizard?.previous).toBeNull();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) state = liveReducer(state, message('BACK', 'account'));
    expect(state.history).toHaveLength(HISTORY_LIMIT);
    expect(state.history.at(-1)?.seq).toBe(HISTORY_LIMIT + 7);
  });

  it('reads nested and parallel state values', () => {
    expect(activeStatePaths({ guardianLogin: { form: 'idle' } })).toEqual([
      'guardianLogin',
      'guardianLogin.form',
      'guardianLogin.form.idle',
    ]);
    expect(stateValueText({ guardianLogin: { form: 'idle' } })).toBe('guardianLogin.form.idle');
    expect(stateValueText({ both: { left: 'on', right: 'waiting' } })).toBe('{both.left.on, both.right.waiting}');
  });

  it('highlights the active states and the transition that explains the last step', () => {
    const catalog = catalogMachine(selfTestMachines.wizard);
    let state = liveReducer(emptyLiveState, message('xstate.init', 'account'));
    state = liveReducer(state, message('NEXT', 'guardian'));
    const { stateStatus, transitionStatus } = liveStatus(catalog, state.flows.wizard);
    expect(stateStatus).toEqual({ 'wizard.guardian': 'active' });
    // NEXT from account has two branches; only the one into the state now active was taken.
    expect(transitionStatus).toEqual({ 'wizard.account --NEXT[isMinor]--> wizard.guardian': 'taken' });
  });

  it('includes the eventless hop through a routing state', () => {
    const catalog = catalogMachine(selfTestMachines.accountLookup);
    let state = liveReducer(emptyLiveState, message('LOOKUP', 'checking', { flow: 'a', machineId: 'accountLookup' }));
    state = liveReducer(
      state,
      message('xstate.done.actor.account', 'licensed', { flow: 'a', machineId: 'accountLookup', status: 'done' }),
    );
    expect(Object.keys(liveStatus(catalog, state.flows.a).transitionStatus).sort()).toEqual([
      'accountLookup.checking --xstate.done.actor.account--> accountLookup.routing',
      'accountLookup.routing --always[hasLicence]--> accountLookup.licensed',
    ]);
  });
});

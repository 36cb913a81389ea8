import { useEffect, useReducer } from 'react';
import { FLOWS_CHANNEL } from '../../flows/flow-inspector.ts';
import { emptyLiveState, isFlowMessage, type LiveState, liveReducer } from '../../flows/live-flows.ts';

/** Listens on the 'diamond-flows' BroadcastChannel for the snapshots flowInspector posts from other tabs. */
export function useLiveFlows(): { live: LiveState; supported: boolean } {
  const [live, dispatch] = useReducer(liveReducer, emptyLiveState);
  const supported = typeof BroadcastChannel === 'function';
  useEffect(() => {
    if (!supported) return;
    const channel = new BroadcastChannel(FLOWS_CHANNEL);
    channel.onmessage = (message: MessageEvent<unknown>) => {
      if (isFlowMessage(message.data)) dispatch(message.data);
    };
    return () => channel.close();
  }, [supported]);
  return { live, supported };
}

/**
 * The payment machine's draft channel for /draft (given with paymentMachine.provide in the route): subscribes to
 * `team.draft.{id}` and sends DRAFT_UPDATED on 'updated' (spec §4, §7). pusher-js itself loads lazily.
 */
import { fromCallback } from 'xstate';
import type { DraftChannelInput, DraftUpdated } from '../../machines/payment.machine';
import { subscribeToChannel } from './index';

export const draftChannelActor = fromCallback<DraftUpdated, DraftChannelInput>(({ input, sendBack }) => {
  const subscription = subscribeToChannel(`team.draft.${input.draftId}`, 'updated', () =>
    sendBack({ type: 'DRAFT_UPDATED' }),
  );
  return () => subscription.unsubscribe();
});

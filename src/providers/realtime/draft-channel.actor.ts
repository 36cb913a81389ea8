/**
 * The payment machine's draft channel for /draft (given with paymentMachine.provide in the route): subscribes to
 * `team.draft.{id}` and sends DRAFT_UPDATED on 'updated' (spec §4, §7). pusher-js itself loads lazily.
 *
 * The provider owns its input and event types; the machine imports them (layers point down: machines → providers).
 */
import { fromCallback } from 'xstate';
import { subscribeToChannel } from './index';

/** The event the draft channel sends when staff saved the draft (§4: the preview reloads). */
export interface DraftUpdated {
  type: 'DRAFT_UPDATED';
}

/** The draft whose channel to follow (§7: public channel team.draft.{draft_id}). */
export interface DraftChannelInput {
  draftId: number;
}

/** The draft channel over a given subscribe function (tests pass their own; the page uses pusher-js's). */
export function createDraftChannelActor(subscribe: typeof subscribeToChannel = subscribeToChannel) {
  return fromCallback<DraftUpdated, DraftChannelInput>(({ input, sendBack }) => {
    const subscription = subscribe(`team.draft.${input.draftId}`, 'updated', () => sendBack({ type: 'DRAFT_UPDATED' }));
    return () => subscription.unsubscribe();
  });
}

export const draftChannelActor = createDraftChannelActor();

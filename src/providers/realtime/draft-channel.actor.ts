/**
 * The payment machine's draft channel for /draft (given with paymentMachine.provide in the route): subscribes to
 * `team.draft.{id}` and sends DRAFT_UPDATED on 'updated' (spec §4, §7), and DRAFT_FOLLOWED each time the subscription
 * succeeds. pusher-js itself loads lazily.
 *
 * The provider owns its input and event types; the machine imports them (layers point down: machines → providers).
 */
import { fromCallback } from 'xstate';
import { subscribeToChannel } from './index';

/** The event the draft channel sends when staff saved the draft (§4: the preview reloads). */
export interface DraftUpdated {
  type: 'DRAFT_UPDATED';
}

/**
 * The channel is followed from now on (subscribed, or subscribed again after a reconnect): a save made before then
 * reached nobody, so the preview asks for the plans once more (issue 14: /draft opens with the server's data).
 */
export interface DraftFollowed {
  type: 'DRAFT_FOLLOWED';
}

export type DraftChannelEvent = DraftUpdated | DraftFollowed;

/** The draft whose channel to follow (§7: public channel team.draft.{draft_id}). */
export interface DraftChannelInput {
  draftId: number;
}

/** The draft channel over a given subscribe function (tests pass their own; the page uses pusher-js's). */
export function createDraftChannelActor(subscribe: typeof subscribeToChannel = subscribeToChannel) {
  return fromCallback<DraftChannelEvent, DraftChannelInput>(({ input, sendBack }) => {
    const subscription = subscribe(
      `team.draft.${input.draftId}`,
      'updated',
      () => sendBack({ type: 'DRAFT_UPDATED' }),
      {
        onSubscribed: () => sendBack({ type: 'DRAFT_FOLLOWED' }),
      },
    );
    return () => subscription.unsubscribe();
  });
}

export const draftChannelActor = createDraftChannelActor();
